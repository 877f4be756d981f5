import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A user's judging totals outside contests: what the rank lists order by. */
@Entity('user_judge_stat')
export class UserJudgeStat {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  uid: string;

  @Column({ type: 'varchar', length: 100 })
  username: string;

  /** Judged submissions (final verdicts). */
  @Column({ type: 'int', default: 0 })
  submissions: number;

  /** Accepted submissions. */
  @Column({ type: 'int', default: 0 })
  accepted: number;

  /** Distinct problems accepted. */
  @Column({ type: 'int', default: 0 })
  solved: number;

  /** Sum over problems of the best score (OI rank). */
  @Column({ type: 'int', default: 0 })
  totalScore: number;
}
