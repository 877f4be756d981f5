import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** Site announcement (product §3), or a group's when `gid` is set. `status` 0 visible, 1 hidden (contracts ANNOUNCEMENT_VISIBLE/HIDDEN). */
@Entity('announcement')
export class AnnouncementEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 255 })
  title: string;

  @Column({ type: 'text' })
  content: string;

  @Index('idx_announcement_status')
  @Column({ type: 'smallint', default: 0 })
  status: number;

  /** Owning group (group announcements, issue 17); null for site announcements. */
  @Index('ix_announcement_gid')
  @Column({ type: 'int', nullable: true })
  gid: number | null;

  /** Author uid. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  uid: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  gmtCreate: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  gmtModified: Date;
}
