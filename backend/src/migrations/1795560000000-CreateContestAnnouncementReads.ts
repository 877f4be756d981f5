import { MigrationInterface, QueryRunner } from 'typeorm';

/** Contest announcements acknowledged per user, kept on the server (issue 21). */
export class CreateContestAnnouncementReads1795560000000 implements MigrationInterface {
  name = 'CreateContestAnnouncementReads1795560000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "contest_announcement_read" (
                "uid" character varying(32) NOT NULL,
                "announcement_id" integer NOT NULL,
                "cid" integer NOT NULL,
                "gmt_create" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_192c36c2797fe227e7b111aff3d" PRIMARY KEY ("uid", "announcement_id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_contest_announcement_read_uid_cid" ON "contest_announcement_read" ("uid", "cid")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_contest_announcement_read_uid_cid"`);
    await queryRunner.query(`DROP TABLE "contest_announcement_read"`);
  }
}
