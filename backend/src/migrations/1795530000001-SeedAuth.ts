import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The built-in permissions and the roles holding them (product §6), written out here so that later changes to
 * contracts' BUILTIN_PERMISSIONS do not rewrite what this migration did. Super admin (1000) holds every permission
 * implicitly; its rows are stored too so the table reads as HOJ's does.
 */
const ADMIN_TYPE = [1000, 1001, 1008];
const SEED: [permission: string, name: string, roles: number[]][] = [
  ['submit', 'Submit code', [1000, 1001, 1002, 1004, 1005, 1008]],
  ['discussion:post', 'Post discussions', [1000, 1001, 1002, 1003, 1008]],
  ['comment:post', 'Comment and reply', [1000, 1001, 1002, 1003, 1004, 1006, 1008]],
  ['problem:admin', 'Manage problems', ADMIN_TYPE],
  ['contest:admin', 'Manage contests', ADMIN_TYPE],
  ['contest:rating', 'Set rated contests', [1000, 1001]],
  ['training:admin', 'Manage trainings', ADMIN_TYPE],
  ['discussion:admin', 'Manage discussions', ADMIN_TYPE],
  ['dashboard:view', 'View the admin dashboard', ADMIN_TYPE],
  ['file:admin', 'Manage uploaded files', ADMIN_TYPE],
];

export class SeedAuth1795530000001 implements MigrationInterface {
  name = 'SeedAuth1795530000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const [permission, name, roles] of SEED) {
      await queryRunner.query(`INSERT INTO "auth" ("name", "permission") VALUES ($1, $2) ON CONFLICT ("permission") DO NOTHING`, [
        name,
        permission,
      ]);
      await queryRunner.query(
        `INSERT INTO "role_auth" ("role_id", "auth_id")
         SELECT r.id, a.id FROM "role" r, "auth" a WHERE a.permission = $1 AND r.id = ANY($2)
         ON CONFLICT DO NOTHING`,
        [permission, roles],
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "auth" WHERE "permission" = ANY($1)`, [SEED.map(([p]) => p)]);
  }
}
