import { LIMITS, TrainingAuth } from '@oj/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A training (product §3): an ordered problem set in a category, public or private with a password (HOJ `training`). */
@Entity('training')
@Index('ix_training_list', ['status', 'rank', 'id'])
export class Training {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 255 })
  title: string;

  /** Markdown. */
  @Column({ type: 'text', default: '' })
  description: string;

  /** Username of the author (HOJ compares by username); `uid` is what access checks use. */
  @Column({ type: 'varchar', length: 100 })
  author: string;

  @Column({ type: 'varchar', length: 32 })
  uid: string;

  @Column({ type: 'varchar', length: 16, default: TrainingAuth.Public })
  auth: TrainingAuth;

  /** Only read where it is checked or shown to the training's admins. */
  @Column({ type: 'varchar', length: LIMITS.accessPasswordMax, nullable: true, select: false })
  privatePwd: string | null;

  /** Visible (HOJ `status`): hidden trainings show to their admins only. */
  @Column({ type: 'boolean', default: true })
  status: boolean;

  /** Order of the list, ascending (HOJ `rank`). */
  @Column({ type: 'int', default: 0 })
  rank: number;

  @Index('ix_training_category')
  @Column({ type: 'int', nullable: true })
  categoryId: number | null;

  @Column({ type: 'boolean', default: false })
  isGroup: boolean;

  @Column({ type: 'int', nullable: true })
  gid: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  gmtCreate: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  gmtModified: Date;
}
