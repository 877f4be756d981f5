import { MigrationInterface, QueryRunner } from 'typeorm';

/** The daily backup's settings (backup module): one row, off until root turns it on. */
export class AddBackupSettings1796420000000 implements MigrationInterface {
  name = 'AddBackupSettings1796420000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "backup_settings" (
      "id" smallint NOT NULL,
      "enabled" boolean NOT NULL DEFAULT false,
      "hour" smallint NOT NULL DEFAULT '3',
      "retention" smallint NOT NULL DEFAULT '7',
      "updated_by" character varying(32),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_backup_settings" PRIMARY KEY ("id"))`);
    await queryRunner.query(`INSERT INTO "backup_settings" ("id") VALUES (1)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "backup_settings"`);
  }
}
