import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Virtual participation (issue 35): the users' runs of ended contests, the contest's switch, and on each judge row the
 * run a virtual submission was made in.
 */
export class AddVirtualContest1796250000000 implements MigrationInterface {
  name = 'AddVirtualContest1796250000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "contest_virtual" (
      "id" SERIAL NOT NULL,
      "cid" integer NOT NULL,
      "uid" character varying(64) NOT NULL,
      "username" character varying(100) NOT NULL,
      "start_time" TIMESTAMP WITH TIME ZONE NOT NULL,
      "end_time" TIMESTAMP WITH TIME ZONE NOT NULL,
      "gmt_create" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "UQ_contest_virtual_cid_uid" UNIQUE ("cid", "uid"),
      CONSTRAINT "PK_contest_virtual" PRIMARY KEY ("id"))`);
    await queryRunner.query(`ALTER TABLE "judge" ADD "vid" integer`);
    await queryRunner.query(`ALTER TABLE "contest" ADD "allow_virtual" boolean NOT NULL DEFAULT true`);
    await queryRunner.query(`CREATE INDEX "IDX_judge_vid" ON "judge" ("vid") WHERE vid IS NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_judge_vid"`);
    await queryRunner.query(`ALTER TABLE "contest" DROP COLUMN "allow_virtual"`);
    await queryRunner.query(`ALTER TABLE "judge" DROP COLUMN "vid"`);
    await queryRunner.query(`DROP TABLE "contest_virtual"`);
  }
}
