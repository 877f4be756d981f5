import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One test case; the data lives under DATA_DIR (see TestcaseStore), named by the file names here. */
@Entity('problem_case')
@Index(['pid', 'caseId'], { unique: true })
export class ProblemCase {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  pid: number;

  /** 1-based judging order. */
  @Column({ type: 'int' })
  caseId: number;

  @Column({ type: 'varchar', length: 255 })
  input: string;

  @Column({ type: 'varchar', length: 255 })
  output: string;

  @Column({ type: 'int', default: 0 })
  score: number;

  @Column({ type: 'int', nullable: true })
  groupNum: number | null;

  /** sha256 of input and output, hex. */
  @Column({ type: 'varchar', length: 64 })
  inputChecksum: string;

  @Column({ type: 'varchar', length: 64 })
  outputChecksum: string;
}
