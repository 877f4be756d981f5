import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { PlagiarismCheckStatus, PlagiarismScope } from '@oj/contracts';

/** One run of the plagiarism check over a contest's, an exam's or a problem's submissions, and how far it got. */
@Entity('plagiarism_check')
@Index('IDX_plagiarism_check_scope', ['scope', 'scopeId'])
export class PlagiarismCheck {
  @PrimaryGeneratedColumn({ primaryKeyConstraintName: 'PK_plagiarism_check' })
  id: number;

  @Column({ type: 'varchar', length: 16 })
  scope: PlagiarismScope;

  /** the contest's, the exam's or the problem's id */
  @Column({ type: 'int' })
  scopeId: number;

  @Column({ type: 'boolean', default: true })
  onlyAccepted: boolean;

  /** percent from which a pair is kept */
  @Column({ type: 'smallint' })
  threshold: number;

  @Column({ type: 'varchar', length: 16, default: 'waiting' })
  status: PlagiarismCheckStatus;

  /** 0..100 */
  @Column({ type: 'smallint', default: 0 })
  progress: number;

  /** programs compared (one per user, problem and language group) */
  @Column({ type: 'int', default: 0 })
  submissions: number;

  @Column({ type: 'int', default: 0 })
  comparedPairs: number;

  /** pairs kept (at or above the threshold) */
  @Column({ type: 'int', default: 0 })
  pairs: number;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  @Column({ type: 'varchar', length: 64 })
  createdByUid: string;

  @Column({ type: 'varchar', length: 100 })
  createdBy: string;

  @CreateDateColumn({ type: 'timestamptz' })
  gmtCreate: Date;

  @Column({ type: 'timestamptz', nullable: true })
  finishTime: Date | null;

  /** the comparison's own time, ms */
  @Column({ type: 'int', nullable: true })
  ms: number | null;
}
