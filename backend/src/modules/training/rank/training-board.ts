import { JudgeStatus, TrainingRankCell, TrainingRankRow, isFinalJudgeStatus } from '@oj/contracts';

/** A judged try: final, and not one the judge never took (Submitted Failed, Not Submitted). */
export const isRankedStatus = (status: number): boolean =>
  isFinalJudgeStatus(status) && status !== JudgeStatus.SubmittedFailed && status !== JudgeStatus.NotSubmitted;

/** A finished try inside the training, as the board reads it (from PostgreSQL or the result log). */
export interface TrainingTry {
  submitId: number;
  uid: string;
  pid: number;
  status: number;
  score: number | null;
  /** run time (ms) */
  time: number | null;
}

export interface TrainingBoardUser {
  username: string;
  realname: string | null;
  nickname: string | null;
  school: string | null;
  gender: string | null;
  avatar: string | null;
}

interface Cell {
  /** The latest try (highest submit id) shown while the problem is not solved (HOJ shows the last state). */
  lastId: number;
  status: number;
  score: number | null;
  /** Best run time of an accepted try; undefined while unsolved. */
  runTime?: number;
  tries: number;
}

interface Row {
  uid: string;
  /** First-seen order: HOJ keeps ties in the order users first appear. */
  seq: number;
  ac: number;
  totalRunTime: number;
  cells: Map<number, Cell>;
  user: TrainingBoardUser;
  /** Position in `ordered`. */
  pos: number;
  /** Lower-cased username, real name and school, for the keyword filter. */
  haystack: string;
}

/** Ranks before b: more solved, then less total run time, then first seen (HOJ's order). */
const before = (a: Row, b: Row): boolean =>
  a.ac !== b.ac ? a.ac > b.ac : a.totalRunTime !== b.totalRunTime ? a.totalRunTime < b.totalRunTime : a.seq < b.seq;

/**
 * One training's rank (product §7 get-training-rank; HOJ TrainingRankVO): per user the problems solved, the
 * total of their best accepted run times, and per problem the state, the best accepted time and the tries.
 *
 * A new result costs a few microseconds: the user's cell changes, then the row moves to its place by binary
 * search in the ordered array (only the rows between the old and new places are renumbered). Applying a
 * submission twice changes nothing (`seen`), so the result log may overlap what PostgreSQL gave at load.
 */
export class TrainingBoard {
  private readonly rows = new Map<string, Row>();
  private readonly ordered: Row[] = [];
  private readonly seen = new Set<number>();
  private nextSeq = 0;
  /** Raised by every change: rendered pages are cached against it. */
  version = 0;
  /**
   * The positions each recent change touched ([version, first, last]): a page rendered at version v is
   * still right when no later change touched its positions (a result on page 40 leaves page 1 as it was).
   */
  private readonly changes: [number, number, number][] = [];
  private static readonly CHANGES_KEPT = 4096;

  constructor(
    /** bank pid → the training's display id */
    private readonly displayIds: Map<number, string>,
    /** Users whose tries count nowhere (the training's author and root, like HOJ). */
    private readonly excluded: Set<string>,
  ) {}

  get size(): number {
    return this.ordered.length;
  }

  has(uid: string): boolean {
    return this.rows.has(uid);
  }

  /**
   * Applies tries in bulk (the build from PostgreSQL), then orders all rows once: moving rows one result at
   * a time is for new results, not for 300,000 stored ones.
   */
  load(tries: Iterable<TrainingTry>, user: (uid: string) => TrainingBoardUser): void {
    for (const t of tries) this.apply(t, () => user(t.uid), false);
    this.ordered.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
    this.ordered.forEach((r, i) => (r.pos = i));
    this.version++;
    this.touched([0, Infinity]);
  }

  /** Applies one finished try; false when it changes nothing (already applied, not final, not ranked). */
  apply(t: TrainingTry, user: () => TrainingBoardUser, reposition = true): boolean {
    if (!isRankedStatus(t.status)) return false;
    if (!this.displayIds.has(t.pid) || this.excluded.has(t.uid) || this.seen.has(t.submitId)) return false;
    this.seen.add(t.submitId);
    let row = this.rows.get(t.uid);
    const created = !row;
    if (!row) {
      const u = user();
      row = {
        uid: t.uid,
        seq: this.nextSeq++,
        ac: 0,
        totalRunTime: 0,
        cells: new Map(),
        user: u,
        pos: this.ordered.length,
        haystack: [u.username, u.realname ?? '', u.school ?? ''].join('\n').toLowerCase(),
      };
      this.rows.set(t.uid, row);
      this.ordered.push(row);
    }
    let cell = row.cells.get(t.pid);
    if (!cell) row.cells.set(t.pid, (cell = { lastId: 0, status: t.status, score: t.score, tries: 0 }));
    cell.tries++;
    const time = Math.max(0, t.time ?? 0);
    if (t.status === JudgeStatus.Accepted) {
      if (cell.runTime === undefined) {
        row.ac++;
        row.totalRunTime += time;
        cell.runTime = time;
      } else if (time < cell.runTime) {
        row.totalRunTime -= cell.runTime - time;
        cell.runTime = time;
      }
      cell.status = JudgeStatus.Accepted;
      cell.score = t.score;
    } else if (cell.runTime === undefined && t.submitId > cell.lastId) {
      cell.status = t.status;
      cell.score = t.score;
    }
    if (t.submitId > cell.lastId) cell.lastId = t.submitId;
    this.version++;
    if (reposition) {
      const from = row.pos;
      this.reposition(row);
      // A new row also changes the total, which every page shows: it touches everything.
      this.touched(created ? [0, Infinity] : [row.pos, from]);
    }
    return true;
  }

  private touched([first, last]: [number, number]): void {
    this.changes.push([this.version, first, last]);
    if (this.changes.length > TrainingBoard.CHANGES_KEPT) this.changes.splice(0, this.changes.length - TrainingBoard.CHANGES_KEPT / 2);
  }

  /** Whether positions [first, last] are as they were at `version` (false when that is too long ago to tell). */
  unchangedSince(version: number, first: number, last: number): boolean {
    if (version === this.version) return true;
    const oldest = this.changes[0];
    if (!oldest || oldest[0] > version + 1) return false;
    for (let i = this.changes.length - 1; i >= 0; i--) {
      const [v, a, b] = this.changes[i];
      if (v <= version) break;
      if (a <= last && b >= first) return false;
    }
    return true;
  }

  /** Moves a changed row to its place (rows only ever move up: solving never lowers a row). */
  private reposition(row: Row): void {
    const list = this.ordered;
    let lo = 0;
    let hi = row.pos;
    // First position whose row ranks after this one, among those above it.
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (before(list[mid], row)) lo = mid + 1;
      else hi = mid;
    }
    const from = row.pos;
    if (lo === from) return;
    list.copyWithin(lo + 1, lo, from);
    list[lo] = row;
    for (let i = lo; i <= from; i++) list[i].pos = i;
  }

  /** The user's problems in this training: pid → state (progress and the problem list's status). */
  cellsOf(uid: string): Map<number, { status: number; score: number | null }> {
    return this.rows.get(uid)?.cells ?? new Map();
  }

  /** One page of rows, optionally only users whose username, real name or school contains the keyword. */
  page(skip: number, size: number, keyword?: string): { records: TrainingRankRow[]; total: number } {
    if (!keyword) return { records: this.ordered.slice(skip, skip + size).map((r) => this.render(r)), total: this.ordered.length };
    const k = keyword.toLowerCase();
    const matched = this.ordered.filter((r) => r.haystack.includes(k));
    return { records: matched.slice(skip, skip + size).map((r) => this.render(r)), total: matched.length };
  }

  private render(r: Row): TrainingRankRow {
    const submissionInfo: Record<string, TrainingRankCell> = {};
    for (const [pid, c] of r.cells) {
      const cell: TrainingRankCell = { status: c.status, score: c.score, isAC: c.runTime !== undefined, tries: c.tries };
      if (c.runTime !== undefined) cell.runTime = c.runTime;
      submissionInfo[this.displayIds.get(pid)!] = cell;
    }
    return {
      rank: r.pos + 1,
      uid: r.uid,
      ...r.user,
      ac: r.ac,
      totalRunTime: r.totalRunTime,
      submissionInfo,
    };
  }
}
