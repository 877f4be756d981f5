import { MigrationInterface, QueryRunner } from 'typeorm';

/** HOJ's tag classifications: a table of classes and the class of each tag. */
export class AddTagClassification1795320000000 implements MigrationInterface {
  name = 'AddTagClassification1795320000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "tag_classification" (
                "id" SERIAL NOT NULL,
                "name" character varying(100) NOT NULL,
                "oj" character varying(20) NOT NULL DEFAULT 'ME',
                "rank" integer NOT NULL DEFAULT '0',
                "gmt_create" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "gmt_modified" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_99f0b6158ec7f2faf895243ea5c" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "idx_tag_classification_oj_rank" ON "tag_classification" ("oj", "rank")
        `);
    await queryRunner.query(`
            ALTER TABLE "tag" ADD "tcid" integer
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "tag" DROP COLUMN "tcid"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."idx_tag_classification_oj_rank"
        `);
    await queryRunner.query(`
            DROP TABLE "tag_classification"
        `);
  }
}
