import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Per-verdict counts of a problem's judged submissions (outside contests). */
@Entity('problem_statistic')
export class ProblemStatistic {
  @PrimaryColumn({ type: 'int' })
  pid: number;

  @Column({ type: 'int', default: 0 }) total: number;
  @Column({ type: 'int', default: 0 }) ac: number;
  @Column({ type: 'int', default: 0 }) wa: number;
  @Column({ type: 'int', default: 0 }) ce: number;
  @Column({ type: 'int', default: 0 }) tle: number;
  @Column({ type: 'int', default: 0 }) mle: number;
  @Column({ type: 'int', default: 0 }) re: number;
  @Column({ type: 'int', default: 0 }) pe: number;
  @Column({ type: 'int', default: 0 }) se: number;
  @Column({ type: 'int', default: 0 }) pa: number;
}
