import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A user's standing on one problem outside contests: solved or not, best score, first accepted time. */
@Entity('user_problem_stat')
export class UserProblemStat {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  uid: string;

  @PrimaryColumn({ type: 'int' })
  pid: number;

  @Column({ type: 'boolean', default: false })
  accepted: boolean;

  @Column({ type: 'int', default: 0 })
  bestScore: number;

  /** Latest final verdict, for the problem list's status column. */
  @Column({ type: 'smallint' })
  lastStatus: number;

  @Index()
  @Column({ type: 'timestamptz', nullable: true })
  firstAcTime: Date | null;
}
