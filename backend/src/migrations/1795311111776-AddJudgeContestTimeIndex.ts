import { MigrationInterface, QueryRunner } from 'typeorm';

export class AddJudgeContestTimeIndex1795311111776 implements MigrationInterface {
  name = 'AddJudgeContestTimeIndex1795311111776';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE INDEX "IDX_40e44db9300c30ce4154d8ce03" ON "judge" ("cid", "submit_time")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "public"."IDX_40e44db9300c30ce4154d8ce03"
        `);
  }
}
