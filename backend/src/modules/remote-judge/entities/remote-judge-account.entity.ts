import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique, UpdateDateColumn } from 'typeorm';

/**
 * An account on a remote judge site that submissions are forwarded through (issue 34). Whether it is in use is not
 * stored here but leased in Redis (RemoteAccountLeases): a crashed process's lease runs out on its own.
 */
@Entity('remote_judge_account')
@Unique('UQ_remote_judge_account_oj_username', ['oj', 'username'])
export class RemoteJudgeAccount {
  @PrimaryGeneratedColumn({ primaryKeyConstraintName: 'PK_remote_judge_account' })
  id: number;

  /** REMOTE_OJS key: HDU, CF, POJ, GYM, AC, SPOJ, BAS. */
  @Column({ type: 'varchar', length: 20 })
  oj: string;

  @Column({ type: 'varchar', length: 255 })
  username: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  password: string;

  /** A session cookie header pasted by the admin for a site behind a bot wall. */
  @Column({ type: 'text', nullable: true })
  cookie: string | null;

  /** The user agent the pasted cookie belongs to. */
  @Column({ type: 'varchar', length: 500, nullable: true })
  userAgent: string | null;

  @Column({ type: 'boolean', default: true })
  enabled: boolean;

  /** The last failure through this account ("[CF] login: wrong password"); cleared by its next success. */
  @Column({ type: 'text', nullable: true })
  lastError: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  lastErrorAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  gmtCreate: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  gmtModified: Date;
}
