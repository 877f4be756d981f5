import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A bank problem in a contest, with its contest display id, title and balloon colour. */
@Entity('contest_problem')
@Index(['cid', 'displayId'], { unique: true })
@Index(['cid', 'pid'], { unique: true })
export class ContestProblem {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  cid: number;

  /** Problem primary key (problem.id). */
  @Column({ type: 'int' })
  pid: number;

  @Column({ type: 'varchar', length: 100 })
  displayId: string;

  @Column({ type: 'varchar', length: 255 })
  displayTitle: string;

  /** Balloon colour, e.g. #ff0000. */
  @Column({ type: 'varchar', length: 20, nullable: true })
  color: string | null;
}
