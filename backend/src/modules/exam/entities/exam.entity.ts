import { ContestAuth, ContestStatus, ContestType, LIMITS, OiScoreType, RankShowName } from '@oj/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** An exam (product §3): timed like a contest, questions and programming problems, scored papers. */
@Entity('exam')
@Index(['visible', 'startTime'])
export class Exam {
  @PrimaryGeneratedColumn()
  id: number;

  /** Creator's uid. */
  @Index()
  @Column({ type: 'varchar', length: 32 })
  uid: string;

  @Column({ type: 'varchar', length: 100 })
  author: string;

  @Column({ type: 'varchar', length: 255 })
  title: string;

  @Column({ type: 'text', default: '' })
  description: string;

  /** ExamType (ContestType): how programming problems count (OI partial points, ACM all or nothing). */
  @Column({ type: 'smallint', default: ContestType.OI })
  type: ContestType;

  /** ExamAuth: 0 public, 1 private, 2 protected. */
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

  /** Kept by the clock; answers compute it on read (contestStatusAt). */
  @Column({ type: 'smallint', default: ContestStatus.Scheduled })
  status: ContestStatus;

  /** Candidates see their scores while the exam runs. */
  @Column({ type: 'boolean', default: false })
  realScore: boolean;

  /** The clock scores every paper when the exam ends. */
  @Column({ type: 'boolean', default: true })
  autoRealScore: boolean;

  @Column({ type: 'varchar', length: 20, default: OiScoreType.Highest })
  rankScoreType: OiScoreType;

  @Column({ type: 'varchar', length: 20, default: RankShowName.Username })
  rankShowName: RankShowName;

  @Column({ type: 'boolean', default: true })
  visible: boolean;

  /** Allowed client address ranges (CIDRs) for entering and submitting; empty: anyone (issue 36, lockdown README). */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  ipRanges: string[];

  /** Lock mode: while it runs, its participants' sessions reach only its own pages and calls. */
  @Column({ type: 'boolean', default: false })
  lockMode: boolean;

  @Index()
  @Column({ type: 'int', nullable: true })
  gid: number | null;

  /** When every paper was last scored (end sweep, score-exam-papers, rejudge-question). */
  @Column({ type: 'timestamptz', nullable: true })
  scoredAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  gmtCreate: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  gmtModified: Date;
}
