import { AfterEndSeal, ContestAuth, ContestStatus, ContestType, LIMITS, OiScoreType, RankShowName, SealMode } from '@oj/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** Who may take part when the account limit is on: `prefix<number in start..end><suffix>`, or an extra name. */
export interface AccountLimitRule {
  prefix: string;
  suffix: string;
  start: number;
  end: number;
  extra: string[];
}

/** A contest (product §3). Field names follow HOJ's `contest` table. */
@Entity('contest')
@Index(['visible', 'startTime'])
export class Contest {
  @PrimaryGeneratedColumn()
  id: number;

  /** Creator's uid. */
  @Index()
  @Column({ type: 'varchar', length: 32 })
  uid: string;

  /** Creator's username, shown as the author. */
  @Column({ type: 'varchar', length: 100 })
  author: string;

  @Column({ type: 'varchar', length: 255 })
  title: string;

  @Column({ type: 'text', default: '' })
  description: string;

  /** ContestType: 0 ACM, 1 OI. */
  @Column({ type: 'smallint', default: ContestType.ACM })
  type: ContestType;

  /** ContestAuth: 0 public, 1 private, 2 protected. */
  @Column({ type: 'smallint', default: ContestAuth.Public })
  auth: ContestAuth;

  @Column({ type: 'varchar', length: LIMITS.accessPasswordMax, nullable: true, select: false })
  pwd: string | null;

  @Column({ type: 'timestamptz' })
  startTime: Date;

  @Column({ type: 'timestamptz' })
  endTime: Date;

  /** Seconds. */
  @Column({ type: 'int' })
  duration: number;

  /** Kept by the scheduler; answers compute it from the clock (contestStatusAt). */
  @Column({ type: 'smallint', default: ContestStatus.Scheduled })
  status: ContestStatus;

  @Column({ type: 'boolean', default: false })
  sealRank: boolean;

  @Column({ type: 'varchar', length: 20, default: SealMode.UntilEnd })
  sealMode: SealMode;

  /** The moment the board seals (derived from sealMode, or chosen for SealMode.UntilEnd). */
  @Column({ type: 'timestamptz', nullable: true })
  sealRankTime: Date | null;

  @Column({ type: 'varchar', length: 20, default: AfterEndSeal.AutoUnseal })
  afterEndSeal: AfterEndSeal;

  /** Set by an admin to release the board when afterEndSeal is 'unseal'. */
  @Column({ type: 'boolean', default: false })
  rankUnsealed: boolean;

  @Column({ type: 'varchar', length: 20, default: OiScoreType.Recent })
  oiRankScoreType: OiScoreType;

  /** Usernames of star (unranked) users. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  starAccount: string[];

  @Column({ type: 'varchar', length: 20, default: RankShowName.Username })
  rankShowName: RankShowName;

  @Column({ type: 'boolean', default: false })
  openPrint: boolean;

  @Column({ type: 'boolean', default: false })
  openAccountLimit: boolean;

  @Column({ type: 'jsonb', nullable: true })
  accountLimitRule: AccountLimitRule | null;

  @Column({ type: 'boolean', default: true })
  visible: boolean;

  /** Users who did not take part may run it virtually once it has ended (issue 35). */
  @Column({ type: 'boolean', default: true })
  allowVirtual: boolean;

  /** Allowed client address ranges (CIDRs) for entering and submitting; empty: anyone (issue 36, lockdown README). */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  ipRanges: string[];

  /** Lock mode: while it runs, its participants' sessions reach only its own pages and calls. */
  @Column({ type: 'boolean', default: false })
  lockMode: boolean;

  /** Owning group, null for site contests. */
  @Index()
  @Column({ type: 'int', nullable: true })
  gid: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  gmtCreate: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  gmtModified: Date;
}
