import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Group problems (issue 17): the apply-public progress of HOJ (`apply_public_progress`: null not applied,
 * 1 applying, 2 public, 3 refused), and an index on the owning group for the group's problem list.
 */
export class AddProblemApplyPublicProgress1795700000000 implements MigrationInterface {
  name = 'AddProblemApplyPublicProgress1795700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "problem" ADD "apply_public_progress" integer`);
    await queryRunner.query(`CREATE INDEX "ix_problem_gid" ON "problem" ("gid", "id")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_problem_gid"`);
    await queryRunner.query(`ALTER TABLE "problem" DROP COLUMN "apply_public_progress"`);
  }
}
