import { QuestionAuth, QuestionChoice, QuestionType } from '@oj/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A question of the bank (product §3): choice, judge, blank or answer. */
@Entity('question')
export class Question {
  @PrimaryGeneratedColumn()
  id: number;

  @Index({ unique: true })
  @Column({ type: 'varchar', length: 100 })
  displayId: string;

  /** QuestionType: 1 choice, 2 judge, 3 blank, 4 answer. */
  @Column({ type: 'smallint' })
  type: QuestionType;

  /** Choice questions: more than one letter may be chosen (indefinite multiple). */
  @Column({ type: 'boolean', default: false })
  multiple: boolean;

  /** Markdown. */
  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  choices: QuestionChoice[];

  /** See the answer formats in contracts (exam.ts); choice questions: the letters of the correct choices. */
  @Column({ type: 'text', nullable: true })
  rightAnswer: string | null;

  @Column({ type: 'boolean', default: false })
  answerShare: boolean;

  /** QuestionAuth: 1 public, 2 private, 3 exam only. */
  @Index()
  @Column({ type: 'smallint', default: QuestionAuth.Public })
  auth: QuestionAuth;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  tags: string[];

  @Column({ type: 'varchar', length: 32 })
  uid: string;

  @Column({ type: 'varchar', length: 100 })
  author: string;

  @Column({ type: 'int', nullable: true })
  gid: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  gmtCreate: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  gmtModified: Date;
}
