import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The password of a private exam or training is as wide as a contest's (LIMITS.accessPasswordMax, 100): the three
 * had drifted to 100, 64 and 64 (issue 33). Widening keeps every stored password.
 */
export class OneAccessPasswordWidth1796000000002 implements MigrationInterface {
  name = 'OneAccessPasswordWidth1796000000002';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "exam" ALTER COLUMN "pwd" TYPE character varying(100)`);
    await queryRunner.query(`ALTER TABLE "training" ALTER COLUMN "private_pwd" TYPE character varying(100)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "training" ALTER COLUMN "private_pwd" TYPE character varying(64)`);
    await queryRunner.query(`ALTER TABLE "exam" ALTER COLUMN "pwd" TYPE character varying(64)`);
  }
}
