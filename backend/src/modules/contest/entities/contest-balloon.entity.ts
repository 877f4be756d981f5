import { Column, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** The checked state of a balloon (an accepted problem of a contestant, product §3 "checked state"). */
@Entity('contest_balloon')
@Index(['cid', 'submitId'], { unique: true })
export class ContestBalloon {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  cid: number;

  /** The accepted submission the balloon is for. */
  @Column({ type: 'int' })
  submitId: number;

  @Column({ type: 'boolean', default: false })
  checked: boolean;

  @UpdateDateColumn({ type: 'timestamptz' })
  gmtModified: Date;
}
