import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateAccountsAndSiteConfig1795306333378 implements MigrationInterface {
  name = 'CreateAccountsAndSiteConfig1795306333378';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "site_config" (
                "key" character varying(50) NOT NULL,
                "value" jsonb NOT NULL,
                "gmt_modified" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_2bbe726c0ac935a84e78f7e33ec" PRIMARY KEY ("key")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "user_info" (
                "uid" character varying(32) NOT NULL,
                "username" character varying(100) NOT NULL,
                "password" character varying(255) NOT NULL,
                "email" character varying(320),
                "realname" character varying(100),
                "gender" character varying(10) NOT NULL DEFAULT 'secrecy',
                "nickname" character varying(100),
                "school" character varying(100),
                "course" character varying(100),
                "number" character varying(100),
                "blog" character varying(255),
                "github" character varying(255),
                "cf_username" character varying(100),
                "avatar" character varying(500),
                "signature" character varying(1000),
                "mobile" character varying(30),
                "title_name" character varying(100),
                "title_color" character varying(30),
                "status" smallint NOT NULL DEFAULT '0',
                "token_version" integer NOT NULL DEFAULT '0',
                "last_login_time" TIMESTAMP WITH TIME ZONE,
                "last_login_ip" character varying(64),
                "gmt_create" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "gmt_modified" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_e602b855e89e778045ea357d831" PRIMARY KEY ("uid")
            )
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_user_info_username" ON "user_info" ("username")
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_user_info_email" ON "user_info" ("email")
        `);
    await queryRunner.query(`
            CREATE TABLE "role" (
                "id" integer NOT NULL,
                "role" character varying(50) NOT NULL,
                "description" character varying(100) NOT NULL,
                "status" smallint NOT NULL DEFAULT '0',
                CONSTRAINT "UQ_367aad98203bd8afaed0d704093" UNIQUE ("role"),
                CONSTRAINT "PK_b36bcfe02fc8de3c57a8b2391c2" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "user_role" (
                "id" SERIAL NOT NULL,
                "uid" character varying(32) NOT NULL,
                "role_id" integer NOT NULL,
                "gmt_create" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "gmt_modified" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_fb2e442d14add3cefbdf33c4561" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_user_role_uid" ON "user_role" ("uid")
        `);
    await queryRunner.query(`
            CREATE TABLE "admin_sys_notice" (
                "id" SERIAL NOT NULL,
                "title" character varying(255) NOT NULL,
                "content" text NOT NULL,
                "type" character varying(10) NOT NULL,
                "recipient_id" character varying(32),
                "state" boolean NOT NULL DEFAULT false,
                "admin_id" character varying(32),
                "gmt_create" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "gmt_modified" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_8c6b457c7e5ed828dd06b7411ca" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_admin_sys_notice_state" ON "admin_sys_notice" ("state")
        `);
    await queryRunner.query(`
            CREATE TABLE "user_sys_notice" (
                "id" SERIAL NOT NULL,
                "sys_notice_id" integer NOT NULL,
                "recipient_id" character varying(32) NOT NULL,
                "type" character varying(10) NOT NULL DEFAULT 'Sys',
                "state" boolean NOT NULL DEFAULT false,
                "gmt_create" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_1a9d631059b6b13122c67aaffb0" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_user_sys_notice_recipient" ON "user_sys_notice" ("recipient_id", "state")
        `);
    await queryRunner.query(`
            CREATE TABLE "announcement" (
                "id" SERIAL NOT NULL,
                "title" character varying(255) NOT NULL,
                "content" text NOT NULL,
                "status" smallint NOT NULL DEFAULT '0',
                "uid" character varying(32),
                "gmt_create" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "gmt_modified" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_e0ef0550174fd1099a308fd18a0" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_announcement_status" ON "announcement" ("status")
        `);
    await queryRunner.query(`
            ALTER TABLE "user_role"
            ADD CONSTRAINT "FK_1a71176de53d9ead7dcb99624b4" FOREIGN KEY ("uid") REFERENCES "user_info"("uid") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "user_role"
            ADD CONSTRAINT "FK_32a6fc2fcb019d8e3a8ace0f55f" FOREIGN KEY ("role_id") REFERENCES "role"("id") ON DELETE NO ACTION ON UPDATE NO ACTION
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "user_role" DROP CONSTRAINT "FK_32a6fc2fcb019d8e3a8ace0f55f"
        `);
    await queryRunner.query(`
            ALTER TABLE "user_role" DROP CONSTRAINT "FK_1a71176de53d9ead7dcb99624b4"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."idx_announcement_status"
        `);
    await queryRunner.query(`
            DROP TABLE "announcement"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."idx_user_sys_notice_recipient"
        `);
    await queryRunner.query(`
            DROP TABLE "user_sys_notice"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."idx_admin_sys_notice_state"
        `);
    await queryRunner.query(`
            DROP TABLE "admin_sys_notice"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."uq_user_role_uid"
        `);
    await queryRunner.query(`
            DROP TABLE "user_role"
        `);
    await queryRunner.query(`
            DROP TABLE "role"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."uq_user_info_email"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."uq_user_info_username"
        `);
    await queryRunner.query(`
            DROP TABLE "user_info"
        `);
    await queryRunner.query(`
            DROP TABLE "site_config"
        `);
  }
}
