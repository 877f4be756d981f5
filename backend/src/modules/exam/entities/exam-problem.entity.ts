import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A programming problem of an exam. */
@Entity('exam_problem')
@Index(['eid', 'displayId'], { unique: true })
@Index(['eid', 'pid'], { unique: true })
export class ExamProblem {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  eid: number;

  /** Bank problem primary key. */
  @Index()
  @Column({ type: 'int' })
  pid: number;

  @Column({ type: 'varchar', length: 100 })
  displayId: string;

  @Column({ type: 'varchar', length: 255 })
  displayTitle: string;

  @Column({ type: 'varchar', length: 20, nullable: true })
  color: string | null;

  /** Points of the problem in the paper. */
  @Column({ type: 'int', default: 0 })
  score: number;
}
