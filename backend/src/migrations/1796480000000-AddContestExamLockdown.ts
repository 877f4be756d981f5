import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Locked-down contests and exams (issue 36): each keeps its allowed client address ranges (a JSON list of CIDRs,
 * empty for anyone) and its lock-mode switch. Existing rows get neither restriction.
 */
export class AddContestExamLockdown1796480000000 implements MigrationInterface {
  name = 'AddContestExamLockdown1796480000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['contest', 'exam']) {
      await queryRunner.query(`ALTER TABLE "${table}" ADD "ip_ranges" jsonb NOT NULL DEFAULT '[]'`);
      await queryRunner.query(`ALTER TABLE "${table}" ADD "lock_mode" boolean NOT NULL DEFAULT false`);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['exam', 'contest']) {
      await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "lock_mode"`);
      await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "ip_ranges"`);
    }
  }
}
