import { MigrationInterface, QueryRunner } from 'typeorm';

/** OI test groups (subtasks): the problem's groups, each judged case's group, each submission's group results. */
export class AddSubtasks1795540000000 implements MigrationInterface {
  name = 'AddSubtasks1795540000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "problem"
            ADD "case_groups" jsonb
        `);
    await queryRunner.query(`
            ALTER TABLE "judge_case"
            ADD "group_num" integer
        `);
    await queryRunner.query(`
            ALTER TABLE "judge"
            ADD "subtask_results" jsonb
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "judge" DROP COLUMN "subtask_results"
        `);
    await queryRunner.query(`
            ALTER TABLE "judge_case" DROP COLUMN "group_num"
        `);
    await queryRunner.query(`
            ALTER TABLE "problem" DROP COLUMN "case_groups"
        `);
  }
}
