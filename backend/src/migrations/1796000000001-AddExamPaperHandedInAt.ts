import { MigrationInterface, QueryRunner } from 'typeorm';

/** A candidate may hand in (交卷) before the end (issue 37): the paper records when, and is closed from then on. */
export class AddExamPaperHandedInAt1796000000001 implements MigrationInterface {
  name = 'AddExamPaperHandedInAt1796000000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "exam_paper" ADD "handed_in_at" TIMESTAMP WITH TIME ZONE`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "exam_paper" DROP COLUMN "handed_in_at"`);
  }
}
