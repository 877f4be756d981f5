import { MigrationInterface, QueryRunner } from 'typeorm';

/** "mine" messages keep a message code and its fields (issue 15), so clients render them in zh-CN or en-US. */
export class AddMineMessageCodes1795520000000 implements MigrationInterface {
  name = 'AddMineMessageCodes1795520000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "admin_sys_notice"
            ADD "msg_code" character varying(64)
        `);
    await queryRunner.query(`
            ALTER TABLE "admin_sys_notice"
            ADD "msg_params" jsonb
        `);
    // The "mine" messages stored before (reports handled, English only) get their code and fields back.
    await queryRunner.query(`
            UPDATE "admin_sys_notice"
            SET "msg_code" = 'discussionReportHandled',
                "msg_params" = jsonb_build_object(
                    'did', substring("content" from '#([0-9]+)')::int,
                    'title', substring("content" from '#[0-9]+ "(.*)": an administrator'),
                    'outcome', CASE WHEN "content" LIKE '%was hidden.' THEN 'hidden'
                                    WHEN "content" LIKE '%was deleted.' THEN 'deleted' ELSE 'kept' END)
            WHERE "type" = 'Single' AND "title" = 'Your report was handled' AND "content" ~ '#[0-9]+'
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "admin_sys_notice" DROP COLUMN "msg_params"
        `);
    await queryRunner.query(`
            ALTER TABLE "admin_sys_notice" DROP COLUMN "msg_code"
        `);
  }
}
