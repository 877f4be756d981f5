import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * A bank problem inside a training under its display id, in the training's order (HOJ `training_problem`).
 * `total` and `ac` count tries made inside the training; results move them, `update-problem-count` recounts.
 */
@Entity('training_problem')
@Index('uq_training_problem_pid', ['tid', 'pid'], { unique: true })
@Index('uq_training_problem_display_id', ['tid', 'displayId'], { unique: true })
export class TrainingProblem {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  tid: number;

  @Index('ix_training_problem_problem')
  @Column({ type: 'int' })
  pid: number;

  @Column({ type: 'varchar', length: 100 })
  displayId: string;

  /** Order inside the training, ascending. */
  @Column({ type: 'int', default: 0 })
  rank: number;

  @Column({ type: 'int', default: 0 })
  total: number;

  @Column({ type: 'int', default: 0 })
  ac: number;

  @CreateDateColumn({ type: 'timestamptz' })
  gmtCreate: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  gmtModified: Date;
}
