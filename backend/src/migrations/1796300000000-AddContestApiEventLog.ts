import { MigrationInterface, QueryRunner } from 'typeorm';

/** The ICPC Contest API's event log (contest-api module): one row per change, its serial id the feed's token. */
export class AddContestApiEventLog1796300000000 implements MigrationInterface {
  name = 'AddContestApiEventLog1796300000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "contest_api_event" (
      "id" BIGSERIAL NOT NULL,
      "cid" integer NOT NULL,
      "type" character varying(32) NOT NULL,
      "object_id" character varying(64),
      "data" json,
      "audience" smallint NOT NULL DEFAULT '0',
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_cf3a50ce371b9b43cbef5d8f2f1" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_7a2d361248655e118cce19870e" ON "contest_api_event" ("cid", "id")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_7a2d361248655e118cce19870e"`);
    await queryRunner.query(`DROP TABLE "contest_api_event"`);
  }
}
