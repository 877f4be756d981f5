import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A question of an exam. */
@Entity('exam_question')
@Index(['eid', 'displayId'], { unique: true })
@Index(['eid', 'qid'], { unique: true })
export class ExamQuestion {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  eid: number;

  /** Question primary key. */
  @Index()
  @Column({ type: 'int' })
  qid: number;

  @Column({ type: 'varchar', length: 100 })
  displayId: string;

  /** Points of the question in the paper. */
  @Column({ type: 'int', default: 0 })
  score: number;
}
