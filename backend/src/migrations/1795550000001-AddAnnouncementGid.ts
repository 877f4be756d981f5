import { MigrationInterface, QueryRunner } from 'typeorm';

/** Group announcements (issue 17) share the site's table: the owning group, null for the site's own. */
export class AddAnnouncementGid1795550000001 implements MigrationInterface {
  name = 'AddAnnouncementGid1795550000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "announcement"
            ADD "gid" integer
        `);
    await queryRunner.query(`
            CREATE INDEX "ix_announcement_gid" ON "announcement" ("gid")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_announcement_gid"`);
    await queryRunner.query(`ALTER TABLE "announcement" DROP COLUMN "gid"`);
  }
}
