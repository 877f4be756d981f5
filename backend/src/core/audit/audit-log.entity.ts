import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The audit trail (core/audit/README.md): one row per admin or group-owner change, written once and never
 * changed. A trigger made by the migration refuses UPDATE and DELETE on the table, so even a bug or a hand-written
 * query through the app's connection cannot rewrite history.
 */
@Entity('audit_log')
@Index('IDX_audit_log_time', ['time'])
@Index('IDX_audit_log_actor', ['actorUid', 'time'])
@Index('IDX_audit_log_action', ['action', 'time'])
@Index('IDX_audit_log_target', ['targetType', 'targetId', 'time'])
export class AuditLog {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  time: Date;

  /** Null when the system acted (a scheduled job, a migration). */
  @Column({ type: 'varchar', length: 32, nullable: true })
  actorUid: string | null;

  /** The name at the time of the action: a later rename or deletion of the account leaves the record readable. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  actorName: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ip: string | null;

  /** Dotted name, e.g. `judge.manual-verdict`. */
  @Column({ type: 'varchar', length: 64 })
  action: string;

  @Column({ type: 'varchar', length: 32, nullable: true })
  targetType: string | null;

  @Column({ type: 'varchar', length: 128, nullable: true })
  targetId: string | null;

  @Column({ type: 'jsonb', nullable: true })
  before: unknown;

  @Column({ type: 'jsonb', nullable: true })
  after: unknown;

  @Column({ type: 'varchar', length: 1024, nullable: true })
  note: string | null;
}
