import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateAuthAndRoleAuth1795530000000 implements MigrationInterface {
  name = 'CreateAuthAndRoleAuth1795530000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "auth" (
                "id" SERIAL NOT NULL,
                "name" character varying(100) NOT NULL,
                "permission" character varying(64) NOT NULL,
                "status" smallint NOT NULL DEFAULT '0',
                "gmt_create" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "gmt_modified" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "UQ_2041eaf06be871664c4e0b61552" UNIQUE ("permission"),
                CONSTRAINT "PK_7e416cf6172bc5aec04244f6459" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "role_auth" (
                "id" SERIAL NOT NULL,
                "role_id" integer NOT NULL,
                "auth_id" integer NOT NULL,
                "gmt_create" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_5906d4cd28979ddcbe27aa8f9f9" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_role_auth_auth" ON "role_auth" ("auth_id")
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_role_auth_role_auth" ON "role_auth" ("role_id", "auth_id")
        `);
    await queryRunner.query(`
            ALTER TABLE "role_auth"
            ADD CONSTRAINT "FK_9e4be4f69e3cd7390336686be0f" FOREIGN KEY ("role_id") REFERENCES "role"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "role_auth"
            ADD CONSTRAINT "FK_5f30e348ec703c557f1256f333a" FOREIGN KEY ("auth_id") REFERENCES "auth"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "role_auth" DROP CONSTRAINT "FK_5f30e348ec703c557f1256f333a"
        `);
    await queryRunner.query(`
            ALTER TABLE "role_auth" DROP CONSTRAINT "FK_9e4be4f69e3cd7390336686be0f"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."uq_role_auth_role_auth"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."idx_role_auth_auth"
        `);
    await queryRunner.query(`
            DROP TABLE "role_auth"
        `);
    await queryRunner.query(`
            DROP TABLE "auth"
        `);
  }
}
