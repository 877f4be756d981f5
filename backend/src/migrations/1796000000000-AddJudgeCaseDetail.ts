import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Checker messages stop echoing the expected output (issue 31): the built-in comparers' expected and found tokens
 * move to `detail`, read by admins only. Rows judged before keep their data for admins, and their message is cut
 * to the token's place ("Token 3 differs"), since contestants read it through get-all-case-result.
 */
export class AddJudgeCaseDetail1796000000000 implements MigrationInterface {
  name = 'AddJudgeCaseDetail1796000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "judge_case" ADD "detail" text`);
    await queryRunner.query(
      `UPDATE "judge_case"
          SET "detail" = substring("message" from '^Token [0-9]+ differs: (expected .*)$'),
              "message" = substring("message" from '^(Token [0-9]+ differs): expected ')
        WHERE "message" ~ '^Token [0-9]+ differs: expected "'`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE "judge_case" SET "message" = "message" || ': ' || "detail" WHERE "detail" IS NOT NULL`);
    await queryRunner.query(`ALTER TABLE "judge_case" DROP COLUMN "detail"`);
  }
}
