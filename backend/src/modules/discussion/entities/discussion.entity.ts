import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * A discussion post. Author name, avatar and role are copied at posting time (HOJ does the same) so a
 * list page reads one table. `commentNum` counts comments and replies.
 */
@Entity('discussion')
// The public list: shown posts, pinned first, newest first.
@Index('idx_discussion_list', ['status', 'topPriority', 'id'])
@Index('idx_discussion_category', ['categoryId', 'status', 'topPriority', 'id'])
@Index('idx_discussion_pid', ['pid', 'status', 'topPriority', 'id'])
@Index('idx_discussion_uid', ['uid', 'id'])
export class Discussion {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  categoryId: number;

  @Column({ type: 'varchar', length: 255 })
  title: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  description: string;

  @Column({ type: 'text' })
  content: string;

  /** Problem id (problem.problem_id) for a problem's discussion tab. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  pid: string | null;

  @Column({ type: 'varchar', length: 32 })
  uid: string;

  @Column({ type: 'varchar', length: 100 })
  author: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  avatar: string | null;

  @Column({ type: 'varchar', length: 50, default: 'user' })
  role: string;

  @Column({ type: 'integer', default: 0 })
  viewNum: number;

  @Column({ type: 'integer', default: 0 })
  likeNum: number;

  @Column({ type: 'integer', default: 0 })
  commentNum: number;

  @Column({ type: 'boolean', default: false })
  topPriority: boolean;

  /** 0 shown, 1 hidden by an admin. */
  @Column({ type: 'smallint', default: 0 })
  status: number;

  /** Group of a group discussion; null for the public area. */
  @Column({ type: 'bigint', nullable: true })
  gid: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  gmtCreate: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  gmtModified: Date;
}
