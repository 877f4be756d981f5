import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateDiscussionsAndMessageBoxes1795460584655 implements MigrationInterface {
  name = 'CreateDiscussionsAndMessageBoxes1795460584655';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "user_msg_unread" (
                "uid" character varying(32) NOT NULL,
                "comment" integer NOT NULL DEFAULT '0',
                "reply" integer NOT NULL DEFAULT '0',
                "like" integer NOT NULL DEFAULT '0',
                "sys" integer NOT NULL DEFAULT '0',
                "mine" integer NOT NULL DEFAULT '0',
                CONSTRAINT "PK_450a0b7328ab3ec9f95b2a9d348" PRIMARY KEY ("uid")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "msg_remind" (
                "id" SERIAL NOT NULL,
                "action" character varying(10) NOT NULL,
                "source_id" integer NOT NULL,
                "source_type" character varying(20) NOT NULL,
                "source_content" character varying(255),
                "quote_id" integer,
                "quote_type" character varying(10),
                "comment_id" integer,
                "reply_id" integer,
                "url" character varying(255),
                "recipient_id" character varying(32) NOT NULL,
                "sender_id" character varying(32) NOT NULL,
                "state" boolean NOT NULL DEFAULT false,
                "gmt_create" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "gmt_modified" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_77d90b871a3998116971fe0d621" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_msg_remind_reply" ON "msg_remind" ("reply_id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_msg_remind_comment" ON "msg_remind" ("comment_id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_msg_remind_source" ON "msg_remind" ("source_type", "source_id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_msg_remind_box" ON "msg_remind" ("recipient_id", "action", "state", "id")
        `);
    await queryRunner.query(`
            CREATE TABLE "reply" (
                "id" SERIAL NOT NULL,
                "comment_id" integer NOT NULL,
                "from_uid" character varying(32) NOT NULL,
                "from_name" character varying(100) NOT NULL,
                "from_avatar" character varying(500),
                "from_role" character varying(50) NOT NULL DEFAULT 'user',
                "to_uid" character varying(32) NOT NULL,
                "to_name" character varying(100) NOT NULL,
                "to_avatar" character varying(500),
                "content" text NOT NULL,
                "status" smallint NOT NULL DEFAULT '0',
                "gmt_create" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "gmt_modified" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_94fa9017051b40a71e000a2aff9" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_reply_comment" ON "reply" ("comment_id", "id")
        `);
    await queryRunner.query(`
            CREATE TABLE "discussion" (
                "id" SERIAL NOT NULL,
                "category_id" integer NOT NULL,
                "title" character varying(255) NOT NULL,
                "description" character varying(255) NOT NULL DEFAULT '',
                "content" text NOT NULL,
                "pid" character varying(255),
                "uid" character varying(32) NOT NULL,
                "author" character varying(100) NOT NULL,
                "avatar" character varying(500),
                "role" character varying(50) NOT NULL DEFAULT 'user',
                "view_num" integer NOT NULL DEFAULT '0',
                "like_num" integer NOT NULL DEFAULT '0',
                "comment_num" integer NOT NULL DEFAULT '0',
                "top_priority" boolean NOT NULL DEFAULT false,
                "status" smallint NOT NULL DEFAULT '0',
                "gid" bigint,
                "gmt_create" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "gmt_modified" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_b93169eb129e530c6a4c3b9fda1" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_discussion_uid" ON "discussion" ("uid", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_discussion_pid" ON "discussion" ("pid", "status", "top_priority", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_discussion_category" ON "discussion" ("category_id", "status", "top_priority", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_discussion_list" ON "discussion" ("status", "top_priority", "id")
        `);
    await queryRunner.query(`
            CREATE TABLE "discussion_report" (
                "id" SERIAL NOT NULL,
                "did" integer NOT NULL,
                "reporter" character varying(100) NOT NULL,
                "reporter_uid" character varying(32) NOT NULL,
                "content" character varying(1100) NOT NULL,
                "status" boolean NOT NULL DEFAULT false,
                "gmt_create" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "gmt_modified" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_311e7145e66c6f427fb2bd549ed" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_discussion_report_did" ON "discussion_report" ("did")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_discussion_report_status" ON "discussion_report" ("status", "id")
        `);
    await queryRunner.query(`
            CREATE TABLE "discussion_like" (
                "did" integer NOT NULL,
                "uid" character varying(32) NOT NULL,
                "gmt_create" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_a04bb68b37440e5cfa91624b7c7" PRIMARY KEY ("did", "uid")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_discussion_like_uid" ON "discussion_like" ("uid")
        `);
    await queryRunner.query(`
            CREATE TABLE "discussion_category" (
                "id" SERIAL NOT NULL,
                "name" character varying(50) NOT NULL,
                "gmt_create" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "gmt_modified" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_89902406b5ae4cb4d6b96fff23b" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "comment" (
                "id" SERIAL NOT NULL,
                "cid" integer,
                "did" integer,
                "content" text NOT NULL,
                "from_uid" character varying(32) NOT NULL,
                "from_name" character varying(100) NOT NULL,
                "from_avatar" character varying(500),
                "from_role" character varying(50) NOT NULL DEFAULT 'user',
                "like_num" integer NOT NULL DEFAULT '0',
                "status" smallint NOT NULL DEFAULT '0',
                "gmt_create" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "gmt_modified" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_0b0e4bbc8415ec426f87f3a88e2" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_comment_cid" ON "comment" ("cid", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_comment_did" ON "comment" ("did", "id")
        `);
    await queryRunner.query(`
            CREATE TABLE "comment_like" (
                "cid" integer NOT NULL,
                "uid" character varying(32) NOT NULL,
                "gmt_create" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_a67e82a6e1c9ccb83566b3320e5" PRIMARY KEY ("cid", "uid")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_comment_like_uid" ON "comment_like" ("uid")
        `);
    // Counters start from the unread system messages already delivered.
    await queryRunner.query(`
            INSERT INTO "user_msg_unread" ("uid", "sys", "mine")
            SELECT "recipient_id", COUNT(*) FILTER (WHERE "type" = 'Sys'), COUNT(*) FILTER (WHERE "type" = 'Mine')
            FROM "user_sys_notice" WHERE "state" = false GROUP BY "recipient_id"
        `);
    // Somewhere to post from the first start; admins rename or add more.
    await queryRunner.query(`INSERT INTO "discussion_category" ("name") VALUES ('General'), ('Solutions'), ('Questions')`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "public"."idx_comment_like_uid"
        `);
    await queryRunner.query(`
            DROP TABLE "comment_like"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."idx_comment_did"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."idx_comment_cid"
        `);
    await queryRunner.query(`
            DROP TABLE "comment"
        `);
    await queryRunner.query(`
            DROP TABLE "discussion_category"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."idx_discussion_like_uid"
        `);
    await queryRunner.query(`
            DROP TABLE "discussion_like"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."idx_discussion_report_status"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."idx_discussion_report_did"
        `);
    await queryRunner.query(`
            DROP TABLE "discussion_report"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."idx_discussion_list"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."idx_discussion_category"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."idx_discussion_pid"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."idx_discussion_uid"
        `);
    await queryRunner.query(`
            DROP TABLE "discussion"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."idx_reply_comment"
        `);
    await queryRunner.query(`
            DROP TABLE "reply"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."idx_msg_remind_box"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."idx_msg_remind_source"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."idx_msg_remind_comment"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."idx_msg_remind_reply"
        `);
    await queryRunner.query(`
            DROP TABLE "msg_remind"
        `);
    await queryRunner.query(`
            DROP TABLE "user_msg_unread"
        `);
  }
}
