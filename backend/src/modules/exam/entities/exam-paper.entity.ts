import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** Per programming problem of a paper: the submission counted and its points (or a marker's score). */
export interface PaperProblemScore {
  pid: number;
  submitId: number | null;
  status: number | null;
  /** judged points */
  score: number;
  /** a marker's score replacing the judged one */
  manual: number | null;
}

/** A candidate's scored paper: totals of the answers and programming problems (see scoring/). */
@Entity('exam_paper')
@Index(['eid', 'uid'], { unique: true })
export class ExamPaper {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  eid: number;

  @Column({ type: 'varchar', length: 32 })
  uid: string;

  @Column({ type: 'int', default: 0 })
  answered: number;

  @Column({ type: 'int', default: 0 })
  objectiveScore: number;

  @Column({ type: 'int', default: 0 })
  subjectiveScore: number;

  @Column({ type: 'int', default: 0 })
  programScore: number;

  @Column({ type: 'int', default: 0 })
  totalScore: number;

  /** Every answered answer-question has a score. */
  @Column({ type: 'boolean', default: false })
  marked: boolean;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  problemScores: PaperProblemScore[];

  @Column({ type: 'timestamptz', nullable: true })
  scoredAt: Date | null;

  /** When the candidate handed in (交卷, `hand-in-exam`): no answer or program is taken after it. */
  @Column({ type: 'timestamptz', nullable: true })
  handedInAt: Date | null;
}
