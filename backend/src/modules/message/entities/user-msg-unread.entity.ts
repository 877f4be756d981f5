import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Per-user unread counters behind GET /api/msg/unread (polled by every logged-in browser): one key
 * lookup, whatever the number of messages. Changed in the same transaction as the messages they count.
 */
@Entity('user_msg_unread')
export class UserMsgUnread {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  uid: string;

  @Column({ type: 'integer', default: 0 })
  comment: number;

  @Column({ type: 'integer', default: 0 })
  reply: number;

  @Column({ type: 'integer', default: 0 })
  like: number;

  @Column({ type: 'integer', default: 0 })
  sys: number;

  @Column({ type: 'integer', default: 0 })
  mine: number;
}
