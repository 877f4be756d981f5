import { ROLE_DESCRIPTIONS, ROLE_NAMES, Role } from '@oj/contracts';
import { MigrationInterface, QueryRunner } from 'typeorm';

/** The roles of product §6 (ids 1000–1008), from contracts. */
const ROLES = Object.values(Role).map((id) => [id, ROLE_NAMES[id], ROLE_DESCRIPTIONS[id]] as const);

export class SeedRoles1795306333379 implements MigrationInterface {
  name = 'SeedRoles1795306333379';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const [id, role, description] of ROLES) {
      await queryRunner.query(`INSERT INTO "role" ("id", "role", "description") VALUES ($1, $2, $3) ON CONFLICT ("id") DO NOTHING`, [
        id,
        role,
        description,
      ]);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "role" WHERE "id" = ANY($1)`, [ROLES.map(([id]) => id)]);
  }
}
