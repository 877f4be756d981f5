import type { SubtaskResult } from '@oj/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A submission (product §3), stored in HOJ's table `judge` (so HOJ's schema and queries still read it). The Bull job id is the submitId. */
@Entity('judge')
@Index(['uid', 'pid'])
@Index(['status', 'submitTime'])
// Contest boards and contest submission lists read a contest's submissions in time order.
@Index(['cid', 'submitTime'])
// Training boards and progress read a training's submissions (only those made inside a training).
@Index('ix_judge_training', ['tid', 'uid'], { where: 'tid IS NOT NULL' })
@Index('ix_judge_exam', ['eid', 'uid', 'pid'], { where: 'eid <> 0' })
export class Submission {
  @PrimaryGeneratedColumn()
  submitId: number;

  /** Problem primary key. */
  @Index()
  @Column({ type: 'int' })
  pid: number;

  /** Problem display ID at submit time. */
  @Column({ type: 'varchar', length: 100 })
  displayPid: string;

  @Column({ type: 'varchar', length: 64 })
  uid: string;

  @Index()
  @Column({ type: 'varchar', length: 100 })
  username: string;

  @Index()
  @Column({ type: 'timestamptz', default: () => 'now()' })
  submitTime: Date;

  /** JudgeStatus (product §4). */
  @Column({ type: 'smallint' })
  status: number;

  @Column({ type: 'boolean', default: false })
  share: boolean;

  @Column({ type: 'text', nullable: true })
  errorMessage: string | null;

  /** Per test group (subtask) outcome of the judging, when the problem had groups (not in HOJ). */
  @Column({ type: 'jsonb', nullable: true })
  subtaskResults: SubtaskResult[] | null;

  /** ms */
  @Column({ type: 'int', nullable: true })
  time: number | null;

  /** KB */
  @Column({ type: 'int', nullable: true })
  memory: number | null;

  @Column({ type: 'int', nullable: true })
  score: number | null;

  /** Code length in bytes. */
  @Column({ type: 'int' })
  length: number;

  @Column({ type: 'text' })
  code: string;

  @Column({ type: 'varchar', length: 64 })
  language: string;

  @Column({ type: 'int', nullable: true })
  gid: number | null;

  @Column({ type: 'int', default: 0 })
  cid: number;

  /** The exam it was made in (0 outside exams); `displayPid` is then the exam display id. */
  @Column({ type: 'int', default: 0 })
  eid: number;

  @Column({ type: 'int', default: 0 })
  cpid: number;

  @Column({ type: 'int', nullable: true })
  tid: number | null;

  /**
   * A virtual participation's submission (issue 35): the contest module's `contest_virtual` run it was made in. Such
   * a submission is stored outside the contest (`cid` 0), so no contest board or count ever sees it.
   */
  @Index('IDX_judge_vid', { where: 'vid IS NOT NULL' })
  @Column({ type: 'int', nullable: true })
  vid: number | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  judger: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ip: string | null;

  /** A remote problem's submission: its run id on the remote site, stored before polling (issue 34). */
  @Column({ type: 'varchar', length: 64, nullable: true })
  remoteRunId: string | null;

  /** The remote_judge_account the submission went through (null: local, or not yet submitted). */
  @Column({ type: 'int', nullable: true })
  remoteAccountId: number | null;

  /** Bumped by each rejudge; a result only lands on the version it was judged for. */
  @Column({ type: 'int', default: 0 })
  version: number;

  /** True once this submission's final verdict is included in user and problem statistics. */
  @Column({ type: 'boolean', default: false })
  counted: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  gmtCreate: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  gmtModified: Date;
}
