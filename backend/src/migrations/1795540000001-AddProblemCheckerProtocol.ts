import { MigrationInterface, QueryRunner } from 'typeorm';

/** The special judge / interactor convention of a problem: testlib, or domjudge (Kattis validators, exit 42 / 43). */
export class AddProblemCheckerProtocol1795540000001 implements MigrationInterface {
  name = 'AddProblemCheckerProtocol1795540000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "problem"
            ADD "checker_protocol" character varying(16) NOT NULL DEFAULT 'testlib'
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "problem" DROP COLUMN "checker_protocol"
        `);
  }
}
