import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A reply under a comment, addressed to the comment's author or to another reply's author. */
@Entity('reply')
@Index('idx_reply_comment', ['commentId', 'id'])
export class Reply {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  commentId: number;

  @Column({ type: 'varchar', length: 32 })
  fromUid: string;

  @Column({ type: 'varchar', length: 100 })
  fromName: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  fromAvatar: string | null;

  @Column({ type: 'varchar', length: 50, default: 'user' })
  fromRole: string;

  @Column({ type: 'varchar', length: 32 })
  toUid: string;

  @Column({ type: 'varchar', length: 100 })
  toName: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  toAvatar: string | null;

  @Column({ type: 'text' })
  content: string;

  @Column({ type: 'smallint', default: 0 })
  status: number;

  @CreateDateColumn({ type: 'timestamptz' })
  gmtCreate: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  gmtModified: Date;
}
