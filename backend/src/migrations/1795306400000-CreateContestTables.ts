import { MigrationInterface, QueryRunner } from 'typeorm';

/** Contests: contest, contest_problem, contest_register, contest_announcement, contest_print, contest_balloon. */
export class CreateContestTables1795306400000 implements MigrationInterface {
  name = 'CreateContestTables1795306400000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "contest" ("id" SERIAL NOT NULL, "uid" character varying(32) NOT NULL, "author" character varying(100) NOT NULL, "title" character varying(255) NOT NULL, "description" text NOT NULL DEFAULT '', "type" smallint NOT NULL DEFAULT '0', "auth" smallint NOT NULL DEFAULT '0', "pwd" character varying(100), "start_time" TIMESTAMP WITH TIME ZONE NOT NULL, "end_time" TIMESTAMP WITH TIME ZONE NOT NULL, "duration" integer NOT NULL, "status" smallint NOT NULL DEFAULT '-1', "seal_rank" boolean NOT NULL DEFAULT false, "seal_mode" character varying(20) NOT NULL DEFAULT 'untilEnd', "seal_rank_time" TIMESTAMP WITH TIME ZONE, "after_end_seal" character varying(20) NOT NULL DEFAULT 'autoUnseal', "rank_unsealed" boolean NOT NULL DEFAULT false, "oi_rank_score_type" character varying(20) NOT NULL DEFAULT 'Recent', "star_account" jsonb NOT NULL DEFAULT '[]', "rank_show_name" character varying(20) NOT NULL DEFAULT 'username', "open_print" boolean NOT NULL DEFAULT false, "open_account_limit" boolean NOT NULL DEFAULT false, "account_limit_rule" jsonb, "visible" boolean NOT NULL DEFAULT true, "gid" integer, "gmt_create" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "gmt_modified" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_ba048331bed7d939b857e9c1c63" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_5210cf179e23be0e857b17bf74" ON "contest" ("uid") `);
    await queryRunner.query(`CREATE INDEX "IDX_9ca6ebb3850babf1e1104a7e33" ON "contest" ("gid") `);
    await queryRunner.query(`CREATE INDEX "IDX_57020a8ada03ea6511a63538f2" ON "contest" ("visible", "start_time") `);
    await queryRunner.query(
      `CREATE TABLE "contest_register" ("id" SERIAL NOT NULL, "cid" integer NOT NULL, "uid" character varying(32) NOT NULL, "gmt_create" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_4a438617921e0805fe96fbb5e9f" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_212454e648900e29fc6b26730f" ON "contest_register" ("cid", "uid") `);
    await queryRunner.query(
      `CREATE TABLE "contest_problem" ("id" SERIAL NOT NULL, "cid" integer NOT NULL, "pid" integer NOT NULL, "display_id" character varying(100) NOT NULL, "display_title" character varying(255) NOT NULL, "color" character varying(20), CONSTRAINT "PK_05089c5bf7f667379f941adcf7f" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_67cc748d50cb55cf857e3cf80d" ON "contest_problem" ("cid", "pid") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_979bd4273d44224a62d0b21c18" ON "contest_problem" ("cid", "display_id") `);
    await queryRunner.query(
      `CREATE TABLE "contest_print" ("id" SERIAL NOT NULL, "cid" integer NOT NULL, "uid" character varying(32) NOT NULL, "username" character varying(100) NOT NULL, "realname" character varying(100), "content" text NOT NULL, "status" smallint NOT NULL DEFAULT '0', "gmt_create" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_db5704f4dcfd82e656a83f05006" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_7cba935f132f9e693ff0b20763" ON "contest_print" ("cid", "gmt_create") `);
    await queryRunner.query(
      `CREATE TABLE "contest_balloon" ("id" SERIAL NOT NULL, "cid" integer NOT NULL, "submit_id" integer NOT NULL, "checked" boolean NOT NULL DEFAULT false, "gmt_modified" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_593b9620b48761c3c2161afbc2c" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_5305f602ab5ffd658ca84d0380" ON "contest_balloon" ("cid", "submit_id") `);
    await queryRunner.query(
      `CREATE TABLE "contest_announcement" ("id" SERIAL NOT NULL, "cid" integer NOT NULL, "title" character varying(255) NOT NULL, "content" text NOT NULL, "uid" character varying(32) NOT NULL, "visible" boolean NOT NULL DEFAULT true, "gmt_create" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "gmt_modified" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_619bb55d320798fce479ee6ddfb" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_c089d742fbdcf561f11a672cfa" ON "contest_announcement" ("cid", "gmt_create") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_c089d742fbdcf561f11a672cfa"`);
    await queryRunner.query(`DROP TABLE "contest_announcement"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_5305f602ab5ffd658ca84d0380"`);
    await queryRunner.query(`DROP TABLE "contest_balloon"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_7cba935f132f9e693ff0b20763"`);
    await queryRunner.query(`DROP TABLE "contest_print"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_979bd4273d44224a62d0b21c18"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_67cc748d50cb55cf857e3cf80d"`);
    await queryRunner.query(`DROP TABLE "contest_problem"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_212454e648900e29fc6b26730f"`);
    await queryRunner.query(`DROP TABLE "contest_register"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_57020a8ada03ea6511a63538f2"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_9ca6ebb3850babf1e1104a7e33"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_5210cf179e23be0e857b17bf74"`);
    await queryRunner.query(`DROP TABLE "contest"`);
  }
}
