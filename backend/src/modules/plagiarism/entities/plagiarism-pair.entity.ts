import { Column, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { PlagiarismMethod, PlagiarismPairStatus, PlagiarismRegion } from '@oj/contracts';

/** A pair of programs a check kept, with where they match and an admin's review. `a` is the earlier submission. */
@Entity('plagiarism_pair')
@Index('IDX_plagiarism_pair_check', ['checkId', 'similarity'])
export class PlagiarismPair {
  @PrimaryGeneratedColumn({ primaryKeyConstraintName: 'PK_plagiarism_pair' })
  id: number;

  @Column({ type: 'int' })
  checkId: number;

  @Column({ type: 'int' })
  pid: number;

  /** the display id the submissions were made under (the contest's or exam's, else the problem id) */
  @Column({ type: 'varchar', length: 100 })
  displayId: string;

  /** the language group compared: C/C++, Java, Python, or a language's own name */
  @Column({ type: 'varchar', length: 64 })
  language: string;

  @Column({ type: 'varchar', length: 16 })
  method: PlagiarismMethod;

  /** percent */
  @Column({ type: 'real' })
  similarity: number;

  @Column({ type: 'real' })
  aPercent: number;

  @Column({ type: 'real' })
  bPercent: number;

  @Column({ type: 'int' })
  aSubmitId: number;

  @Column({ type: 'varchar', length: 64 })
  aUid: string;

  @Column({ type: 'varchar', length: 100 })
  aUsername: string;

  @Column({ type: 'int' })
  bSubmitId: number;

  @Column({ type: 'varchar', length: 64 })
  bUid: string;

  @Column({ type: 'varchar', length: 100 })
  bUsername: string;

  /** matching line ranges */
  @Column({ type: 'jsonb' })
  regions: PlagiarismRegion[];

  @Column({ type: 'varchar', length: 16, default: 'open' })
  status: PlagiarismPairStatus;

  @Column({ type: 'varchar', length: 100, nullable: true })
  reviewedBy: string | null;

  @UpdateDateColumn({ type: 'timestamptz' })
  gmtModified: Date;
}
