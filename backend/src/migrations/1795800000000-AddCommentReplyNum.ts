import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Discussion comment pages (issue 15): each comment keeps its number of replies, written by the reply writers in
 * their transactions, so a page reads it instead of counting every comment's replies (and skips the newest-replies
 * search of comments without any). Filled from the replies there are.
 */
export class AddCommentReplyNum1795800000000 implements MigrationInterface {
  name = 'AddCommentReplyNum1795800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "comment" ADD "reply_num" integer NOT NULL DEFAULT 0`);
    await queryRunner.query(
      `UPDATE "comment" c SET "reply_num" = r.n FROM (SELECT "comment_id", COUNT(*)::int AS n FROM "reply" GROUP BY "comment_id") r WHERE c."id" = r."comment_id"`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "comment" DROP COLUMN "reply_num"`);
  }
}
