import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { UnreadCounts } from '@oj/contracts';
import Redis from 'ioredis';
import { DataSource, EntityManager, EntitySubscriberInterface, TransactionCommitEvent } from 'typeorm';
import { REDIS } from '../../core/redis/redis.module';

export type UnreadBox = keyof UnreadCounts;

export interface UnreadChange {
  uid: string;
  box: UnreadBox;
  delta: number;
}

const BOXES: readonly UnreadBox[] = ['comment', 'reply', 'like', 'sys', 'mine'];

/** Redis copy of a user's counters (hash: the five boxes and `w`, the write stamp it was read at). */
const cacheKey = (uid: string) => `msg:unread:${uid}`;
/** Raised after every committed change of the user's counters. */
const writesKey = (uid: string) => `msg:unread:w:${uid}`;
/** Raised after a change of many users' counters at once (notices pushed). */
const EPOCH_KEY = 'msg:unread:epoch';
const CACHE_TTL_SEC = 3_600;
/** queryRunner.data field listing the users whose counters the transaction changed. */
const PENDING = 'unreadCountersChanged';

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
export class UnreadCounterService implements OnModuleInit, EntitySubscriberInterface {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  onModuleInit(): void {
    // Told of every commit: the users whose counters a transaction changed get their stamp raised then.
    this.dataSource.subscribers.push(this);
  }

  /**
   * GET /api/msg/unread: one Redis round trip (the user's cached counters and their stamps). The copy is
   * used while the stamps it was read at are still the current ones; writers raise the user's stamp after
   * their commit, so a copy read before a commit is never used after it. A miss reads the row (primary key)
   * and keeps it with the stamps read before it.
   */
  async get(uid: string): Promise<UnreadCounts> {
    const res = await this.redis.pipeline().hgetall(cacheKey(uid)).get(writesKey(uid)).get(EPOCH_KEY).exec();
    const cached = (res?.[0]?.[1] ?? {}) as Record<string, string>;
    const stamp = `${(res?.[2]?.[1] as string | null) ?? 0}:${(res?.[1]?.[1] as string | null) ?? 0}`;
    if (cached.w === stamp) {
      return {
        comment: Number(cached.comment),
        reply: Number(cached.reply),
        like: Number(cached.like),
        sys: Number(cached.sys),
        mine: Number(cached.mine),
      };
    }
    const rows: UnreadCounts[] = await this.dataSource.query(
      'SELECT comment, reply, "like", sys, mine FROM user_msg_unread WHERE uid = $1',
      [uid],
    );
    const counts = rows[0] ?? { comment: 0, reply: 0, like: 0, sys: 0, mine: 0 };
    await this.redis
      .multi()
      .hset(cacheKey(uid), { ...counts, w: stamp })
      .expire(cacheKey(uid), CACHE_TTL_SEC)
      .exec()
      .catch(() => undefined);
    return counts;
  }

  /** After a commit: raises the stamps of the users whose counters the transaction changed. */
  async afterTransactionCommit(event: TransactionCommitEvent): Promise<void> {
    const changed = event.queryRunner.data?.[PENDING] as Set<string> | undefined;
    if (!changed?.size) return;
    delete event.queryRunner.data[PENDING];
    await this.stampWrites([...changed]);
  }

  /** Counters of these users changed (committed): their cached copies are not used any more. */
  async stampWrites(uids: string[]): Promise<void> {
    if (!uids.length) return;
    const p = this.redis.pipeline();
    for (const uid of uids) p.incr(writesKey(uid)).expire(writesKey(uid), CACHE_TTL_SEC * 2);
    await p.exec();
  }

  /** Counters of many users changed (committed) at once. */
  async stampAll(): Promise<void> {
    await this.redis.incr(EPOCH_KEY);
  }

  /** Stamps the users after the transaction of `em` commits (at once when `em` is outside a transaction). */
  private async afterCommit(em: EntityManager, uids: string[]): Promise<void> {
    const runner = em.queryRunner;
    if (runner?.isTransactionActive) {
      const set = ((runner.data ??= {})[PENDING] as Set<string> | undefined) ?? new Set<string>();
      for (const uid of uids) set.add(uid);
      runner.data[PENDING] = set;
    } else {
      await this.stampWrites(uids);
    }
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
    await this.afterCommit(em, [...perUser.keys()]);
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
