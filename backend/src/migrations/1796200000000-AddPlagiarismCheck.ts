import { MigrationInterface, QueryRunner } from 'typeorm';

/** The plagiarism check (issue 35): its runs and the similar pairs each run kept, with their reviews. */
export class AddPlagiarismCheck1796200000000 implements MigrationInterface {
  name = 'AddPlagiarismCheck1796200000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "plagiarism_check" (
      "id" SERIAL NOT NULL,
      "scope" character varying(16) NOT NULL,
      "scope_id" integer NOT NULL,
      "only_accepted" boolean NOT NULL DEFAULT true,
      "threshold" smallint NOT NULL,
      "status" character varying(16) NOT NULL DEFAULT 'waiting',
      "progress" smallint NOT NULL DEFAULT '0',
      "submissions" integer NOT NULL DEFAULT '0',
      "compared_pairs" integer NOT NULL DEFAULT '0',
      "pairs" integer NOT NULL DEFAULT '0',
      "error" text,
      "created_by_uid" character varying(64) NOT NULL,
      "created_by" character varying(100) NOT NULL,
      "gmt_create" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "finish_time" TIMESTAMP WITH TIME ZONE,
      "ms" integer,
      CONSTRAINT "PK_plagiarism_check" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_plagiarism_check_scope" ON "plagiarism_check" ("scope", "scope_id")`);
    await queryRunner.query(`CREATE TABLE "plagiarism_pair" (
      "id" SERIAL NOT NULL,
      "check_id" integer NOT NULL,
      "pid" integer NOT NULL,
      "display_id" character varying(100) NOT NULL,
      "language" character varying(64) NOT NULL,
      "method" character varying(16) NOT NULL,
      "similarity" real NOT NULL,
      "a_percent" real NOT NULL,
      "b_percent" real NOT NULL,
      "a_submit_id" integer NOT NULL,
      "a_uid" character varying(64) NOT NULL,
      "a_username" character varying(100) NOT NULL,
      "b_submit_id" integer NOT NULL,
      "b_uid" character varying(64) NOT NULL,
      "b_username" character varying(100) NOT NULL,
      "regions" jsonb NOT NULL,
      "status" character varying(16) NOT NULL DEFAULT 'open',
      "reviewed_by" character varying(100),
      "gmt_modified" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_plagiarism_pair" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_plagiarism_pair_check" ON "plagiarism_pair" ("check_id", "similarity")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "plagiarism_pair"`);
    await queryRunner.query(`DROP TABLE "plagiarism_check"`);
  }
}
