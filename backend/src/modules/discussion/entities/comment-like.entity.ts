import { CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** One like of one user on one comment (HOJ calls the comment id `cid`). */
@Entity('comment_like')
@Index('idx_comment_like_uid', ['uid'])
export class CommentLike {
  @PrimaryColumn({ type: 'integer' })
  cid: number;

  @PrimaryColumn({ type: 'varchar', length: 32 })
  uid: string;

  @CreateDateColumn({ type: 'timestamptz' })
  gmtCreate: Date;
}
