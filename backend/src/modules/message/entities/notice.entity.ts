import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** Who receives a notice (product §3). */
export const NoticeRecipient = { All: 'All', User: 'User', Admin: 'Admin' } as const;
export type NoticeRecipient = (typeof NoticeRecipient)[keyof typeof NoticeRecipient];

/** Admin → Notice: a system message pushed hourly to its recipients' "sys" box. */
@Entity('admin_sys_notice')
export class AdminSysNotice {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 255 })
  title: string;

  @Column({ type: 'text' })
  content: string;

  @Column({ type: 'varchar', length: 10 })
  type: NoticeRecipient;

  /** Designated recipient when type is User. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  recipientId: string | null;

  @Index('idx_admin_sys_notice_state')
  @Column({ type: 'boolean', default: false })
  state: boolean;

  @Column({ type: 'varchar', length: 32, nullable: true })
  adminId: string | null;

  /** A "mine" message's code (contracts MINE_MESSAGES) and fields, for clients to render it in their language. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  msgCode: string | null;

  @Column({ type: 'jsonb', nullable: true })
  msgParams: Record<string, string | number | null> | null;

  @CreateDateColumn({ type: 'timestamptz' })
  gmtCreate: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  gmtModified: Date;
}

/** A pushed notice in one user's "sys" box; read flag drives the unread count. */
@Entity('user_sys_notice')
@Index('idx_user_sys_notice_recipient', ['recipientId', 'state'])
export class UserSysNotice {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  sysNoticeId: number;

  @Column({ type: 'varchar', length: 32 })
  recipientId: string;

  /** 'Sys' for admin notices, 'Mine' for messages about the user's own activity. */
  @Column({ type: 'varchar', length: 10, default: 'Sys' })
  type: string;

  /** true once read. */
  @Column({ type: 'boolean', default: false })
  state: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  gmtCreate: Date;
}
