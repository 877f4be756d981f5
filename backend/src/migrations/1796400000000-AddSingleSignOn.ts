import { MigrationInterface, QueryRunner } from 'typeorm';

/** Single sign-on (issue 36): the providers root configures, the identities linked to accounts, the site setting. */
export class AddSingleSignOn1796400000000 implements MigrationInterface {
  name = 'AddSingleSignOn1796400000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "sso_provider" (
      "id" SERIAL NOT NULL,
      "name" character varying(60) NOT NULL,
      "type" character varying(8) NOT NULL,
      "enabled" boolean NOT NULL DEFAULT false,
      "account_mode" character varying(8) NOT NULL DEFAULT 'create',
      "link_by" character varying(8) NOT NULL DEFAULT 'email',
      "settings" jsonb NOT NULL,
      "mapping" jsonb NOT NULL,
      "group_rules" jsonb NOT NULL DEFAULT '[]',
      "secret" text,
      "gmt_create" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "gmt_modified" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_sso_provider" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_sso_provider_name" ON "sso_provider" ("name")`);
    await queryRunner.query(`CREATE TABLE "sso_identity" (
      "id" SERIAL NOT NULL,
      "provider_id" integer NOT NULL,
      "subject" character varying(512) NOT NULL,
      "uid" character varying(32) NOT NULL,
      "gmt_create" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "last_login" TIMESTAMP WITH TIME ZONE,
      CONSTRAINT "PK_sso_identity" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_sso_identity_subject" ON "sso_identity" ("provider_id", "subject")`);
    await queryRunner.query(`CREATE INDEX "ix_sso_identity_uid" ON "sso_identity" ("uid")`);
    await queryRunner.query(`CREATE TABLE "sso_setting" (
      "id" smallint NOT NULL,
      "local_password_off" boolean NOT NULL DEFAULT false,
      "gmt_modified" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_sso_setting" PRIMARY KEY ("id"))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "sso_setting"`);
    await queryRunner.query(`DROP TABLE "sso_identity"`);
    await queryRunner.query(`DROP TABLE "sso_provider"`);
  }
}
