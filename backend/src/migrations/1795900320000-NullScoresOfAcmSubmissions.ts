import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Submissions of ACM problems carry no score, as in HOJ (issue 32): its client prints a score, and "pts" on every
 * case, wherever one is set. The judge result writer stores null for them from now on; the rows written before
 * are cleared here. Statistics are unchanged (an ACM problem's best score already counted as 0).
 */
export class NullScoresOfAcmSubmissions1795900320000 implements MigrationInterface {
  name = 'NullScoresOfAcmSubmissions1795900320000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "judge_case" ALTER COLUMN "score" DROP NOT NULL`);
    await queryRunner.query(
      `UPDATE "judge" SET "score" = NULL WHERE "score" IS NOT NULL AND "pid" IN (SELECT "id" FROM "problem" WHERE "type" = 0)`,
    );
    await queryRunner.query(
      `UPDATE "judge_case" SET "score" = NULL WHERE "score" IS NOT NULL AND "pid" IN (SELECT "id" FROM "problem" WHERE "type" = 0)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    // The scores cleared are not restored (an ACM submission's was 100 when accepted, 0 otherwise: nothing read it).
    await queryRunner.query(`UPDATE "judge_case" SET "score" = 0 WHERE "score" IS NULL`);
    await queryRunner.query(`ALTER TABLE "judge_case" ALTER COLUMN "score" SET NOT NULL`);
  }
}
