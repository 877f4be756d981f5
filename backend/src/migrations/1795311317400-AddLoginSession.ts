import { MigrationInterface, QueryRunner } from 'typeorm';

export class AddLoginSession1795311317400 implements MigrationInterface {
  name = 'AddLoginSession1795311317400';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "login_session" (
                "id" SERIAL NOT NULL,
                "uid" character varying(32) NOT NULL,
                "ip" character varying(64) NOT NULL,
                "user_agent" character varying(512) NOT NULL,
                "gmt_create" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_705d252226d51c48c6368d52855" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_login_session_uid_time" ON "login_session" ("uid", "gmt_create")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "public"."idx_login_session_uid_time"
        `);
    await queryRunner.query(`
            DROP TABLE "login_session"
        `);
  }
}
