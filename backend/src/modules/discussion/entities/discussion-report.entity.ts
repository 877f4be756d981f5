import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A user's report of a discussion; `content` holds the label and the reason. */
@Entity('discussion_report')
@Index('idx_discussion_report_status', ['status', 'id'])
@Index('idx_discussion_report_did', ['did'])
export class DiscussionReport {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  did: number;

  /** Username of the reporter (HOJ stores the name). */
  @Column({ type: 'varchar', length: 100 })
  reporter: string;

  @Column({ type: 'varchar', length: 32 })
  reporterUid: string;

  @Column({ type: 'varchar', length: 1100 })
  content: string;

  /** true once an admin handled it. */
  @Column({ type: 'boolean', default: false })
  status: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  gmtCreate: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  gmtModified: Date;
}
