import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * Who a provider's subject is here: the OIDC `sub`, the directory entry's DN or the CAS user, linked to one account.
 * A second login through the same provider finds the account by this row, whatever the mapped fields say by then.
 */
@Entity('sso_identity')
@Index('uq_sso_identity_subject', ['providerId', 'subject'], { unique: true })
@Index('ix_sso_identity_uid', ['uid'])
export class SsoIdentity {
  @PrimaryGeneratedColumn({ primaryKeyConstraintName: 'PK_sso_identity' })
  id: number;

  @Column({ type: 'int' })
  providerId: number;

  @Column({ type: 'varchar', length: 512 })
  subject: string;

  @Column({ type: 'varchar', length: 32 })
  uid: string;

  @CreateDateColumn({ type: 'timestamptz' })
  gmtCreate: Date;

  /** Last login through this provider. */
  @Column({ type: 'timestamptz', nullable: true })
  lastLogin: Date | null;
}
