import { MigrationInterface, QueryRunner } from 'typeorm';

/** Groups and their members (issue 17): `group_info` and `group_member`. */
export class CreateGroupTables1795550000000 implements MigrationInterface {
  name = 'CreateGroupTables1795550000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "group_info" (
                "id" SERIAL NOT NULL,
                "avatar" character varying(255),
                "name" character varying(25) NOT NULL,
                "short_name" character varying(10) NOT NULL,
                "brief" character varying(50) NOT NULL,
                "description" text NOT NULL,
                "owner" character varying(100) NOT NULL,
                "uid" character varying(32) NOT NULL,
                "auth" smallint NOT NULL,
                "visible" boolean NOT NULL DEFAULT true,
                "status" smallint NOT NULL DEFAULT '0',
                "code" character varying(6),
                "member_count" integer NOT NULL DEFAULT '1',
                "gmt_create" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "gmt_modified" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_group_info" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_group_name" ON "group_info" ("name")
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_group_short_name" ON "group_info" ("short_name")
        `);
    await queryRunner.query(`
            CREATE INDEX "ix_group_list" ON "group_info" ("status", "visible", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "ix_group_owner" ON "group_info" ("uid")
        `);
    await queryRunner.query(`
            CREATE TABLE "group_member" (
                "id" SERIAL NOT NULL,
                "gid" integer NOT NULL,
                "uid" character varying(32) NOT NULL,
                "auth" smallint NOT NULL,
                "reason" character varying(100),
                "gmt_create" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "gmt_modified" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_group_member" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_group_member" ON "group_member" ("gid", "uid")
        `);
    await queryRunner.query(`
            CREATE INDEX "ix_group_member_uid" ON "group_member" ("uid", "auth")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_group_member_uid"`);
    await queryRunner.query(`DROP INDEX "public"."uq_group_member"`);
    await queryRunner.query(`DROP TABLE "group_member"`);
    await queryRunner.query(`DROP INDEX "public"."ix_group_owner"`);
    await queryRunner.query(`DROP INDEX "public"."ix_group_list"`);
    await queryRunner.query(`DROP INDEX "public"."uq_group_short_name"`);
    await queryRunner.query(`DROP INDEX "public"."uq_group_name"`);
    await queryRunner.query(`DROP TABLE "group_info"`);
  }
}
