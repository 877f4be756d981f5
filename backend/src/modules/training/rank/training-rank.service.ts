import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Role } from '@oj/contracts';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { pageRequest } from '../../../core/pagination/pagination';
import { REDIS } from '../../../core/redis/redis.module';
import { Training } from '../entities/training.entity';
import { TrainingBoard, TrainingBoardUser, TrainingTry, isRankedStatus } from './training-board';

/** A board is brought up to date with the Redis log at most this often per replica. */
export const TRAINING_BOARD_SYNC_MS = 100;
const PAGE_CACHE_MAX = 200;

const logKey = (tid: number) => `training:board:${tid}:log`;
const epochKey = (tid: number) => `training:board:${tid}:epoch`;

type LogEntry = [submitId: number, uid: string, pid: number, status: number, score: number | null, time: number | null];

interface Held {
  board: TrainingBoard;
  epoch: string | null;
  /** Log entries already applied. */
  offset: number;
  syncedAt: number;
  syncing?: Promise<void>;
  pages: Map<string, { version: number; json: Buffer }>;
}

/**
 * Training ranks: one board per training per replica, built from PostgreSQL on first use and moved forward by
 * a result log in Redis (`training:board:<tid>:log`), the contest scoreboard's scheme. Every replica appends
 * the results it writes; readers apply what they have not seen at most every TRAINING_BOARD_SYNC_MS.
 * `invalidate` (update-rank-list, problem edits, rejudges) raises the epoch so every replica rebuilds.
 */
@Injectable()
export class TrainingRankService {
  private readonly held = new Map<number, Held>();
  private readonly loading = new Map<number, Promise<Held>>();
  private readonly users = new Map<string, TrainingBoardUser>();

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /** The training's board, up to date within TRAINING_BOARD_SYNC_MS. */
  async board(training: Training): Promise<TrainingBoard> {
    return (await this.current(training)).board;
  }

  private async current(training: Training): Promise<Held> {
    let h = this.held.get(training.id);
    if (!h) {
      let loading = this.loading.get(training.id);
      if (!loading) {
        loading = this.load(training).finally(() => this.loading.delete(training.id));
        this.loading.set(training.id, loading);
      }
      h = await loading;
    }
    if (Date.now() - h.syncedAt >= TRAINING_BOARD_SYNC_MS) await this.sync(training, h);
    return this.held.get(training.id) ?? h;
  }

  private async load(training: Training): Promise<Held> {
    const tid = training.id;
    // Log position first: entries after it may also be in the rows read below; the board skips repeats.
    const [[, epoch], [, offset]] = (await this.redis.multi().get(epochKey(tid)).llen(logKey(tid)).exec()) as [
      [null, string | null],
      [null, number],
    ];
    const problems: { pid: number; displayId: string }[] = await this.db.query(
      `SELECT pid, display_id AS "displayId" FROM training_problem WHERE tid = $1`,
      [tid],
    );
    const excluded = await this.excludedUids(training);
    const board = new TrainingBoard(new Map(problems.map((p) => [p.pid, p.displayId])), excluded);
    const tries: TrainingTry[] = await this.db.query(
      `SELECT submit_id AS "submitId", uid, pid, status, score, time FROM judge WHERE tid = $1 ORDER BY submit_id`,
      [tid],
    );
    await this.rememberUsers([...new Set(tries.filter((t) => isRankedStatus(t.status)).map((t) => t.uid))]);
    board.load(tries, (uid) => this.userOf(uid));
    const h: Held = { board, epoch, offset, syncedAt: Date.now(), pages: new Map() };
    this.held.set(tid, h);
    return h;
  }

  /** The training's author and root users: like HOJ, their tries are off the board. */
  private async excludedUids(training: Training): Promise<Set<string>> {
    const roots: { uid: string }[] = await this.db.query(`SELECT uid FROM user_role WHERE role_id = $1`, [Role.Root]);
    return new Set([training.uid, ...roots.map((r) => r.uid)]);
  }

  private sync(training: Training, h: Held): Promise<void> {
    if (!h.syncing) {
      h.syncing = this.syncOnce(training, h).finally(() => {
        h.syncing = undefined;
      });
    }
    return h.syncing;
  }

  private async syncOnce(training: Training, h: Held): Promise<void> {
    const tid = training.id;
    const [[, epoch], [, entries]] = (await this.redis.multi().get(epochKey(tid)).lrange(logKey(tid), h.offset, -1).exec()) as [
      [null, string | null],
      [null, string[]],
    ];
    if (epoch !== h.epoch) {
      this.held.delete(tid);
      await this.load(training);
      return;
    }
    if (entries.length) {
      const tries = entries.map((e) => {
        const [submitId, uid, pid, status, score, time] = JSON.parse(e) as LogEntry;
        return { submitId, uid, pid, status, score, time };
      });
      await this.rememberUsers([...new Set(tries.filter((t) => !h.board.has(t.uid)).map((t) => t.uid))]);
      for (const t of tries) h.board.apply(t, () => this.userOf(t.uid));
      h.offset += entries.length;
    }
    h.syncedAt = Date.now();
  }

  /**
   * A result written inside a training (the judge pipeline's listener): appended to the log, then applied
   * here at once when this replica holds the board. One Redis round trip plus a few microseconds of work.
   */
  async record(t: TrainingTry & { tid: number }): Promise<void> {
    if (!isRankedStatus(t.status)) return;
    const entry: LogEntry = [t.submitId, t.uid, t.pid, t.status, t.score, t.time];
    const length = await this.redis.rpush(logKey(t.tid), JSON.stringify(entry));
    const h = this.held.get(t.tid);
    if (!h || length !== h.offset + 1) return; // others' entries in between: the next read syncs them in order
    if (!h.board.has(t.uid)) await this.rememberUsers([t.uid]);
    h.board.apply(t, () => this.userOf(t.uid));
    h.offset = length;
  }

  /** Every replica rebuilds the board from PostgreSQL on its next read (update-rank-list, problem edits, rejudge). */
  async invalidate(tid: number): Promise<void> {
    await this.redis.multi().incr(epochKey(tid)).del(logKey(tid)).exec();
    this.held.delete(tid);
  }

  /** A rank page as UTF-8 JSON, rendered once per board change and page. */
  async rankPageJson(training: Training, q: { currentPage?: number; limit?: number; keyword?: string }): Promise<Buffer> {
    const h = await this.current(training);
    const req = pageRequest(q);
    const keyword = q.keyword?.trim() || undefined;
    const key = `${req.current}:${req.size}:${keyword ?? ''}`;
    const hit = h.pages.get(key);
    // Unfiltered pages stay right while no change touched their positions; filtered ones are rendered again.
    if (hit && (hit.version === h.board.version || (!keyword && h.board.unchangedSince(hit.version, req.skip, req.skip + req.size - 1)))) {
      hit.version = h.board.version;
      return hit.json;
    }
    const { records, total } = h.board.page(req.skip, req.size, keyword);
    const json = Buffer.from(JSON.stringify({ records, total, size: req.size, current: req.current, pages: Math.ceil(total / req.size) }));
    if (h.pages.size >= PAGE_CACHE_MAX) h.pages.clear();
    h.pages.set(key, { version: h.board.version, json });
    return json;
  }

  private userOf(uid: string): TrainingBoardUser {
    return this.users.get(uid) ?? { username: uid, realname: null, nickname: null, school: null, gender: null, avatar: null };
  }

  private async rememberUsers(uids: string[]): Promise<void> {
    const missing = uids.filter((u) => !this.users.has(u));
    if (!missing.length) return;
    const rows: (TrainingBoardUser & { uid: string })[] = await this.db.query(
      `SELECT uid, username, realname, nickname, school, gender, avatar FROM user_info WHERE uid = ANY($1)`,
      [missing],
    );
    for (const { uid, ...u } of rows) this.users.set(uid, u);
  }
}
