import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateContestRating1795461982349 implements MigrationInterface {
  name = 'CreateContestRating1795461982349';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "user_rating" (
                "uid" character varying(32) NOT NULL,
                "rating" integer NOT NULL,
                "contests" integer NOT NULL DEFAULT '0',
                CONSTRAINT "PK_7d61677b373d62774c9da6c1ea2" PRIMARY KEY ("uid")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "contest_rating" (
                "cid" integer NOT NULL,
                "uid" character varying(32) NOT NULL,
                "rank" integer NOT NULL,
                "old_rating" integer NOT NULL,
                "new_rating" integer NOT NULL,
                "gmt_create" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_01aec5de33da2ddf9b5b7a5c029" PRIMARY KEY ("cid", "uid")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_contest_rating_uid" ON "contest_rating" ("uid")
        `);
    await queryRunner.query(`
            CREATE TABLE "contest_rated" (
                "cid" integer NOT NULL,
                "applied_at" TIMESTAMP WITH TIME ZONE,
                "gmt_create" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_4313bdafd85756033c55213485a" PRIMARY KEY ("cid")
            )
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP TABLE "contest_rated"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."idx_contest_rating_uid"
        `);
    await queryRunner.query(`
            DROP TABLE "contest_rating"
        `);
    await queryRunner.query(`
            DROP TABLE "user_rating"
        `);
  }
}
