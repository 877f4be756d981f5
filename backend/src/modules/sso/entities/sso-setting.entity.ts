import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** The site-wide sign-in settings: one row (id 1). */
@Entity('sso_setting')
export class SsoSetting {
  @PrimaryColumn({ type: 'smallint', primaryKeyConstraintName: 'PK_sso_setting' })
  id: number;

  /** Password login refused to users who are not admins (admins keep it, so a broken provider cannot lock root out). */
  @Column({ type: 'boolean', default: false })
  localPasswordOff: boolean;

  @UpdateDateColumn({ type: 'timestamptz' })
  gmtModified: Date;
}
