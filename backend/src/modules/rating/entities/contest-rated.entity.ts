import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A contest whose end changes its participants' ratings; appliedAt is set once the changes are written. */
@Entity('contest_rated')
export class ContestRated {
  @PrimaryColumn({ type: 'int' })
  cid: number;

  @Column({ type: 'timestamptz', nullable: true })
  appliedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  gmtCreate: Date;
}
