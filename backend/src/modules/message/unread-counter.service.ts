import { Injectable } from '@nestjs/common';
import { UnreadCounts } from '@oj/contracts';
import { DataSource, EntityManager } from 'typeorm';

export type UnreadBox = keyof UnreadCounts;

export interface UnreadChange {
  uid: string;
  box: UnreadBox;
  delta: number;
}

const BOXES: readonly UnreadBox[] = ['comment', 'reply', 'like', 'sys', 'mine'];

/** Box of a msg_remind action or a user_sys_notice type. */
export function boxOf(kind: string): UnreadBox | null {
  switch (kind) {
    case 'Discuss':
      return 'comment';
    case 'Reply':
      return 'reply';
    case 'Like':
      return 'like';
    case 'Sys':
      return 'sys';
    case 'Mine':
      return 'mine';
    default:
      return null;
  }
}

/**
 * The per-user unread counters (`user_msg_unread`). Every writer of messages calls `adjust` inside the
 * transaction that adds, reads or deletes them, with the number of unread rows it changed, so the counts
 * always equal what the boxes list; reading them is one primary-key lookup.
 */
@Injectable()
export class UnreadCounterService {
  constructor(private readonly dataSource: DataSource) {}

  async get(uid: string): Promise<UnreadCounts> {
    const rows: UnreadCounts[] = await this.dataSource.query(
      'SELECT comment, reply, "like", sys, mine FROM user_msg_unread WHERE uid = $1',
      [uid],
    );
    return rows[0] ?? { comment: 0, reply: 0, like: 0, sys: 0, mine: 0 };
  }

  /** Applies the changes (summed per user); counters never go below zero. */
  async adjust(em: EntityManager, changes: UnreadChange[]): Promise<void> {
    const perUser = new Map<string, Record<UnreadBox, number>>();
    for (const c of changes) {
      if (!c.delta) continue;
      const row = perUser.get(c.uid) ?? { comment: 0, reply: 0, like: 0, sys: 0, mine: 0 };
      row[c.box] += c.delta;
      perUser.set(c.uid, row);
    }
    if (!perUser.size) return;
    const params: unknown[] = [];
    const values: string[] = [];
    // Sorted so two transactions touching the same users lock their rows in the same order.
    for (const uid of [...perUser.keys()].sort()) {
      const row = perUser.get(uid)!;
      const start = params.length;
      params.push(uid, ...BOXES.map((b) => row[b]));
      values.push(`($${start + 1}, ${BOXES.map((_, i) => `$${start + 2 + i}::int`).join(', ')})`);
    }
    const cols = BOXES.map((b) => `"${b}"`);
    const uids = values.map((_, i) => `($${i + 1})`).join(', ');
    await em.query(`INSERT INTO user_msg_unread (uid) VALUES ${uids} ON CONFLICT (uid) DO NOTHING`, [...perUser.keys()].sort());
    await em.query(
      `UPDATE user_msg_unread u SET ${cols.map((c) => `${c} = GREATEST(0, u.${c} + v.${c})`).join(', ')}
       FROM (VALUES ${values.join(', ')}) AS v(uid, ${cols.join(', ')}) WHERE u.uid = v.uid`,
      params,
    );
  }

  /** Changes for deleted or read rows: one -1 per unread row. */
  static unreadRows(rows: { recipient_id: string; kind: string; state: boolean }[]): UnreadChange[] {
    const out: UnreadChange[] = [];
    for (const r of rows) {
      const box = boxOf(r.kind);
      if (box && !r.state) out.push({ uid: r.recipient_id, box, delta: -1 });
    }
    return out;
  }
}
