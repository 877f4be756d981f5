import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** One participant's rating change in one rated contest (the rating history). */
@Entity('contest_rating')
@Index('idx_contest_rating_uid', ['uid'])
export class ContestRating {
  @PrimaryColumn({ type: 'int' })
  cid: number;

  @PrimaryColumn({ type: 'varchar', length: 32 })
  uid: string;

  @Column({ type: 'int' })
  rank: number;

  @Column({ type: 'int' })
  oldRating: number;

  @Column({ type: 'int' })
  newRating: number;

  @CreateDateColumn({ type: 'timestamptz' })
  gmtCreate: Date;
}
