import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** The daily backup's settings: one row (id 1), made with the defaults by the migration. */
@Entity('backup_settings')
export class BackupSettingsRow {
  @PrimaryColumn({ type: 'smallint', primaryKeyConstraintName: 'PK_backup_settings' })
  id: number;

  @Column({ type: 'boolean', default: false })
  enabled: boolean;

  /** hour of the day (server's local time) the daily backup starts */
  @Column({ type: 'smallint', default: 3 })
  hour: number;

  /** archives kept in DATA_DIR/backups */
  @Column({ type: 'smallint', default: 7 })
  retention: number;

  @Column({ type: 'varchar', length: 32, nullable: true })
  updatedBy: string | null;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
