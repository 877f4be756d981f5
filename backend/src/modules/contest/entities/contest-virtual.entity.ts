import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';

/**
 * A user's virtual run of an ended contest (issue 35): the contest's duration from `startTime`. Its submissions are
 * practice rows of the judge table marked with this id (`vid`), never contest rows.
 */
@Entity('contest_virtual')
@Unique('UQ_contest_virtual_cid_uid', ['cid', 'uid'])
export class ContestVirtual {
  @PrimaryGeneratedColumn({ primaryKeyConstraintName: 'PK_contest_virtual' })
  id: number;

  @Column({ type: 'int' })
  cid: number;

  @Column({ type: 'varchar', length: 64 })
  uid: string;

  @Column({ type: 'varchar', length: 100 })
  username: string;

  @Column({ type: 'timestamptz' })
  startTime: Date;

  @Column({ type: 'timestamptz' })
  endTime: Date;

  @CreateDateColumn({ type: 'timestamptz' })
  gmtCreate: Date;
}
