import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A comment on a discussion (`did`) or on a contest (`cid`); exactly one of them is set. */
@Entity('comment')
@Index('idx_comment_did', ['did', 'id'])
@Index('idx_comment_cid', ['cid', 'id'])
export class Comment {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer', nullable: true })
  cid: number | null;

  @Column({ type: 'integer', nullable: true })
  did: number | null;

  @Column({ type: 'text' })
  content: string;

  @Column({ type: 'varchar', length: 32 })
  fromUid: string;

  @Column({ type: 'varchar', length: 100 })
  fromName: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  fromAvatar: string | null;

  @Column({ type: 'varchar', length: 50, default: 'user' })
  fromRole: string;

  @Column({ type: 'integer', default: 0 })
  likeNum: number;

  /** Replies of this comment, kept by the reply writers in their transactions (CommentVO's totalReplyNum). */
  @Column({ type: 'integer', default: 0 })
  replyNum: number;

  @Column({ type: 'smallint', default: 0 })
  status: number;

  @CreateDateColumn({ type: 'timestamptz' })
  gmtCreate: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  gmtModified: Date;
}
