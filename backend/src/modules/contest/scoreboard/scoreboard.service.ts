import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ACM_PENALTY_MINUTES,
  AcmRankRow,
  CONTEST_ERR,
  ContestRankRow,
  ContestType,
  GroupMemberStatus,
  Page,
  ResolverData,
  ResolverTeam,
  Role,
  contestSealTime,
  isRankSealedAt,
} from '@oj/contracts';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { BadRequestError } from '../../../core/http/api.exception';
import { PageWithInsert, precompress } from '../../../core/http/send-serialised';
import { pageRequest, toPage } from '../../../core/pagination/pagination';
import { REDIS } from '../../../core/redis/redis.module';
import { GroupAccessService } from '../../../core/auth/group-access.service';
import { Contest } from '../entities/contest.entity';
import { BoardSubmission, BoardUser, BoardView, Ranking, ScoreboardEngine, UserState } from './scoreboard-engine';
import { loadPackedSubmissions } from './packed-load';

/** What a rank page is filtered by (POST /api/get-contest-rank). */
export interface RankFilter {
  currentPage?: number;
  limit?: number;
  keyword?: string;
  removeStar?: boolean;
  /** Followed users (HOJ): copies of their rows are pinned on page 1; with `onlyConcerned`, only their rows show. */
  concernedList?: string[];
  /** Ours: the board of the followed users only. */
  onlyConcerned?: boolean;
}

/** A virtual board's moment: the elapsed time, and every virtual run of the contest with its submissions. */
export interface VirtualMoment {
  elapsedMs: number;
  runs: { id: number; uid: string; startTime: Date }[];
  submissions: {
    submitId: number;
    vid: number;
    uid: string;
    pid: number;
    status: number;
    score: number | null;
    time: number | null;
    submitTime: Date;
  }[];
}

/** A virtual board is built again for every 5 s of elapsed time, and at most every 5 s. */
export const VIRTUAL_BOARD_STEP_MS = 5_000;
const VIRTUAL_BOARDS_MAX = 32;

/** Where the rows of a page begin in its JSON (`toPage` writes `records` first): pinned rows go in there. */
const RECORDS_START = Buffer.byteLength('{"records":[');

interface LoadedBoard {
  engine: ScoreboardEngine;
  epoch: string;
  /** How many entries of the Redis result log this replica has applied. */
  applied: number;
  /** contest.gmtModified the board was built for: an edit rebuilds it. */
  modified: number;
  /** When this replica last compared its board with the shared log. */
  syncedAt: number;
  /** Last read, so idle boards (ended contests) leave memory. */
  readAt: number;
  /** The contest row of the last read: what the end-of-contest job prepares the final pages for. */
  contest: Contest;
  /** The end-of-contest job (prepareFinal), while the end is ahead. */
  endTimer?: NodeJS.Timeout;
}

/** A board nobody read for this long is dropped from a replica's memory (rebuilt on the next read). */
export const BOARD_IDLE_MS = 15 * 60_000;

/**
 * How stale a replica's board may be on a busy read path: within this window reads skip the Redis round trip.
 * Results recorded on this replica show at once; those of other replicas within this time.
 */
export const BOARD_SYNC_MS = 100;
/** From this age a read still uses the board but starts its synchronisation in the background. */
export const BOARD_REFRESH_MS = 50;

/** Pinned rows kept per board (about 1 KB each at 15 problems): a contest's contestants polling page 1. */
export const PINNED_ROWS_MAX = 10_000;

/** Rendered rank pages kept per board (about 70 KB each at 50 ACM rows). */
export const PAGE_CACHE_MAX = 128;

/** How long a replica trusts its list of root users (kept off every board, like each contest's author). */
export const ROOT_UIDS_MS = 60_000;

/** Contests ending further ahead than this get no end-of-contest job yet (a later build schedules it). */
export const END_JOB_HORIZON_MS = 24 * 3600_000;
/** Pinned rows the end-of-contest job renders between two turns of the event loop. */
const PREPARE_ROWS_PER_TURN = 500;

/** The result log of a contest lives a week after its last result. */
const LOG_TTL_SEC = 7 * 24 * 3600;
/** Results in the log before every replica rebuilds from the database and the log starts empty. */
export const LOG_COMPACT_AT = 100_000;

const epochKey = (cid: number) => `contest:board:${cid}:epoch`;
const logKey = (cid: number) => `contest:board:${cid}:log`;

/** One result in the Redis log: submitId|uid|displayId|status|score|time|submitTimeMs. */
function encode(s: BoardSubmission): string {
  return [s.submitId, s.uid, s.displayId, s.status, s.score ?? '', s.time ?? '', s.submitTime].join('|');
}
function decode(line: string): BoardSubmission {
  const [submitId, uid, displayId, status, score, time, submitTime] = line.split('|');
  return {
    submitId: Number(submitId),
    uid,
    displayId,
    status: Number(status),
    score: score === '' ? null : Number(score),
    time: time === '' ? null : Number(time),
    submitTime: Number(submitTime),
  };
}

/** A rank page as sent, the board version it is known right for, and the board positions it shows (unfiltered pages). */
interface RenderedPage {
  version: number;
  json: Buffer;
  positions: [number, number] | null;
  view: BoardView;
  /** What it was rendered for: the end-of-contest job renders the same pages in the view that follows. */
  filter: RankFilter;
}

/** What the end-of-contest job did (prepareFinal), for the logs and the tests. */
export interface FinalBoardPrepared {
  cid: number;
  view: BoardView;
  pages: number;
  pinnedRows: number;
  ms: number;
}

/** What a rank page depends on besides the board: the view, the page and the filters. */
function pageKey(view: BoardView, f: RankFilter): string {
  const { current, size } = pageRequest(f);
  const keyword = f.keyword?.trim().toLowerCase() ?? '';
  return JSON.stringify([
    view,
    current,
    size,
    keyword,
    !!f.removeStar,
    f.onlyConcerned && f.concernedList?.length ? f.concernedList : null,
  ]);
}

/**
 * Reads `submitId,pid,status,score,time,msFromStart;...` (integers; score and time -1 when unknown)
 * without splitting into substrings: half a million submissions parse in tens of milliseconds.
 */
export function unpackSubmissions(
  text: string,
  uid: string,
  displayByPid: Map<number, string>,
  startMs: number,
  out: BoardSubmission[],
): void {
  const f: (number | null)[] = [0, 0, 0, 0, 0, 0];
  let field = 0;
  let value = 0;
  let negative = false;
  let empty = true;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 59; // end of text closes the last item
    if (c >= 48 && c <= 57) {
      value = value * 10 + (c - 48);
      empty = false;
    } else if (c === 45) negative = true;
    else if (c === 44 || c === 59) {
      f[field++] = empty ? null : negative ? -value : value;
      value = 0;
      negative = false;
      empty = true;
      if (c === 59) {
        const displayId = displayByPid.get(f[1]!);
        if (field === 6 && displayId !== undefined)
          out.push({
            submitId: f[0]!,
            uid,
            displayId,
            status: f[2]!,
            score: f[3]! < 0 ? null : f[3],
            time: f[4]! < 0 ? null : f[4],
            submitTime: startMs + f[5]!,
          });
        field = 0;
      }
    }
  }
}

/**
 * Contest scoreboards. Each replica keeps an engine per contest in memory, built from the database
 * (the source of truth) and then moved forward by a result log in Redis that every replica appends
 * to and replays, so all replicas converge without recomputing. An epoch key in Redis is raised to make
 * every replica rebuild (admin force refresh, rejudge, contest edits).
 */
@Injectable()
export class ScoreboardService {
  private readonly boards = new Map<number, LoadedBoard>();
  /** Virtual boards by contest, edit and elapsed step (virtualRankPage). */
  private readonly virtualBoards = new Map<string, { at: number; engine: Promise<ScoreboardEngine> }>();
  /** Called with the contest id by invalidate() (see onInvalidate). */
  private readonly invalidated: ((cid: number) => void)[] = [];
  private readonly building = new Map<number, Promise<LoadedBoard>>();
  /** Synchronisations under way, per contest id and gmtModified. */
  private readonly syncing = new Map<string, Promise<ScoreboardEngine>>();
  /** Rendered pages per board: a rebuilt board starts with none, a dropped one takes its pages along. */
  private readonly pages = new WeakMap<ScoreboardEngine, Map<string, RenderedPage>>();
  /** Pinned rows' JSON per board, by view and user (pinnedRowJson). */
  private readonly pinnedRows = new WeakMap<ScoreboardEngine, Map<string, { version: number; position: number; json: Buffer }>>();
  private roots: { uids: Set<string>; at: number } | null = null;
  private rootsReading: Promise<Set<string>> | undefined;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly groups: GroupAccessService,
  ) {}

  /**
   * The board of a contest, brought up to date with the shared log: a board synchronised less than
   * BOARD_SYNC_MS ago is used as it is, and from BOARD_REFRESH_MS on one synchronisation starts in the
   * background, so that under load readers never wait for Redis. Older, every reader waits for the one
   * synchronisation under way (before, each reader in flight sent its own).
   */
  async board(contest: Contest): Promise<ScoreboardEngine> {
    const current = this.boards.get(contest.id);
    const modified = contest.gmtModified.getTime();
    if (current && current.modified === modified) {
      const now = Date.now();
      current.readAt = now;
      current.contest = contest;
      const age = now - current.syncedAt;
      if (age < BOARD_SYNC_MS) {
        if (age >= BOARD_REFRESH_MS) this.sync(contest).catch(() => undefined);
        return current.engine;
      }
    }
    return this.sync(contest);
  }

  /** Compares this replica's board with the shared log and catches up; one at a time per contest version. */
  private sync(contest: Contest): Promise<ScoreboardEngine> {
    const key = `${contest.id}:${contest.gmtModified.getTime()}`;
    const running = this.syncing.get(key);
    if (running) return running;
    const job = this.syncNow(contest).finally(() => this.syncing.delete(key));
    this.syncing.set(key, job);
    return job;
  }

  private async syncNow(contest: Contest): Promise<ScoreboardEngine> {
    const started = Date.now();
    const [[, epochRaw], [, length]] = (await this.redis.pipeline().get(epochKey(contest.id)).llen(logKey(contest.id)).exec()) as [
      [unknown, string | null],
      [unknown, number],
    ];
    const epoch = epochRaw ?? '0';
    let loaded = this.boards.get(contest.id);
    if (!loaded || loaded.epoch !== epoch || loaded.modified !== contest.gmtModified.getTime() || length < loaded.applied) {
      loaded = await this.build(contest, epoch);
    }
    if (length > loaded.applied) await this.replay(contest.id, loaded, length);
    // As of when the log was read: results other replicas logged later are not in this board.
    loaded.syncedAt = Math.max(loaded.syncedAt, started);
    loaded.readAt = Date.now();
    return loaded.engine;
  }

  private build(contest: Contest, epoch: string): Promise<LoadedBoard> {
    const key = contest.id;
    const running = this.building.get(key);
    if (running) return running;
    const job = (async () => {
      // Read the log length first: entries appended while the database is read are replayed
      // afterwards, and replaying a result the database already had is harmless (same submitId).
      const applied = await this.redis.llen(logKey(contest.id));
      const engine = await this.computeFromDatabase(contest);
      const loaded: LoadedBoard = {
        engine,
        epoch,
        applied,
        modified: contest.gmtModified.getTime(),
        syncedAt: 0,
        readAt: Date.now(),
        contest,
      };
      this.setBoard(key, loaded);
      return loaded;
    })().finally(() => this.building.delete(key));
    this.building.set(key, job);
    return job;
  }

  private async replay(cid: number, loaded: LoadedBoard, length: number): Promise<void> {
    const lines = await this.redis.lrange(logKey(cid), loaded.applied, length - 1);
    const subs = lines.map(decode);
    const unknown = [...new Set(subs.filter((s) => !loaded.engine.hasUser(s.uid)).map((s) => s.uid))];
    const users = unknown.length ? await this.loadUsers(unknown) : new Map<string, BoardUser>();
    for (const s of subs) loaded.engine.apply(s, users.get(s.uid));
    loaded.applied = Math.max(loaded.applied, length);
  }

  /**
   * Full computation from the database: every submission of the contest's problems in its window.
   * PostgreSQL packs each participant's submissions into one text field, which is far cheaper to move
   * and parse than one row per submission (see the benchmark), on two connections for a big judge table
   * (`packed-load.ts`). The contest admins are taken out per participant after the grouping, not per
   * submission (a hash anti-join over every submission before).
   * `timings` receives the split, if given.
   */
  async computeFromDatabase(
    contest: Contest,
    timings?: { queryMs: number; buildMs: number },
    at?: VirtualMoment,
  ): Promise<ScoreboardEngine> {
    const t0 = performance.now();
    const problems: { pid: number; displayId: string }[] = await this.db.query(
      'SELECT pid, display_id AS "displayId" FROM contest_problem WHERE cid = $1 ORDER BY display_id',
      [contest.id],
    );
    const displayIds = problems.map((p) => p.displayId);
    const displayByPid = new Map(problems.map((p) => [p.pid, p.displayId]));
    const rows = await loadPackedSubmissions(
      this.db,
      contest,
      problems.map((p) => p.pid),
    );
    const t1 = performance.now();
    const engine = new ScoreboardEngine({
      type: contest.type,
      startTime: contest.startTime.getTime(),
      // a virtual board: the real tries made before the same elapsed time, and no seal (it is the live state then)
      endTime: at ? contest.startTime.getTime() + at.elapsedMs : contest.endTime.getTime(),
      sealTime: at ? null : (contestSealTime(contest)?.getTime() ?? null),
      oiScoreType: contest.oiRankScoreType,
      displayIds,
      starUsernames: contest.starAccount ?? [],
      rankShowName: contest.rankShowName,
    });
    const start = contest.startTime.getTime();
    const subs: BoardSubmission[] = [];
    for (const r of rows) {
      const uid = r.judgeUid;
      const user: BoardUser | undefined = r.uid
        ? { uid, username: r.username, nickname: r.nickname, realname: r.realname, school: r.school, avatar: r.avatar, gender: r.gender }
        : undefined;
      const { subs: packed, more } = r;
      const unpack = (out: BoardSubmission[]): BoardSubmission[] => {
        unpackSubmissions(packed, uid, displayByPid, start, out);
        if (more !== undefined) unpackSubmissions(more, uid, displayByPid, start, out);
        return out;
      };
      const reread = () => unpack([]);
      subs.length = 0;
      unpack(subs);
      // The engine keeps the packed text, not the submissions: they are read again for a user with a new result.
      engine.loadUser(uid, user, subs, reread);
    }
    if (at) await this.loadVirtual(engine, contest, at, displayByPid);
    engine.loaded();
    if (timings) Object.assign(timings, { queryMs: t1 - t0, buildMs: performance.now() - t1 });
    return engine;
  }

  /**
   * The virtual participants on a virtual board: each run's tries moved to the same elapsed time of the real contest
   * (start + (submitted - run start)); the board's end (the elapsed time asked for) leaves out the later ones.
   */
  private async loadVirtual(
    engine: ScoreboardEngine,
    contest: Contest,
    at: VirtualMoment,
    displayByPid: Map<number, string>,
  ): Promise<void> {
    const users = await this.loadUsers(at.runs.map((r) => r.uid));
    const startOf = new Map(at.runs.map((r) => [r.id, r.startTime.getTime()]));
    const byUid = new Map<string, BoardSubmission[]>();
    for (const s of at.submissions) {
      const displayId = displayByPid.get(s.pid);
      const runStart = startOf.get(s.vid);
      if (displayId === undefined || runStart === undefined) continue;
      const list = byUid.get(s.uid) ?? [];
      byUid.set(s.uid, list);
      list.push({
        submitId: s.submitId,
        uid: s.uid,
        displayId,
        status: s.status,
        score: s.score,
        time: s.time,
        submitTime: contest.startTime.getTime() + (s.submitTime.getTime() - runStart),
      });
    }
    for (const [uid, list] of byUid) engine.loadUser(uid, users.get(uid), list);
  }

  /**
   * A page of the board as a virtual participant sees it (issue 35): the real participants as they stood `elapsedMs`
   * into the contest, the virtual runs among them at the same elapsed time, their rows marked `isVirtual`. Built
   * from the database (no replica keeps it), at most once per contest, 5 s step of elapsed time and 5 s of wall time.
   */
  async virtualRankPage(contest: Contest, at: VirtualMoment, filter: RankFilter): Promise<Page<ContestRankRow>> {
    const bucket = Math.floor(at.elapsedMs / VIRTUAL_BOARD_STEP_MS);
    const key = `${contest.id}:${contest.gmtModified?.getTime() ?? 0}:${bucket}`;
    const now = Date.now();
    let hit = this.virtualBoards.get(key);
    if (!hit || now - hit.at > VIRTUAL_BOARD_STEP_MS) {
      if (this.virtualBoards.size >= VIRTUAL_BOARDS_MAX) this.virtualBoards.delete(this.virtualBoards.keys().next().value as string);
      // built at this caller's elapsed time: another caller in the same step sees it at most 5 s behind, never ahead
      hit = { at: now, engine: this.computeFromDatabase(contest, undefined, at) };
      this.virtualBoards.set(key, hit);
      hit.engine.catch(() => this.virtualBoards.delete(key));
    }
    const page = this.page(await hit.engine, 'live', filter);
    const virtual = new Set(at.runs.map((r) => r.uid));
    for (const row of page.records) if (virtual.has(row.uid)) row.isVirtual = true;
    return page;
  }

  /**
   * What the resolver reveals (issue 35): every team of an ended, sealed ACM contest with its sealed and final cells,
   * from a board computed afresh from the database (the ceremony reads it once; the replica's board is not touched).
   */
  async resolverData(contest: Contest, now = new Date()): Promise<ResolverData> {
    const seal = contestSealTime(contest);
    if (contest.type !== ContestType.ACM || !seal || now < contest.endTime) throw new BadRequestError(CONTEST_ERR.resolverNeedsSealedEnd);
    const engine = await this.computeFromDatabase(contest);
    const problems: { displayId: string; title: string; color: string | null }[] = await this.db.query(
      'SELECT display_id AS "displayId", display_title AS title, color FROM contest_problem WHERE cid = $1 ORDER BY display_id',
      [contest.id],
    );
    const sealed = new Map((engine.rows('sealed') as AcmRankRow[]).map((r) => [r.uid, r.submissionInfo]));
    const teams: ResolverTeam[] = (engine.rows('live') as AcmRankRow[]).map((r) => ({
      uid: r.uid,
      username: r.username,
      showName: r.showName,
      school: r.school,
      isStar: r.isStar,
      sealed: sealed.get(r.uid) ?? {},
      final: r.submissionInfo,
    }));
    return {
      cid: contest.id,
      title: contest.title,
      startTime: contest.startTime.toISOString(),
      sealTime: seal.toISOString(),
      endTime: contest.endTime.toISOString(),
      penaltyMinutes: ACM_PENALTY_MINUTES,
      problems,
      teams,
    };
  }

  private async loadUsers(uids: string[]): Promise<Map<string, BoardUser>> {
    const rows: BoardUser[] = await this.db.query(
      'SELECT uid, username, nickname, realname, school, avatar, gender FROM user_info WHERE uid = ANY($1)',
      [uids],
    );
    return new Map(rows.map((u) => [u.uid, u]));
  }

  /**
   * A contest result was written (final or not): log it for every replica. Called by the judge
   * pipeline through ContestResultListener; the contest admins' own submissions (its creator, root) stay
   * off the board.
   */
  async recordResult(contest: Contest, sub: BoardSubmission): Promise<void> {
    if (sub.uid === contest.uid || (await this.rootUids()).has(sub.uid)) return;
    // A group's contest: its level-5 members are its admins too (one lookup, group contests only).
    if (contest.gid !== null && (await this.groups.level(contest.gid, sub.uid)) >= GroupMemberStatus.Root) return;
    const [[, pushed]] = (await this.redis
      .multi()
      .rpush(logKey(contest.id), encode(sub))
      .expire(logKey(contest.id), LOG_TTL_SEC)
      .exec()) as [[unknown, number], [unknown, number]];
    const length = pushed;
    // A long log means long replays for a replica that starts late: start every replica afresh from the database.
    if (length >= LOG_COMPACT_AT) return this.invalidate(contest.id);
    const loaded = this.boards.get(contest.id);
    if (loaded && loaded.applied === length - 1) {
      const users = loaded.engine.hasUser(sub.uid) ? undefined : await this.loadUsers([sub.uid]);
      loaded.engine.apply(sub, users?.get(sub.uid));
      loaded.applied = length;
    }
  }

  /**
   * Root users' uids: results arrive without the submitter's role, and the incremental path must not wait
   * for the database per result. Read once, then renewed in the background once older than ROOT_UIDS_MS
   * (callers meanwhile get the list they have). A user made root mid-contest leaves boards on their next rebuild.
   */
  private rootUids(): Promise<Set<string>> {
    const now = Date.now();
    if (this.roots && now - this.roots.at < ROOT_UIDS_MS) return Promise.resolve(this.roots.uids);
    this.rootsReading ??= this.db
      .query('SELECT uid FROM user_role WHERE role_id = $1', [Role.Root])
      .then(
        (rows: { uid: string }[]) => {
          this.roots = { uids: new Set(rows.map((r) => r.uid)), at: now };
          return this.roots.uids;
        },
        // A failed read must not lose the result: the last known list (a rebuild drops what slipped through).
        () => this.roots?.uids ?? new Set<string>(),
      )
      .finally(() => (this.rootsReading = undefined));
    return this.roots ? Promise.resolve(this.roots.uids) : this.rootsReading;
  }

  /** True when this replica holds the contest's board and it has no problem of that display id. */
  isUnknownProblem(cid: number, displayId: string): boolean {
    const loaded = this.boards.get(cid);
    return !!loaded && !loaded.engine.config.displayIds.includes(displayId);
  }

  /** Drops boards not read for BOARD_IDLE_MS; returns how many. */
  evictIdle(now = Date.now()): number {
    let n = 0;
    for (const [cid, b] of this.boards)
      if (now - b.readAt > BOARD_IDLE_MS) {
        this.dropBoard(cid);
        n++;
      }
    return n;
  }

  /** Keeps a (re)built board, with its end-of-contest job when the end is ahead (the board it replaces loses its job). */
  private setBoard(cid: number, loaded: LoadedBoard): void {
    this.dropBoard(cid);
    this.boards.set(cid, loaded);
    const wait = loaded.contest.endTime.getTime() - Date.now();
    if (wait > 0 && wait <= END_JOB_HORIZON_MS) {
      loaded.endTimer = setTimeout(() => {
        loaded.endTimer = undefined;
        if (this.boards.get(cid) === loaded) this.prepareFinal(cid).catch(() => undefined);
      }, wait);
      // The job never keeps a process alive (tests, shutdown).
      loaded.endTimer.unref();
    }
  }

  private dropBoard(cid: number): void {
    const loaded = this.boards.get(cid);
    if (loaded?.endTimer) clearTimeout(loaded.endTimer);
    this.boards.delete(cid);
  }

  /**
   * The end of a contest (product §4): the seal lifts (auto-unseal) and the final board is what everybody opens in
   * the next seconds. Run by each replica's timer at the end instant, before that burst, so that no reader of it
   * pays for the transition: the board is synchronised once, the pages contestants were reading are rendered in the
   * view that now holds for them (the live one once unsealed) and compressed, and the pinned rows of the contestants
   * who polled page 1 are rendered in that view. The board itself is not rebuilt: the live view was kept all along
   * (admins read it), so the end costs one page render per page read before, one row per contestant, and the
   * compression (in zlib's threads). Rows go in chunks with turns of the event loop between them, so readers
   * arriving meanwhile are answered (from the same caches). Answers undefined when this replica holds no board.
   */
  async prepareFinal(cid: number): Promise<FinalBoardPrepared | undefined> {
    const started = performance.now();
    const held = this.boards.get(cid);
    if (!held) return undefined;
    const contest = held.contest;
    const engine = await this.board(contest);
    // At the end instant or later: a timer may fire a millisecond early by the wall clock.
    const view = this.viewFor(contest, false, new Date(Math.max(Date.now(), contest.endTime.getTime())));
    const pages = this.pages.get(engine);
    // The unfiltered pages read before, in either view (page 1 of the usual size when none was), page 1 first; a page
    // already right in this view (no seal, or an admin's) is found in the cache, not rendered again.
    const byKey = new Map<string, RankFilter>();
    for (const p of pages?.values() ?? []) if (p.positions) byKey.set(pageKey(view, p.filter), p.filter);
    const filters = [...byKey.values()].sort((a, b) => pageRequest(a).current - pageRequest(b).current);
    if (!filters.length) filters.push({ currentPage: 1 });
    for (const filter of filters) {
      const json = this.pageJson(engine, view, filter);
      precompress(json, pageRequest(filter).current === 1 ? RECORDS_START : undefined);
    }
    // The contestants' own rows, for their page 1 (rankAnswer): those who polled in the other view. Their rows of that
    // view go (no contestant reads it any more), so that a big contest's rows fit in PINNED_ROWS_MAX twice over.
    const kept = this.pinnedRows.get(engine);
    const before = [...(kept?.keys() ?? [])].filter((k) => !k.startsWith(`${view}:`));
    let pinnedRows = 0;
    for (let i = 0; i < before.length; i += PREPARE_ROWS_PER_TURN) {
      if (i) await new Promise((resolve) => setImmediate(resolve));
      if (this.boards.get(cid)?.engine !== engine) break; // rebuilt meanwhile: its own readers render
      for (const key of before.slice(i, i + PREPARE_ROWS_PER_TURN)) {
        kept?.delete(key);
        const position = engine.positionOf(view, key.slice(key.indexOf(':') + 1));
        if (position < 0) continue;
        this.pinnedRowJson(engine, view, position);
        pinnedRows++;
      }
    }
    return { cid, view, pages: filters.length, pinnedRows, ms: performance.now() - started };
  }

  /** Every replica rebuilds from the database on its next read (force refresh, rejudge, edits). */
  async invalidate(cid: number): Promise<void> {
    await this.redis.multi().incr(epochKey(cid)).del(logKey(cid)).exec();
    this.dropBoard(cid);
    for (const listener of this.invalidated) listener(cid);
  }

  /**
   * Every edit of a contest's problems or rules invalidates its board: the replica's other caches of the
   * contest (its problem list and pages, ContestService) drop their copies on the same call.
   */
  onInvalidate(listener: (cid: number) => void): void {
    this.invalidated.push(listener);
  }

  /** Which view a caller sees: admins the live board, others the sealed one while the seal holds. */
  viewFor(contest: Contest, isAdmin: boolean, now = new Date()): BoardView {
    return !isAdmin && isRankSealedAt(contest, now) ? 'sealed' : 'live';
  }

  /** One page of the board with the filters of get-contest-rank. */
  async rankPage(contest: Contest, view: BoardView, filter: RankFilter): Promise<Page<ContestRankRow>> {
    return this.page(await this.board(contest), view, filter);
  }

  /**
   * The page `viewerUid` asks for, with HOJ's pinned rows (see `pinned`): page 1 carries copies of the viewer's own
   * row and of the followed users' before the board's rows. The board's page is shared (pageJson) and the pinned
   * rows are put in per request, so polls of page 1 stay as cheap as of any other page, gzip included.
   */
  async rankAnswer(contest: Contest, view: BoardView, filter: RankFilter, viewerUid?: string): Promise<Buffer | PageWithInsert> {
    const engine = await this.board(contest);
    const page = this.pageJson(engine, view, filter);
    const positions = this.pinned(engine, view, filter, viewerUid);
    if (!positions.length) return page;
    // A page 1 with a pinned row has rows of its own (the pinned ones pass the filters): each row is followed by a comma.
    const rows = positions.map((i) => this.pinnedRowJson(engine, view, i));
    return { page, offset: RECORDS_START, insert: rows.length === 1 ? rows[0] : Buffer.concat(rows) };
  }

  /**
   * One pinned row's JSON with its comma, kept per board and user: a contestant polls page 1 again and again, and
   * the row stays right while no change since touched its position (as pages do, `unchangedSince`).
   */
  private pinnedRowJson(engine: ScoreboardEngine, view: BoardView, position: number): Buffer {
    let rows = this.pinnedRows.get(engine);
    if (!rows) this.pinnedRows.set(engine, (rows = new Map()));
    const ranking = engine.ranking(view);
    const state = ranking.order[position];
    const key = `${view}:${state.user.uid}`;
    const kept = rows.get(key);
    if (
      kept &&
      kept.position === position &&
      (kept.version === engine.version || engine.unchangedSince(view, kept.version, position, position))
    ) {
      kept.version = engine.version;
      return kept.json;
    }
    const json = Buffer.from(`${JSON.stringify(engine.toRow(view, state, ranking.ranks[position], engine.firstBloods(view)))},`);
    if (!kept && rows.size >= PINNED_ROWS_MAX) rows.clear();
    rows.set(key, { version: engine.version, position, json });
    return json;
  }

  /**
   * HOJ's pinned rows (ContestCalculateRankManager): on page 1, a copy of the viewer's own row first, then of each
   * followed user's (`concernedList`, in board order), each only when on the board and passing the filters; HOJ's
   * client skips them in its top-10 chart (its first `concernedList.length`, plus one when row 0 is the viewer's).
   * HOJ puts them at the head of the whole list before paging, so its later pages shift and its `total` counts
   * them; here they are extra rows of page 1, so that every page is the same for all viewers (and cached once).
   * Answers their positions on the board.
   */
  private pinned(engine: ScoreboardEngine, view: BoardView, filter: RankFilter, viewerUid?: string): number[] {
    if (pageRequest(filter).current !== 1) return [];
    const followed = filter.onlyConcerned ? [] : (filter.concernedList ?? []);
    if (!viewerUid && !followed.length) return [];
    const ranking = engine.ranking(view);
    const keyword = filter.keyword?.trim().toLowerCase();
    const concerned = filter.onlyConcerned && filter.concernedList?.length ? new Set(filter.concernedList) : null;
    const at = (uid: string) => {
      const i = engine.positionOf(view, uid);
      return i >= 0 && passes(ranking.order[i], filter.removeStar, concerned, keyword) ? i : -1;
    };
    const own = viewerUid ? at(viewerUid) : -1;
    const others = [...new Set(followed)]
      .filter((uid) => uid !== viewerUid)
      .map(at)
      .filter((i) => i >= 0)
      .sort((a, b) => a - b);
    return own >= 0 ? [own, ...others] : others;
  }

  /**
   * A page as UTF-8 JSON, rendered once per board version and filter: under load many readers ask for the same
   * few pages between two results, and rendering and serialising the rows was most of a request's cost (see the
   * module README).
   */
  async rankPageJson(contest: Contest, view: BoardView, filter: RankFilter): Promise<Buffer> {
    return this.pageJson(await this.board(contest), view, filter);
  }

  private pageJson(engine: ScoreboardEngine, view: BoardView, filter: RankFilter): Buffer {
    let pages = this.pages.get(engine);
    if (!pages) this.pages.set(engine, (pages = new Map()));
    const key = pageKey(view, filter);
    const hit = pages.get(key);
    if (hit) {
      if (hit.version === engine.version) return hit.json;
      // An unfiltered page stays right while no change since touched its positions.
      if (hit.positions && engine.unchangedSince(view, hit.version, hit.positions[0], hit.positions[1])) {
        hit.version = engine.version;
        return hit.json;
      }
    }
    const { current, size } = pageRequest(filter);
    const filtered = !!(filter.keyword?.trim() || (filter.onlyConcerned && filter.concernedList?.length) || filter.removeStar);
    const json = Buffer.from(JSON.stringify(this.page(engine, view, filter)));
    if (!hit && pages.size >= PAGE_CACHE_MAX) pages.clear();
    pages.set(key, {
      version: engine.version,
      json,
      positions: filtered ? null : [(current - 1) * size, current * size - 1],
      view,
      filter,
    });
    // A page read before and changed since is read again by everybody polling it: compressed now, not after the
    // first hundreds of its answers left uncompressed (send-serialised compresses on a page's second request).
    if (hit && !filtered) precompress(json, current === 1 ? RECORDS_START : undefined);
    return json;
  }

  private page(engine: ScoreboardEngine, view: BoardView, filter: RankFilter): Page<ContestRankRow> {
    const ranking = engine.ranking(view);
    const positions = this.filter(ranking, filter);
    const req = pageRequest(filter);
    const fb = engine.firstBloods(view);
    const records: ContestRankRow[] = [];
    const total = positions ? positions.length : ranking.order.length;
    for (let k = req.skip; k < Math.min(total, req.skip + req.size); k++) {
      const i = positions ? positions[k] : k;
      records.push(engine.toRow(view, ranking.order[i], ranking.ranks[i], fb));
    }
    return toPage(records, total, req);
  }

  /**
   * One page of several contests' boards ranked together (get-contest-rank's externalCidList, the public board), with
   * the pinned rows of `pinned` on page 1: the viewer's first row (none on the public board, as HOJ) and the
   * followed users'.
   */
  async mergedPage(
    contests: { contest: Contest; view: BoardView }[],
    filter: RankFilter,
    viewerUid?: string,
  ): Promise<Page<ContestRankRow & { cid: number }>> {
    const rows = await this.mergedRows(contests, filter);
    const req = pageRequest(filter);
    const page = rows.slice(req.skip, req.skip + req.size);
    if (req.current === 1) {
      const followed = new Set(filter.onlyConcerned ? [] : filter.concernedList);
      if (viewerUid) followed.delete(viewerUid);
      const own = viewerUid ? rows.find((r) => r.uid === viewerUid) : undefined;
      page.unshift(...(own ? [own] : []), ...rows.filter((r) => followed.has(r.uid)));
    }
    return toPage(page, rows.length, req);
  }

  /** Several contests' boards ranked together (synchronised contests), each row tagged with its cid. */
  async mergedRows(contests: { contest: Contest; view: BoardView }[], filter: RankFilter): Promise<(ContestRankRow & { cid: number })[]> {
    const all: (ContestRankRow & { cid: number })[] = [];
    for (const { contest, view } of contests) {
      const engine = await this.board(contest);
      const fb = engine.firstBloods(view);
      const ranking = engine.ranking(view);
      const positions = this.filter(ranking, filter) ?? ranking.order.map((_, i) => i);
      for (const i of positions) all.push({ ...engine.toRow(view, ranking.order[i], ranking.ranks[i], fb), cid: contest.id });
    }
    if (contests.length < 2) return all;
    const acm = (r: ContestRankRow): r is ContestRankRow & { ac: number; penalty: number } => 'ac' in r;
    const key = (r: ContestRankRow): [number, number] => (acm(r) ? [-r.ac, r.penalty] : [-r.totalScore, r.totalTime]);
    all.sort((a, b) => {
      const [x1, x2] = key(a);
      const [y1, y2] = key(b);
      return x1 - y1 || x2 - y2 || a.username.localeCompare(b.username);
    });
    let place = 0;
    let counted = 0;
    let prev: [number, number] | null = null;
    for (const r of all) {
      if (r.isStar) continue;
      counted++;
      const k = key(r);
      if (!prev || prev[0] !== k[0] || prev[1] !== k[1]) place = counted;
      prev = k;
      r.rank = place;
    }
    return all;
  }

  /** Positions in the ranking that pass the filters, or null when no filter is set (every position). */
  private filter(ranking: Ranking, f: RankFilter): number[] | null {
    const keyword = f.keyword?.trim().toLowerCase();
    const concerned = f.onlyConcerned && f.concernedList?.length ? new Set(f.concernedList) : null;
    if (!keyword && !concerned && !f.removeStar) return null;
    const out: number[] = [];
    ranking.order.forEach((state, i) => {
      if (passes(state, f.removeStar, concerned, keyword)) out.push(i);
    });
    return out;
  }
}

/** Whether a row passes the page's filters: star rows when they are removed, followed users only, the keyword. */
function passes(state: UserState, removeStar: boolean | undefined, concerned: Set<string> | null, keyword: string | undefined): boolean {
  if (removeStar && state.isStar) return false;
  if (concerned && !concerned.has(state.user.uid)) return false;
  if (!keyword) return true;
  const u = state.user;
  return [u.username, u.nickname, u.realname, u.school].some((v) => v?.toLowerCase().includes(keyword));
}
