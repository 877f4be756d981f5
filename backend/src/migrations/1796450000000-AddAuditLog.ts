import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit trail (core/audit): an append-only table. The trigger refuses every UPDATE and DELETE (and TRUNCATE)
 * of it, so no route, bug or stray query through the app's connection can rewrite a record; only a database owner
 * who drops the trigger first can.
 */
export class AddAuditLog1796450000000 implements MigrationInterface {
  name = 'AddAuditLog1796450000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "audit_log" (
      "id" BIGSERIAL NOT NULL,
      "time" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "actor_uid" character varying(32),
      "actor_name" character varying(255),
      "ip" character varying(64),
      "action" character varying(64) NOT NULL,
      "target_type" character varying(32),
      "target_id" character varying(128),
      "before" jsonb,
      "after" jsonb,
      "note" character varying(1024),
      CONSTRAINT "PK_audit_log_id" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_audit_log_time" ON "audit_log" ("time")`);
    await queryRunner.query(`CREATE INDEX "IDX_audit_log_actor" ON "audit_log" ("actor_uid", "time")`);
    await queryRunner.query(`CREATE INDEX "IDX_audit_log_action" ON "audit_log" ("action", "time")`);
    await queryRunner.query(`CREATE INDEX "IDX_audit_log_target" ON "audit_log" ("target_type", "target_id", "time")`);
    await queryRunner.query(`CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await queryRunner.query(`CREATE TRIGGER "audit_log_no_update_delete" BEFORE UPDATE OR DELETE ON "audit_log"
      FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"()`);
    await queryRunner.query(`CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
      FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"()`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "audit_log"`);
    await queryRunner.query(`DROP FUNCTION "audit_log_append_only"()`);
  }
}
