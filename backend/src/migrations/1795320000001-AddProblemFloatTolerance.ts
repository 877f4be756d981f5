import { MigrationInterface, QueryRunner } from 'typeorm';

/** Float-tolerance comparison of the default judge mode (absolute and relative bounds, null: exact). */
export class AddProblemFloatTolerance1795320000001 implements MigrationInterface {
  name = 'AddProblemFloatTolerance1795320000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "problem"
            ADD "float_abs_tolerance" double precision
        `);
    await queryRunner.query(`
            ALTER TABLE "problem"
            ADD "float_rel_tolerance" double precision
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "problem" DROP COLUMN "float_rel_tolerance"
        `);
    await queryRunner.query(`
            ALTER TABLE "problem" DROP COLUMN "float_abs_tolerance"
        `);
  }
}
