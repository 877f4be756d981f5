import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Remote judging (issue 34): the site accounts submissions are forwarded through, and on each submission the account
 * and the remote run id, stored before polling starts so a restarted backend polls the same run instead of
 * submitting again.
 */
export class AddRemoteJudge1796100000000 implements MigrationInterface {
  name = 'AddRemoteJudge1796100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "remote_judge_account" (
      "id" SERIAL NOT NULL,
      "oj" character varying(20) NOT NULL,
      "username" character varying(255) NOT NULL,
      "password" character varying(255) NOT NULL DEFAULT '',
      "cookie" text,
      "user_agent" character varying(500),
      "enabled" boolean NOT NULL DEFAULT true,
      "last_error" text,
      "last_error_at" TIMESTAMP WITH TIME ZONE,
      "last_used_at" TIMESTAMP WITH TIME ZONE,
      "gmt_create" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "gmt_modified" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_remote_judge_account" PRIMARY KEY ("id"),
      CONSTRAINT "UQ_remote_judge_account_oj_username" UNIQUE ("oj", "username"))`);
    await queryRunner.query(`ALTER TABLE "judge" ADD "remote_run_id" character varying(64)`);
    await queryRunner.query(`ALTER TABLE "judge" ADD "remote_account_id" integer`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "judge" DROP COLUMN "remote_account_id"`);
    await queryRunner.query(`ALTER TABLE "judge" DROP COLUMN "remote_run_id"`);
    await queryRunner.query(`DROP TABLE "remote_judge_account"`);
  }
}
