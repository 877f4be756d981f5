import { CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** One like of one user on one discussion (the key makes likes idempotent). */
@Entity('discussion_like')
@Index('idx_discussion_like_uid', ['uid'])
export class DiscussionLike {
  @PrimaryColumn({ type: 'integer' })
  did: number;

  @PrimaryColumn({ type: 'varchar', length: 32 })
  uid: string;

  @CreateDateColumn({ type: 'timestamptz' })
  gmtCreate: Date;
}
