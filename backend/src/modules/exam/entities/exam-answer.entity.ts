import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A candidate's saved answer to one exam question (re-saved until the end), with its score. */
@Entity('exam_answer')
@Index(['eid', 'qid', 'uid'], { unique: true })
@Index(['eid', 'uid'])
export class ExamAnswer {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  eid: number;

  @Column({ type: 'int' })
  qid: number;

  @Column({ type: 'varchar', length: 32 })
  uid: string;

  @Column({ type: 'text' })
  answer: string;

  /** Scored on save (objective types); answer questions: null until marked. */
  @Column({ type: 'int', nullable: true })
  score: number | null;

  /** A marker set the score by hand: re-scoring leaves it. */
  @Column({ type: 'boolean', default: false })
  manual: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  gmtCreate: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  gmtModified: Date;
}
