import { MigrationInterface, QueryRunner } from 'typeorm';

/** Exams and the question bank (issue 14): questions, exams, registrations, exam problems and questions, answers, papers; judge.eid. */
export class CreateExamTables1795500000000 implements MigrationInterface {
  name = 'CreateExamTables1795500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "question" ("id" SERIAL NOT NULL, "display_id" character varying(100) NOT NULL, "type" smallint NOT NULL, "multiple" boolean NOT NULL DEFAULT false, "description" text NOT NULL, "choices" jsonb NOT NULL DEFAULT '[]', "right_answer" text, "answer_share" boolean NOT NULL DEFAULT false, "auth" smallint NOT NULL DEFAULT '1', "tags" jsonb NOT NULL DEFAULT '[]', "uid" character varying(32) NOT NULL, "author" character varying(100) NOT NULL, "gid" integer, "gmt_create" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "gmt_modified" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_21e5786aa0ea704ae185a79b2d5" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_cc187d8b0f9a2b2fca32a510b0" ON "question" ("display_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_dd17247065682834ce9aab42d3" ON "question" ("auth")`);
    await queryRunner.query(
      `CREATE TABLE "exam" ("id" SERIAL NOT NULL, "uid" character varying(32) NOT NULL, "author" character varying(100) NOT NULL, "title" character varying(255) NOT NULL, "description" text NOT NULL DEFAULT '', "type" smallint NOT NULL DEFAULT '1', "auth" smallint NOT NULL DEFAULT '0', "pwd" character varying(64), "start_time" TIMESTAMP WITH TIME ZONE NOT NULL, "end_time" TIMESTAMP WITH TIME ZONE NOT NULL, "duration" integer NOT NULL, "status" smallint NOT NULL DEFAULT '-1', "real_score" boolean NOT NULL DEFAULT false, "auto_real_score" boolean NOT NULL DEFAULT true, "rank_score_type" character varying(20) NOT NULL DEFAULT 'Highest', "rank_show_name" character varying(20) NOT NULL DEFAULT 'username', "visible" boolean NOT NULL DEFAULT true, "gid" integer, "scored_at" TIMESTAMP WITH TIME ZONE, "gmt_create" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "gmt_modified" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_56071ab3a94aeac01f1b5ab74aa" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_d801ba28eea12c79378dc8a06e" ON "exam" ("uid")`);
    await queryRunner.query(`CREATE INDEX "IDX_db6d1e8309f7b7d73a6ae2f5d5" ON "exam" ("gid")`);
    await queryRunner.query(`CREATE INDEX "IDX_2be6891e6db6fe39c839e0a6aa" ON "exam" ("visible", "start_time")`);
    await queryRunner.query(
      `CREATE TABLE "exam_register" ("id" SERIAL NOT NULL, "eid" integer NOT NULL, "uid" character varying(32) NOT NULL, "gmt_create" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a74230341223b2282604689e59a" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_8495067b0a60268560d4189a0e" ON "exam_register" ("eid", "uid")`);
    await queryRunner.query(
      `CREATE TABLE "exam_question" ("id" SERIAL NOT NULL, "eid" integer NOT NULL, "qid" integer NOT NULL, "display_id" character varying(100) NOT NULL, "score" integer NOT NULL DEFAULT '0', CONSTRAINT "PK_a1c309a024492d50f43ff8b4c67" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_981c750429531a62071275922c" ON "exam_question" ("qid")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_1546d059b082399b2e903d63ae" ON "exam_question" ("eid", "qid")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_1656119288884118b4813c383f" ON "exam_question" ("eid", "display_id")`);
    await queryRunner.query(
      `CREATE TABLE "exam_problem" ("id" SERIAL NOT NULL, "eid" integer NOT NULL, "pid" integer NOT NULL, "display_id" character varying(100) NOT NULL, "display_title" character varying(255) NOT NULL, "color" character varying(20), "score" integer NOT NULL DEFAULT '0', CONSTRAINT "PK_7b999a7e799bb20b687d8e417b2" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_3fe4494a3bbf88d7396b1e653a" ON "exam_problem" ("pid")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_12f7bdf5e7be84e78ab7e84dde" ON "exam_problem" ("eid", "pid")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_8658b7d00660a8acd45be37436" ON "exam_problem" ("eid", "display_id")`);
    await queryRunner.query(
      `CREATE TABLE "exam_paper" ("id" SERIAL NOT NULL, "eid" integer NOT NULL, "uid" character varying(32) NOT NULL, "answered" integer NOT NULL DEFAULT '0', "objective_score" integer NOT NULL DEFAULT '0', "subjective_score" integer NOT NULL DEFAULT '0', "program_score" integer NOT NULL DEFAULT '0', "total_score" integer NOT NULL DEFAULT '0', "marked" boolean NOT NULL DEFAULT false, "problem_scores" jsonb NOT NULL DEFAULT '[]', "scored_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_c88dd79e4d7c7f9580b8203fbbf" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_b08a5bbc7e278e61058207ba4a" ON "exam_paper" ("eid", "uid")`);
    await queryRunner.query(
      `CREATE TABLE "exam_answer" ("id" SERIAL NOT NULL, "eid" integer NOT NULL, "qid" integer NOT NULL, "uid" character varying(32) NOT NULL, "answer" text NOT NULL, "score" integer, "manual" boolean NOT NULL DEFAULT false, "gmt_create" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "gmt_modified" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b40d3193babfa3b6e3e7c7dfa30" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_4dc0eed60a4f9e27db82296c7d" ON "exam_answer" ("eid", "uid")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_94aac9770d6ee896196a9cb464" ON "exam_answer" ("eid", "qid", "uid")`);
    await queryRunner.query(`ALTER TABLE "judge" ADD "eid" integer NOT NULL DEFAULT '0'`);
    await queryRunner.query(`CREATE INDEX "ix_judge_exam" ON "judge" ("eid", "uid", "pid") WHERE eid <> 0`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_judge_exam"`);
    await queryRunner.query(`ALTER TABLE "judge" DROP COLUMN "eid"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_94aac9770d6ee896196a9cb464"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_4dc0eed60a4f9e27db82296c7d"`);
    await queryRunner.query(`DROP TABLE "exam_answer"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_b08a5bbc7e278e61058207ba4a"`);
    await queryRunner.query(`DROP TABLE "exam_paper"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_8658b7d00660a8acd45be37436"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_12f7bdf5e7be84e78ab7e84dde"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_3fe4494a3bbf88d7396b1e653a"`);
    await queryRunner.query(`DROP TABLE "exam_problem"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_1656119288884118b4813c383f"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_1546d059b082399b2e903d63ae"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_981c750429531a62071275922c"`);
    await queryRunner.query(`DROP TABLE "exam_question"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_8495067b0a60268560d4189a0e"`);
    await queryRunner.query(`DROP TABLE "exam_register"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_2be6891e6db6fe39c839e0a6aa"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_db6d1e8309f7b7d73a6ae2f5d5"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_d801ba28eea12c79378dc8a06e"`);
    await queryRunner.query(`DROP TABLE "exam"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_dd17247065682834ce9aab42d3"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_cc187d8b0f9a2b2fca32a510b0"`);
    await queryRunner.query(`DROP TABLE "question"`);
  }
}
