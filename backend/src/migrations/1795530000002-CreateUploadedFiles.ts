import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateUploadedFiles1795530000002 implements MigrationInterface {
  name = 'CreateUploadedFiles1795530000002';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "file" (
                "id" SERIAL NOT NULL,
                "kind" character varying(16) NOT NULL,
                "name" character varying(48) NOT NULL,
                "original_name" character varying(255) NOT NULL DEFAULT '',
                "size" integer NOT NULL,
                "uid" character varying(32) NOT NULL,
                "username" character varying(100) NOT NULL,
                "gmt_create" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "UQ_df16ff3255e6dfc777b086949b7" UNIQUE ("name"),
                CONSTRAINT "PK_36b46d232307066b3a2c9ea3a1d" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_file_kind_created" ON "file" ("kind", "gmt_create")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "public"."idx_file_kind_created"
        `);
    await queryRunner.query(`
            DROP TABLE "file"
        `);
  }
}
