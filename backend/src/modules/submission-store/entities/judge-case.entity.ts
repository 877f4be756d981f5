import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** The result of one test case of a submission. */
@Entity('judge_case')
@Index(['submitId', 'caseId'], { unique: true })
export class JudgeCase {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  submitId: number;

  @Column({ type: 'int' })
  pid: number;

  @Column({ type: 'varchar', length: 64 })
  uid: string;

  @Column({ type: 'int' })
  caseId: number;

  @Column({ type: 'smallint' })
  status: number;

  /** ms */
  @Column({ type: 'int', default: 0 })
  time: number;

  /** KB */
  @Column({ type: 'int', default: 0 })
  memory: number;

  /** Null on an ACM problem (HOJ: only OI cases carry points). */
  @Column({ type: 'int', nullable: true, default: 0 })
  score: number | null;

  /** HOJ's JudgeCase.groupNum: the case's test group (subtask), null when ungrouped. */
  @Column({ type: 'int', nullable: true })
  groupNum: number | null;

  /** Shown with the case results: the built-in checkers say where the output differs, not what was expected. */
  @Column({ type: 'text', nullable: true })
  message: string | null;

  /** The built-in checkers' expected and found tokens, for admins only (issue 31: answers leaked through messages). */
  @Column({ type: 'text', nullable: true })
  detail: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  inputData: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  outputData: string | null;

  @Column({ type: 'text', nullable: true })
  userOutput: string | null;
}
