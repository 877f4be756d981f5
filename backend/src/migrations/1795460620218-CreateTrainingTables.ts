import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateTrainingTables1795460620218 implements MigrationInterface {
  name = 'CreateTrainingTables1795460620218';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "training" (
                "id" SERIAL NOT NULL,
                "title" character varying(255) NOT NULL,
                "description" text NOT NULL DEFAULT '',
                "author" character varying(100) NOT NULL,
                "uid" character varying(32) NOT NULL,
                "auth" character varying(16) NOT NULL DEFAULT 'Public',
                "private_pwd" character varying(64),
                "status" boolean NOT NULL DEFAULT true,
                "rank" integer NOT NULL DEFAULT '0',
                "category_id" integer,
                "is_group" boolean NOT NULL DEFAULT false,
                "gid" integer,
                "gmt_create" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "gmt_modified" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_c436c96be3adf1aa439ef471427" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "ix_training_category" ON "training" ("category_id")
        `);
    await queryRunner.query(`
            CREATE INDEX "ix_training_list" ON "training" ("status", "rank", "id")
        `);
    await queryRunner.query(`
            CREATE TABLE "training_register" (
                "id" SERIAL NOT NULL,
                "tid" integer NOT NULL,
                "uid" character varying(32) NOT NULL,
                "gmt_create" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_0e45df3bba0eaaadc8cda8d71ab" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_training_register" ON "training_register" ("tid", "uid")
        `);
    await queryRunner.query(`
            CREATE TABLE "training_problem" (
                "id" SERIAL NOT NULL,
                "tid" integer NOT NULL,
                "pid" integer NOT NULL,
                "display_id" character varying(100) NOT NULL,
                "rank" integer NOT NULL DEFAULT '0',
                "total" integer NOT NULL DEFAULT '0',
                "ac" integer NOT NULL DEFAULT '0',
                "gmt_create" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "gmt_modified" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_cd6a417779481038e3af3785c00" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "ix_training_problem_problem" ON "training_problem" ("pid")
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_training_problem_display_id" ON "training_problem" ("tid", "display_id")
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "uq_training_problem_pid" ON "training_problem" ("tid", "pid")
        `);
    await queryRunner.query(`
            CREATE TABLE "training_category" (
                "id" SERIAL NOT NULL,
                "name" character varying(100) NOT NULL,
                "color" character varying(32) NOT NULL DEFAULT '#409EFF',
                "gid" integer,
                "gmt_create" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "gmt_modified" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_3a9c02ecc54bf11303c3f1d8f7e" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "ix_judge_training" ON "judge" ("tid", "uid")
            WHERE tid IS NOT NULL
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "public"."ix_judge_training"
        `);
    await queryRunner.query(`
            DROP TABLE "training_category"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."uq_training_problem_pid"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."uq_training_problem_display_id"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."ix_training_problem_problem"
        `);
    await queryRunner.query(`
            DROP TABLE "training_problem"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."uq_training_register"
        `);
    await queryRunner.query(`
            DROP TABLE "training_register"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."ix_training_list"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."ix_training_category"
        `);
    await queryRunner.query(`
            DROP TABLE "training"
        `);
  }
}
