import {
  ACM_PENALTY_MINUTES,
  AcmProblemCell,
  AcmRankRow,
  ContestType,
  JudgeStatus,
  OiRankRow,
  OiScoreType,
  RankShowName,
  STAR_USER_RANK,
  isFinalJudgeStatus,
} from '@oj/contracts';

/** A contest submission as the board needs it. */
export interface BoardSubmission {
  submitId: number;
  uid: string;
  displayId: string;
  status: number;
  /** OI score of the submission (null: 0). */
  score: number | null;
  /** Run time in ms (OI tie-break). */
  time: number | null;
  /** Epoch ms. */
  submitTime: number;
}

export interface BoardUser {
  uid: string;
  username: string;
  nickname: string | null;
  realname: string | null;
  school: string | null;
  avatar: string | null;
  gender: string | null;
}

export interface BoardConfig {
  type: ContestType;
  /** Epoch ms. */
  startTime: number;
  endTime: number;
  /** Epoch ms at which the board seals, or null. */
  sealTime: number | null;
  oiScoreType: OiScoreType;
  displayIds: string[];
  /** Usernames of unranked (star) users. */
  starUsernames: string[];
  rankShowName: RankShowName;
}

export type BoardView = 'live' | 'sealed';

/** Results that count against an ACM team; CE and SE (and unfinished or failed submits) do not. */
const ACM_REJECTED: ReadonlySet<number> = new Set([
  JudgeStatus.PresentationError,
  JudgeStatus.WrongAnswer,
  JudgeStatus.TimeLimitExceeded,
  JudgeStatus.MemoryLimitExceeded,
  JudgeStatus.RuntimeError,
  JudgeStatus.PartialAccepted,
]);
/** Results that carry no OI score: the try is ignored. */
const OI_IGNORED: ReadonlySet<number> = new Set([
  JudgeStatus.SystemError,
  JudgeStatus.SubmittedFailed,
  JudgeStatus.SubmittedUnknownResult,
  JudgeStatus.NotSubmitted,
]);

export interface Cell {
  isAC: boolean;
  /** ms from the start to the first AC. */
  acMs: number;
  acSubmitId: number;
  errorNum: number;
  tryNum: number;
  /** OI */
  score: number;
  time: number;
  scored: boolean;
}

export interface RowView {
  cells: Map<string, Cell>;
  ac: number;
  total: number;
  penalty: number;
  totalTime: number;
  totalScore: number;
}

export interface UserState {
  user: BoardUser;
  isStar: boolean;
  /** Per display id, the submissions in (submitTime, submitId) order (empty while `unread` is set). */
  subs: Map<string, BoardSubmission[]>;
  /**
   * After a bulk load without retention: gives the user's loaded submissions again. The lists are only
   * rebuilt when a result for the user arrives; most users' submissions never need to stay in memory.
   */
  unread: (() => BoardSubmission[]) | null;
  views: Record<BoardView, RowView>;
}

/** The board order and each position's rank; pass a position's state and rank to toRow to render it. */
export interface Ranking {
  readonly order: readonly UserState[];
  readonly ranks: Int32Array;
}

interface FirstBlood {
  uid: string;
  acMs: number;
  submitId: number;
}

const bySubmitOrder = (a: BoardSubmission, b: BoardSubmission): number => a.submitTime - b.submitTime || a.submitId - b.submitId;

const before = (a: BoardSubmission, b: BoardSubmission): boolean =>
  a.submitTime < b.submitTime || (a.submitTime === b.submitTime && a.submitId < b.submitId);

function isSorted(list: readonly BoardSubmission[]): boolean {
  for (let i = 1; i < list.length; i++) if (before(list[i], list[i - 1])) return false;
  return true;
}

/** Changes remembered per view for `unchangedSince` (older pages are rendered again). */
const MAX_EDITS = 1024;

const emptyView = (): RowView => ({ cells: new Map(), ac: 0, total: 0, penalty: 0, totalTime: 0, totalScore: 0 });

/**
 * The contest scoreboard in memory: per user and problem the submissions, from which each cell and row
 * is derived for two views, `live` (every result) and `sealed` (results up to the seal time; later tries
 * pending). A new or changed result touches one cell and one row; ordering is redone lazily on read.
 * Pure: no I/O, so the rules are unit-tested directly.
 */
export class ScoreboardEngine {
  private readonly users = new Map<string, UserState>();
  private readonly firstBlood: Record<BoardView, Map<string, FirstBlood | null>> = {
    live: new Map(),
    sealed: new Map(),
  };
  private readonly ordered: Record<BoardView, UserState[] | null> = { live: null, sealed: null };
  private readonly ranked: Record<BoardView, Ranking | null> = { live: null, sealed: null };
  /** Per view, the positions each change shown since a version touched (see `unchangedSince`). */
  private readonly edits: Record<BoardView, { version: number; from: number; to: number }[]> = { live: [], sealed: [] };
  /** Versions up to this one are no longer in `edits`. */
  private readonly editsFrom: Record<BoardView, number> = { live: 0, sealed: 0 };
  /** A first blood changed since the last read: every row's `isFirstAC` may have. */
  private readonly bloodChanged: Record<BoardView, boolean> = { live: false, sealed: false };
  /** Positions of `ranked` whose ranks are out of date (rows moved there since the last read). */
  private readonly moved: Record<BoardView, [number, number] | null> = { live: null, sealed: null };
  private readonly stars: Set<string>;
  private readonly problems: Set<string>;

  /** Whether the board has a sealed view distinct from the live one. */
  private readonly sealed: boolean;

  constructor(readonly config: BoardConfig) {
    this.sealed = config.sealTime !== null;
    this.stars = new Set(config.starUsernames);
    this.problems = new Set(config.displayIds);
  }

  get participantCount(): number {
    return this.users.size;
  }

  hasUser(uid: string): boolean {
    return this.users.has(uid);
  }

  /**
   * Bumped by every change of the board (load, apply): derived answers (a rendered rank page) are reused
   * while it stays the same.
   */
  get version(): number {
    return this.changes;
  }
  private changes = 0;

  /** Bulk load (full computation): every submission at once, cells computed once at the end. */
  load(subs: Iterable<BoardSubmission>, users: Map<string, BoardUser>): void {
    const byUser = new Map<string, BoardSubmission[]>();
    for (const sub of subs) {
      let list = byUser.get(sub.uid);
      if (!list) byUser.set(sub.uid, (list = []));
      list.push(sub);
    }
    for (const [uid, list] of byUser) this.loadUser(uid, users.get(uid), list);
    this.loaded();
  }

  /**
   * Bulk load of one user's submissions (any order): their cells are computed once. Call `loaded()` after
   * the last user. The database load hands each participant's submissions over this way, so no
   * per-submission lookup of the user is needed.
   */
  loadUser(uid: string, user: BoardUser | undefined, subs: readonly BoardSubmission[], reread?: () => BoardSubmission[]): void {
    let state = this.users.get(uid);
    // Only a user new to the board holds exactly `subs` afterwards, which `reread` gives again.
    const fresh = !state;
    if (state) this.materialise(state);
    let added = false;
    for (const sub of subs) {
      if (!this.counts(sub)) continue;
      state ??= this.stateOf(uid, user);
      let list = state.subs.get(sub.displayId);
      if (!list) state.subs.set(sub.displayId, (list = []));
      list.push(sub);
      added = true;
    }
    if (!state || !added) return;
    const seal = this.config.sealTime;
    for (const [displayId, list] of state.subs) {
      if (list.length > 1 && !isSorted(list)) list.sort(bySubmitOrder);
      state.views.live.cells.set(displayId, this.computeCell(list, Infinity));
      if (seal !== null) state.views.sealed.cells.set(displayId, this.computeCell(list, seal));
    }
    this.totals(state.views.live);
    if (seal !== null) this.totals(state.views.sealed);
    // With a way to read them again, the lists go: short-lived objects cost the collector little,
    // half a million retained ones a lot (see the module README).
    if (reread && fresh) {
      state.subs = new Map();
      state.unread = reread;
    }
  }

  private counts(sub: BoardSubmission): boolean {
    return this.problems.has(sub.displayId) && sub.submitTime >= this.config.startTime && sub.submitTime < this.config.endTime;
  }

  /** Rebuilds a user's lists from `unread` before they change. */
  private materialise(state: UserState): void {
    const reread = state.unread;
    if (!reread) return;
    state.unread = null;
    for (const sub of reread()) {
      if (!this.counts(sub)) continue;
      let list = state.subs.get(sub.displayId);
      if (!list) state.subs.set(sub.displayId, (list = []));
      list.push(sub);
    }
    for (const list of state.subs.values()) if (list.length > 1 && !isSorted(list)) list.sort(bySubmitOrder);
  }

  /** Ends a bulk load: orders and first bloods are derived again on the next read. */
  loaded(): void {
    for (const view of ['live', 'sealed'] as const) {
      this.ordered[view] = null;
      this.ranked[view] = null;
      this.moved[view] = null;
      this.firstBlood[view].clear();
    }
    this.changes++;
  }

  private stateOf(uid: string, user?: BoardUser): UserState {
    let state = this.users.get(uid);
    if (!state) {
      const info = user ?? { uid, username: uid, nickname: null, realname: null, school: null, avatar: null, gender: null };
      const live = emptyView();
      // Without a seal both views are one and the same row.
      state = {
        user: info,
        isStar: this.stars.has(info.username),
        subs: new Map(),
        unread: null,
        views: { live, sealed: this.sealed ? emptyView() : live },
      };
      this.users.set(uid, state);
    }
    return state;
  }

  /**
   * Adds or replaces one submission: the same submitId again (a later state, a rejudge) replaces the
   * stored one in its cell, since a submission never changes user or problem.
   */
  apply(sub: BoardSubmission, user?: BoardUser): void {
    if (!this.counts(sub)) return;
    const state = this.stateOf(sub.uid, user);
    this.materialise(state);
    let list = state.subs.get(sub.displayId);
    if (!list) state.subs.set(sub.displayId, (list = []));
    const old = list.findIndex((s) => s.submitId === sub.submitId);
    if (old >= 0) list.splice(old, 1);
    let i = list.length;
    while (i > 0 && before(sub, list[i - 1])) i--;
    list.splice(i, 0, sub);
    this.changes++;
    this.refreshCell(state, sub.displayId);
  }

  private refreshCell(state: UserState, displayId: string): void {
    const list = state.subs.get(displayId) ?? [];
    const live = this.computeCell(list, Infinity);
    this.updateView(state, 'live', displayId, live);
    const seal = this.config.sealTime;
    if (seal !== null) this.updateView(state, 'sealed', displayId, this.computeCell(list, seal));
  }

  private computeCell(list: BoardSubmission[], cutoff: number): Cell {
    const cell: Cell = { isAC: false, acMs: 0, acSubmitId: 0, errorNum: 0, tryNum: 0, score: 0, time: 0, scored: false };
    const acm = this.config.type === ContestType.ACM;
    const highest = this.config.oiScoreType === OiScoreType.Highest;
    for (const s of list) {
      if (acm && cell.isAC) break; // nothing after the first AC counts
      if (s.submitTime >= cutoff || !isFinalJudgeStatus(s.status)) {
        cell.tryNum++;
        continue;
      }
      if (acm) {
        if (s.status === JudgeStatus.Accepted) {
          cell.isAC = true;
          cell.acMs = s.submitTime - this.config.startTime;
          cell.acSubmitId = s.submitId;
        } else if (ACM_REJECTED.has(s.status)) cell.errorNum++;
      } else if (!OI_IGNORED.has(s.status)) {
        const score = s.score ?? 0;
        const time = s.time ?? 0;
        if (!cell.scored || !highest || score > cell.score) {
          cell.score = score;
          cell.time = time;
        }
        cell.scored = true;
      }
    }
    return cell;
  }

  private updateView(state: UserState, view: BoardView, displayId: string, cell: Cell): void {
    const row = state.views[view];
    const old = row.cells.get(displayId);
    row.cells.set(displayId, cell);
    this.totals(row);
    this.reposition(view, state);
    if (this.config.type === ContestType.ACM && !state.isStar) this.updateFirstBlood(view, displayId, state, old, cell);
  }

  /** A row's totals from its cells. */
  private totals(row: RowView): void {
    let ac = 0,
      total = 0,
      penalty = 0,
      totalTime = 0,
      totalScore = 0;
    for (const c of row.cells.values()) {
      if (c.isAC) {
        ac++;
        penalty += Math.floor(c.acMs / 60_000) + ACM_PENALTY_MINUTES * c.errorNum;
        totalTime += Math.floor(c.acMs / 1000) + ACM_PENALTY_MINUTES * 60 * c.errorNum;
      }
      total += c.errorNum + (c.isAC ? 1 : 0);
      if (c.scored) {
        totalScore += c.score;
        if (this.config.type === ContestType.OI) totalTime += c.time;
      }
    }
    Object.assign(row, { ac, total, penalty, totalTime, totalScore });
  }

  private updateFirstBlood(view: BoardView, displayId: string, state: UserState, old: Cell | undefined, cell: Cell): void {
    const blood = this.firstBlood[view];
    const current = blood.get(displayId);
    if (current && current.uid === state.user.uid && !(cell.isAC && cell.acSubmitId === old?.acSubmitId)) {
      blood.delete(displayId); // the holder's AC changed: find the first again
      this.recomputeFirstBlood(view, displayId);
      this.bloodChanged[view] = true;
      return;
    }
    if (!cell.isAC) return;
    const candidate: FirstBlood = { uid: state.user.uid, acMs: cell.acMs, submitId: cell.acSubmitId };
    if (current === undefined) {
      this.recomputeFirstBlood(view, displayId);
      this.bloodChanged[view] = true;
    } else if (!current || candidate.acMs < current.acMs || (candidate.acMs === current.acMs && candidate.submitId < current.submitId)) {
      blood.set(displayId, candidate);
      this.bloodChanged[view] = true;
    }
  }

  private recomputeFirstBlood(view: BoardView, displayId: string): void {
    let best: FirstBlood | null = null;
    for (const s of this.users.values()) {
      if (s.isStar) continue;
      const c = s.views[view].cells.get(displayId);
      if (!c?.isAC) continue;
      if (!best || c.acMs < best.acMs || (c.acMs === best.acMs && c.acSubmitId < best.submitId))
        best = { uid: s.user.uid, acMs: c.acMs, submitId: c.acSubmitId };
    }
    this.firstBlood[view].set(displayId, best);
  }

  /** The first AC of each problem in a view (star users excluded). */
  firstBloods(asked: BoardView): Map<string, string> {
    const view = this.resolve(asked);
    const out = new Map<string, string>();
    for (const id of this.config.displayIds) {
      if (!this.firstBlood[view].has(id)) this.recomputeFirstBlood(view, id);
      const fb = this.firstBlood[view].get(id);
      if (fb) out.set(id, fb.uid);
    }
    return out;
  }

  private readonly comparators: Partial<Record<BoardView, (a: UserState, b: UserState) => number>> = {};

  /** Without a seal the sealed view is the live one. */
  private resolve(view: BoardView): BoardView {
    return this.sealed ? view : 'live';
  }

  private compare(view: BoardView): (a: UserState, b: UserState) => number {
    return (this.comparators[view] ??= this.makeCompare(view));
  }

  private makeCompare(view: BoardView): (a: UserState, b: UserState) => number {
    const byName = (a: UserState, b: UserState): number =>
      a.user.username < b.user.username ? -1 : a.user.username > b.user.username ? 1 : 0;
    if (this.config.type === ContestType.ACM)
      return (a, b) => b.views[view].ac - a.views[view].ac || a.views[view].penalty - b.views[view].penalty || byName(a, b);
    return (a, b) =>
      b.views[view].totalScore - a.views[view].totalScore || a.views[view].totalTime - b.views[view].totalTime || byName(a, b);
  }

  /** Moves one changed row to its place in the kept order (binary search), instead of sorting again. */
  private reposition(view: BoardView, state: UserState): void {
    const list = this.ordered[view];
    if (!list) {
      this.ranked[view] = null;
      this.moved[view] = null;
      return;
    }
    const at = list.indexOf(state);
    if (at >= 0) list.splice(at, 1);
    const cmp = this.compare(view);
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cmp(list[mid], state) <= 0) lo = mid + 1;
      else hi = mid;
    }
    list.splice(lo, 0, state);
    // A new row changes the length: rank everything on the next read. Otherwise the next read ranks
    // again only the positions rows moved between (merged over every result since the last read).
    if (!this.ranked[view] || at < 0) {
      this.ranked[view] = null;
      this.moved[view] = null;
      return;
    }
    const range = this.moved[view];
    this.moved[view] = range ? [Math.min(range[0], at, lo), Math.max(range[1], at, lo)] : [Math.min(at, lo), Math.max(at, lo)];
  }

  /**
   * Ranks again after rows moved between positions `from` and `to` (and nowhere else). Rows after `to` have
   * the same rows before them as before, so their ranks only change through a tie group running on from
   * the moved range: the first unchanged row after `to` ends the work.
   */
  private rerank(view: BoardView, { order, ranks }: Ranking, from: number, to: number): number {
    let counted = 0;
    let rank = 0;
    let prev: UserState | null = null;
    for (let i = 0; i < from; i++) {
      if (order[i].isStar) continue;
      counted++;
      prev = order[i];
      rank = ranks[i];
    }
    for (let i = from; i < order.length; i++) {
      const s = order[i];
      if (s.isStar) {
        ranks[i] = STAR_USER_RANK;
        continue;
      }
      counted++;
      if (!prev || !this.tied(view, prev, s)) rank = counted;
      prev = s;
      if (i > to && ranks[i] === rank) return i - 1;
      ranks[i] = rank;
    }
    return order.length - 1;
  }

  private tied(view: BoardView, a: UserState, b: UserState): boolean {
    const x = a.views[view];
    const y = b.views[view];
    return this.config.type === ContestType.ACM
      ? x.ac === y.ac && x.penalty === y.penalty
      : x.totalScore === y.totalScore && x.totalTime === y.totalTime;
  }

  private edited(view: BoardView, from: number, to: number): void {
    const list = this.edits[view];
    list.push({ version: this.changes, from, to });
    if (list.length > MAX_EDITS) this.editsFrom[view] = list.splice(0, list.length - MAX_EDITS / 2).pop()!.version;
  }

  /**
   * Whether positions `from`..`to` of a view show exactly what they showed at version `since`: the same
   * rows with the same ranks and cells, the same first bloods and the same number of rows. A rendered page
   * of those positions is then still right (most results only move rows far from the page asked for).
   */
  unchangedSince(asked: BoardView, since: number, from: number, to: number): boolean {
    const view = this.resolve(asked);
    this.ranking(view);
    if (since < this.editsFrom[view]) return false;
    const list = this.edits[view];
    for (let i = list.length - 1; i >= 0 && list[i].version > since; i--) if (list[i].from <= to && list[i].to >= from) return false;
    return true;
  }

  /** Users in board order and their ranks (ties share a rank; star users get STAR_USER_RANK). */
  ranking(asked: BoardView): Ranking {
    const view = this.resolve(asked);
    const cached = this.ranked[view];
    if (cached) {
      const range = this.moved[view];
      if (range) this.edited(view, range[0], this.rerank(view, cached, range[0], range[1]));
      this.moved[view] = null;
      if (this.bloodChanged[view]) this.edited(view, 0, Infinity);
      this.bloodChanged[view] = false;
      return cached;
    }
    this.edited(view, 0, Infinity);
    this.bloodChanged[view] = false;
    let order = this.ordered[view];
    if (!order) order = this.ordered[view] = [...this.users.values()].sort(this.compare(view));
    const ranks = new Int32Array(order.length);
    let rank = 0;
    let counted = 0;
    let prev: UserState | null = null;
    for (let i = 0; i < order.length; i++) {
      const s = order[i];
      if (s.isStar) {
        ranks[i] = STAR_USER_RANK;
        continue;
      }
      counted++;
      if (!prev || !this.tied(view, prev, s)) rank = counted;
      prev = s;
      ranks[i] = rank;
    }
    return (this.ranked[view] = { order, ranks });
  }

  /**
   * Where a user stands in a view's order (-1 when not on the board): a binary search of the kept order, which the
   * comparator orders totally (ties end on the username). Pinned rows of get-contest-rank look their users up here.
   */
  positionOf(asked: BoardView, uid: string): number {
    const state = this.users.get(uid);
    if (!state) return -1;
    const view = this.resolve(asked);
    const { order } = this.ranking(view);
    const cmp = this.compare(view);
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cmp(order[mid], state) < 0) lo = mid + 1;
      else hi = mid;
    }
    return order[lo] === state ? lo : order.indexOf(state);
  }

  private showName(u: BoardUser): string {
    const name = this.config.rankShowName;
    if (name === RankShowName.Nickname) return u.nickname || u.username;
    if (name === RankShowName.RealName) return u.realname || u.username;
    return u.username;
  }

  /** One row as the API shows it. */
  toRow(asked: BoardView, state: UserState, rank: number, firstBloods: Map<string, string>): AcmRankRow | OiRankRow {
    const u = state.user;
    const base = {
      rank,
      uid: u.uid,
      username: u.username,
      nickname: u.nickname,
      realname: u.realname,
      school: u.school,
      avatar: u.avatar,
      gender: u.gender,
      showName: this.showName(u),
      isStar: state.isStar,
    };
    const row = state.views[this.resolve(asked)];
    if (this.config.type === ContestType.ACM) {
      const submissionInfo: Record<string, AcmProblemCell> = {};
      for (const [id, c] of row.cells) {
        if (!c.isAC && c.errorNum === 0 && c.tryNum === 0) continue;
        const cell: AcmProblemCell = {
          isAC: c.isAC,
          errorNum: c.errorNum,
          tryNum: c.tryNum,
          isFirstAC: c.isAC && firstBloods.get(id) === u.uid,
        };
        if (c.isAC) cell.ACTime = Math.floor(c.acMs / 1000);
        submissionInfo[id] = cell;
      }
      return { ...base, ac: row.ac, total: row.total, penalty: row.penalty, totalTime: row.totalTime, submissionInfo };
    }
    const submissionInfo: Record<string, number> = {};
    const timeInfo: Record<string, number> = {};
    const pendingInfo: Record<string, number> = {};
    for (const [id, c] of row.cells) {
      if (c.scored) {
        submissionInfo[id] = c.score;
        timeInfo[id] = c.time;
      }
      if (c.tryNum > 0) pendingInfo[id] = c.tryNum;
    }
    return { ...base, totalScore: row.totalScore, totalTime: row.totalTime, submissionInfo, timeInfo, pendingInfo };
  }

  /** The whole board of a view as rows (tests and small boards; the service pages instead). */
  rows(view: BoardView): (AcmRankRow | OiRankRow)[] {
    const fb = this.firstBloods(view);
    const { order, ranks } = this.ranking(view);
    return order.map((state, i) => this.toRow(view, state, ranks[i], fb));
  }
}
