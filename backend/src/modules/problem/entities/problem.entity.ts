import type { CaseGroup, CheckerProtocol } from '@oj/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A problem of the bank (product §3). Field names follow HOJ's `problem` table. */
@Entity('problem')
/** The group's problem list (a group's problems by id). */
@Index('ix_problem_gid', ['gid', 'id'])
export class Problem {
  @PrimaryGeneratedColumn()
  id: number;

  /** Display ID, e.g. "1001" or "HDU-1000". */
  @Index({ unique: true })
  @Column({ type: 'varchar', length: 100 })
  problemId: string;

  @Column({ type: 'varchar', length: 255 })
  title: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  author: string | null;

  /** ProblemType: 0 ACM, 1 OI. */
  @Column({ type: 'smallint', default: 0 })
  type: number;

  /** JudgeMode: default, spj, interactive. */
  @Column({ type: 'varchar', length: 20, default: 'default' })
  judgeMode: string;

  /** ms */
  @Column({ type: 'int', default: 1000 })
  timeLimit: number;

  /** MB */
  @Column({ type: 'int', default: 256 })
  memoryLimit: number;

  /** MB */
  @Column({ type: 'int', default: 128 })
  stackLimit: number;

  @Column({ type: 'text', default: '' })
  description: string;

  @Column({ type: 'text', default: '' })
  input: string;

  @Column({ type: 'text', default: '' })
  output: string;

  /** Examples as a JSON array of {input, output}. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  examples: { input: string; output: string }[];

  @Column({ type: 'boolean', default: false })
  isRemote: boolean;

  /** Remote judge the problem comes from (REMOTE_OJS), null for local problems. */
  @Column({ type: 'varchar', length: 20, nullable: true })
  remoteOj: string | null;

  @Column({ type: 'text', default: '' })
  source: string;

  @Column({ type: 'smallint', default: 0 })
  difficulty: number;

  @Column({ type: 'text', default: '' })
  hint: string;

  /** ProblemAuth: 1 public, 2 private, 3 contest/exam. */
  @Index()
  @Column({ type: 'smallint', default: 1 })
  auth: number;

  /** Total score of an OI problem (sum of case scores). */
  @Column({ type: 'int', default: 100 })
  ioScore: number;

  @Column({ type: 'boolean', default: true })
  codeShare: boolean;

  @Column({ type: 'text', nullable: true })
  spjCode: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  spjLanguage: string | null;

  @Column({ type: 'jsonb', nullable: true })
  userExtraFile: Record<string, string> | null;

  @Column({ type: 'jsonb', nullable: true })
  judgeExtraFile: Record<string, string> | null;

  @Column({ type: 'boolean', default: true })
  isRemoveEndBlank: boolean;

  /** Default mode: numbers in the output may differ from the answer by this much (null: exact). */
  /**
   * Convention of the special judge / interactor: testlib, or domjudge (the Kattis validator convention:
   * input, judge answer, feedback dir; exit 42 / 43), as imported ICPC packages have it (not in HOJ).
   */
  @Column({ type: 'varchar', length: 16, default: 'testlib' })
  checkerProtocol: CheckerProtocol;

  /** OI test groups (subtasks): score and rule of each groupNum its cases name; null: none (not in HOJ). */
  @Column({ type: 'jsonb', nullable: true })
  caseGroups: CaseGroup[] | null;

  @Column({ type: 'double precision', nullable: true })
  floatAbsTolerance: number | null;

  /** Default mode: ... or by this fraction of the answer (either bound suffices, as DOMjudge's float_tolerance). */
  @Column({ type: 'double precision', nullable: true })
  floatRelTolerance: number | null;

  /** Publish test-point results to the submitter. */
  @Column({ type: 'boolean', default: true })
  openCaseResult: boolean;

  @Column({ type: 'boolean', default: true })
  isUploadCase: boolean;

  /** Checksum of the current judge package; workers cache packages by it. */
  @Column({ type: 'varchar', length: 64, default: '' })
  caseVersion: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  modifiedUser: string | null;

  @Column({ type: 'boolean', default: false })
  isGroup: boolean;

  @Column({ type: 'int', nullable: true })
  gid: number | null;

  /** HOJ's apply-public progress of a group problem: null not applied, 1 applying, 2 public, 3 refused. */
  @Column({ type: 'int', nullable: true })
  applyPublicProgress: number | null;

  @Column({ type: 'boolean', default: false })
  isFileIO: boolean;

  @Column({ type: 'varchar', length: 100, nullable: true })
  ioReadFileName: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  ioWriteFileName: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  gmtCreate: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  gmtModified: Date;
}
