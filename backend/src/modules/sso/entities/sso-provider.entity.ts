import type { SsoAccountMode, SsoGroupRule, SsoLinkBy, SsoMapping, SsoSettings, SsoType } from '@oj/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A single sign-on provider root configured (OIDC, LDAP or CAS) and how its logins become accounts here. */
@Entity('sso_provider')
@Index('uq_sso_provider_name', ['name'], { unique: true })
export class SsoProvider {
  @PrimaryGeneratedColumn({ primaryKeyConstraintName: 'PK_sso_provider' })
  id: number;

  @Column({ type: 'varchar', length: 60 })
  name: string;

  @Column({ type: 'varchar', length: 8 })
  type: SsoType;

  @Column({ type: 'boolean', default: false })
  enabled: boolean;

  @Column({ type: 'varchar', length: 8, default: 'create' })
  accountMode: SsoAccountMode;

  @Column({ type: 'varchar', length: 8, default: 'email' })
  linkBy: SsoLinkBy;

  /** The type's settings (issuer and client id, directory address and filters, CAS address); no secret in here. */
  @Column({ type: 'jsonb' })
  settings: SsoSettings;

  @Column({ type: 'jsonb' })
  mapping: SsoMapping;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  groupRules: SsoGroupRule[];

  /** OIDC client secret or LDAP service bind password. Never selected unless asked for, never sent to a browser. */
  @Column({ type: 'text', nullable: true, select: false })
  secret: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  gmtCreate: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  gmtModified: Date;
}
