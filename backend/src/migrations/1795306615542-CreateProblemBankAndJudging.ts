import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateProblemBankAndJudging1795306615542 implements MigrationInterface {
  name = 'CreateProblemBankAndJudging1795306615542';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "user_problem_stat" (
                "uid" character varying(64) NOT NULL,
                "pid" integer NOT NULL,
                "accepted" boolean NOT NULL DEFAULT false,
                "best_score" integer NOT NULL DEFAULT '0',
                "last_status" smallint NOT NULL,
                "first_ac_time" TIMESTAMP WITH TIME ZONE,
                CONSTRAINT "PK_923833635a123ee36e24a915fab" PRIMARY KEY ("uid", "pid")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_940ed7f9dadc994d00057ca504" ON "user_problem_stat" ("first_ac_time")
        `);
    await queryRunner.query(`
            CREATE TABLE "user_judge_stat" (
                "uid" character varying(64) NOT NULL,
                "username" character varying(100) NOT NULL,
                "submissions" integer NOT NULL DEFAULT '0',
                "accepted" integer NOT NULL DEFAULT '0',
                "solved" integer NOT NULL DEFAULT '0',
                "total_score" integer NOT NULL DEFAULT '0',
                CONSTRAINT "PK_803540db92ef4653da065763e7b" PRIMARY KEY ("uid")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "judge" (
                "submit_id" SERIAL NOT NULL,
                "pid" integer NOT NULL,
                "display_pid" character varying(100) NOT NULL,
                "uid" character varying(64) NOT NULL,
                "username" character varying(100) NOT NULL,
                "submit_time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "status" smallint NOT NULL,
                "share" boolean NOT NULL DEFAULT false,
                "error_message" text,
                "time" integer,
                "memory" integer,
                "score" integer,
                "length" integer NOT NULL,
                "code" text NOT NULL,
                "language" character varying(64) NOT NULL,
                "gid" integer,
                "cid" integer NOT NULL DEFAULT '0',
                "cpid" integer NOT NULL DEFAULT '0',
                "tid" integer,
                "judger" character varying(100),
                "ip" character varying(64),
                "version" integer NOT NULL DEFAULT '0',
                "counted" boolean NOT NULL DEFAULT false,
                "gmt_create" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "gmt_modified" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_003d09b394dc3c0c61de21852a2" PRIMARY KEY ("submit_id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_924e78ddef5b6bdd910bffe0ea" ON "judge" ("pid")
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_e232ea12e32cad206ca8750aca" ON "judge" ("username")
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_7a661a59125a47574266855396" ON "judge" ("submit_time")
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_a33d654d8189aee5e4a3de5352" ON "judge" ("status", "submit_time")
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_f8a0064a686c9e19298e8f548d" ON "judge" ("uid", "pid")
        `);
    await queryRunner.query(`
            CREATE TABLE "judge_case" (
                "id" SERIAL NOT NULL,
                "submit_id" integer NOT NULL,
                "pid" integer NOT NULL,
                "uid" character varying(64) NOT NULL,
                "case_id" integer NOT NULL,
                "status" smallint NOT NULL,
                "time" integer NOT NULL DEFAULT '0',
                "memory" integer NOT NULL DEFAULT '0',
                "score" integer NOT NULL DEFAULT '0',
                "message" text,
                "input_data" character varying(255),
                "output_data" character varying(255),
                "user_output" text,
                CONSTRAINT "PK_6405c83c30b453b692169bc5ec8" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "IDX_b3bd088c67eee5f4d8eed95d38" ON "judge_case" ("submit_id", "case_id")
        `);
    await queryRunner.query(`
            CREATE TABLE "tag" (
                "id" SERIAL NOT NULL,
                "name" character varying(100) NOT NULL,
                "color" character varying(20),
                "oj" character varying(20) NOT NULL DEFAULT 'ME',
                "gid" integer,
                "gmt_create" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "gmt_modified" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_8e4052373c579afc1471f526760" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "IDX_3066255730b0d324318c15379a" ON "tag" ("name", "oj")
        `);
    await queryRunner.query(`
            CREATE TABLE "problem" (
                "id" SERIAL NOT NULL,
                "problem_id" character varying(100) NOT NULL,
                "title" character varying(255) NOT NULL,
                "author" character varying(100),
                "type" smallint NOT NULL DEFAULT '0',
                "judge_mode" character varying(20) NOT NULL DEFAULT 'default',
                "time_limit" integer NOT NULL DEFAULT '1000',
                "memory_limit" integer NOT NULL DEFAULT '256',
                "stack_limit" integer NOT NULL DEFAULT '128',
                "description" text NOT NULL DEFAULT '',
                "input" text NOT NULL DEFAULT '',
                "output" text NOT NULL DEFAULT '',
                "examples" jsonb NOT NULL DEFAULT '[]',
                "is_remote" boolean NOT NULL DEFAULT false,
                "remote_oj" character varying(20),
                "source" text NOT NULL DEFAULT '',
                "difficulty" smallint NOT NULL DEFAULT '0',
                "hint" text NOT NULL DEFAULT '',
                "auth" smallint NOT NULL DEFAULT '1',
                "io_score" integer NOT NULL DEFAULT '100',
                "code_share" boolean NOT NULL DEFAULT true,
                "spj_code" text,
                "spj_language" character varying(64),
                "user_extra_file" jsonb,
                "judge_extra_file" jsonb,
                "is_remove_end_blank" boolean NOT NULL DEFAULT true,
                "open_case_result" boolean NOT NULL DEFAULT true,
                "is_upload_case" boolean NOT NULL DEFAULT true,
                "case_version" character varying(64) NOT NULL DEFAULT '',
                "modified_user" character varying(100),
                "is_group" boolean NOT NULL DEFAULT false,
                "gid" integer,
                "is_file_io" boolean NOT NULL DEFAULT false,
                "io_read_file_name" character varying(100),
                "io_write_file_name" character varying(100),
                "gmt_create" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "gmt_modified" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_119b5ca6f3371465bf1f0f90219" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "IDX_dc223798904f0780e60e47cd63" ON "problem" ("problem_id")
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_877b25d3d6e63d218823daaf36" ON "problem" ("auth")
        `);
    await queryRunner.query(`
            CREATE TABLE "problem_tag" (
                "id" SERIAL NOT NULL,
                "pid" integer NOT NULL,
                "tid" integer NOT NULL,
                CONSTRAINT "PK_616dce8d47dfbb445de4691ed1d" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_5ad51474e6462bcdd2cde2e17d" ON "problem_tag" ("tid")
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "IDX_acbc119f392043b0612c2483e8" ON "problem_tag" ("pid", "tid")
        `);
    await queryRunner.query(`
            CREATE TABLE "problem_statistic" (
                "pid" integer NOT NULL,
                "total" integer NOT NULL DEFAULT '0',
                "ac" integer NOT NULL DEFAULT '0',
                "wa" integer NOT NULL DEFAULT '0',
                "ce" integer NOT NULL DEFAULT '0',
                "tle" integer NOT NULL DEFAULT '0',
                "mle" integer NOT NULL DEFAULT '0',
                "re" integer NOT NULL DEFAULT '0',
                "pe" integer NOT NULL DEFAULT '0',
                "se" integer NOT NULL DEFAULT '0',
                "pa" integer NOT NULL DEFAULT '0',
                CONSTRAINT "PK_43251007ba37d1ba8800e7da539" PRIMARY KEY ("pid")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "problem_language" (
                "id" SERIAL NOT NULL,
                "pid" integer NOT NULL,
                "language" character varying(64) NOT NULL,
                CONSTRAINT "PK_c347d138786b6848e6450be6222" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "IDX_5c1108fa19345545111975a950" ON "problem_language" ("pid", "language")
        `);
    await queryRunner.query(`
            CREATE TABLE "problem_case" (
                "id" SERIAL NOT NULL,
                "pid" integer NOT NULL,
                "case_id" integer NOT NULL,
                "input" character varying(255) NOT NULL,
                "output" character varying(255) NOT NULL,
                "score" integer NOT NULL DEFAULT '0',
                "group_num" integer,
                "input_checksum" character varying(64) NOT NULL,
                "output_checksum" character varying(64) NOT NULL,
                CONSTRAINT "PK_c3d0e22b66de0af01fa2f310297" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "IDX_c607965dc15e9ab36629379b31" ON "problem_case" ("pid", "case_id")
        `);
    await queryRunner.query(`
            CREATE TABLE "code_template" (
                "id" SERIAL NOT NULL,
                "pid" integer NOT NULL,
                "language" character varying(64) NOT NULL,
                "code" text NOT NULL,
                "status" boolean NOT NULL DEFAULT true,
                CONSTRAINT "PK_d999382b4849df306f33cb051a9" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "IDX_2f9363f35d4b0b0a6b18c43ee3" ON "code_template" ("pid", "language")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "public"."IDX_2f9363f35d4b0b0a6b18c43ee3"
        `);
    await queryRunner.query(`
            DROP TABLE "code_template"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_c607965dc15e9ab36629379b31"
        `);
    await queryRunner.query(`
            DROP TABLE "problem_case"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_5c1108fa19345545111975a950"
        `);
    await queryRunner.query(`
            DROP TABLE "problem_language"
        `);
    await queryRunner.query(`
            DROP TABLE "problem_statistic"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_acbc119f392043b0612c2483e8"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_5ad51474e6462bcdd2cde2e17d"
        `);
    await queryRunner.query(`
            DROP TABLE "problem_tag"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_877b25d3d6e63d218823daaf36"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_dc223798904f0780e60e47cd63"
        `);
    await queryRunner.query(`
            DROP TABLE "problem"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_3066255730b0d324318c15379a"
        `);
    await queryRunner.query(`
            DROP TABLE "tag"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_b3bd088c67eee5f4d8eed95d38"
        `);
    await queryRunner.query(`
            DROP TABLE "judge_case"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_f8a0064a686c9e19298e8f548d"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_a33d654d8189aee5e4a3de5352"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_7a661a59125a47574266855396"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_e232ea12e32cad206ca8750aca"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_924e78ddef5b6bdd910bffe0ea"
        `);
    await queryRunner.query(`
            DROP TABLE "judge"
        `);
    await queryRunner.query(`
            DROP TABLE "user_judge_stat"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_940ed7f9dadc994d00057ca504"
        `);
    await queryRunner.query(`
            DROP TABLE "user_problem_stat"
        `);
  }
}
