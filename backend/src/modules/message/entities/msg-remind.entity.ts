import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * One message of the comment ("Discuss"), reply or like box (HOJ's msg_remind). `commentId` is ours:
 * the comment the message is about, so deleting a comment deletes its messages.
 */
@Entity('msg_remind')
@Index('idx_msg_remind_box', ['recipientId', 'action', 'state', 'id'])
@Index('idx_msg_remind_source', ['sourceType', 'sourceId'])
@Index('idx_msg_remind_comment', ['commentId'])
export class MsgRemind {
  @PrimaryGeneratedColumn()
  id: number;

  /** Discuss, Reply or Like. */
  @Column({ type: 'varchar', length: 10 })
  action: string;

  @Column({ type: 'integer' })
  sourceId: number;

  /** Discussion or Contest. */
  @Column({ type: 'varchar', length: 20 })
  sourceType: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  sourceContent: string | null;

  @Column({ type: 'integer', nullable: true })
  quoteId: number | null;

  /** Comment or Reply. */
  @Column({ type: 'varchar', length: 10, nullable: true })
  quoteType: string | null;

  @Column({ type: 'integer', nullable: true })
  commentId: number | null;

  /** Ours: the reply that caused a Reply message, so deleting the reply deletes it. */
  @Index('idx_msg_remind_reply')
  @Column({ type: 'integer', nullable: true })
  replyId: number | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  url: string | null;

  @Column({ type: 'varchar', length: 32 })
  recipientId: string;

  @Column({ type: 'varchar', length: 32 })
  senderId: string;

  @Column({ type: 'boolean', default: false })
  state: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  gmtCreate: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  gmtModified: Date;
}
