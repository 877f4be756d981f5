/**
 * The award ceremony's resolver (issue 35), without React: the board of a sealed ACM contest as it is revealed, one
 * pending cell at a time, from the bottom team up (the ICPC resolver's rule).
 *
 * - The board starts as every team with its `sealed` cells; a cell with pending tries (`tryNum > 0`, or one that the
 *   final board shows otherwise) is pending. Revealing it puts the team's `final` cell in its place.
 * - Ranking as the server's scoreboard engine: `ac` = solved cells, `penalty` = Σ over solved cells of
 *   floor(ACTime / 60) + penaltyMinutes × errorNum; ac desc, penalty asc, username asc (plain `<`); star teams rank -1
 *   and are not counted; tied teams (same ac and penalty) share the rank of the first of them.
 * - A team that changes moves to its place by binary search, and only the ranks of the positions it moved over (and of
 *   a tie group running on from them) are computed again: a step costs O(log n + distance moved), never a sort.
 * - The cursor is the position of the lowest team that still has pending cells; every team below it is finalised.
 *   Revealed teams only move up, so the positions below the cursor never change again. When a team is finalised it
 *   earns its award, if any: a medal by its final rank, the winner (rank 1), the problems it solved first.
 */
import type { AcmProblemCell, ResolverData, ResolverTeam } from '@oj/contracts';

export type Medal = 'gold' | 'silver' | 'bronze';

export interface AwardCounts {
  gold: number;
  silver: number;
  bronze: number;
}

export interface RevealEvent {
  type: 'reveal';
  uid: string;
  displayId: string;
  solved: boolean;
  /** the revealed cell is the first AC of its problem */
  firstToSolve: boolean;
  /** positions before and after */
  from: number;
  to: number;
}

export interface AwardEvent {
  type: 'award';
  uid: string;
  /** the final rank */
  rank: number;
  medal: Medal | null;
  winner: boolean;
  /** display ids the team solved first */
  firstToSolve: string[];
}

export type ResolverEvent = RevealEvent | AwardEvent;

/** One team as the board shows it now (mutable: `version` changes whenever its cells or totals do). */
export interface TeamState {
  readonly team: ResolverTeam;
  cells: Record<string, AcmProblemCell>;
  /** display ids still to reveal, in problem order */
  pending: string[];
  ac: number;
  penalty: number;
  /** current position in the order */
  pos: number;
  finalised: boolean;
  version: number;
}

const EMPTY_CELL: AcmProblemCell = { isAC: false, errorNum: 0, tryNum: 0, isFirstAC: false };

/** ac and penalty of a row of cells, as the server's `totals`. */
export function cellTotals(cells: Record<string, AcmProblemCell>, penaltyMinutes: number): { ac: number; penalty: number } {
  let ac = 0;
  let penalty = 0;
  for (const c of Object.values(cells)) {
    if (!c.isAC) continue;
    ac++;
    penalty += Math.floor((c.ACTime ?? 0) / 60) + penaltyMinutes * c.errorNum;
  }
  return { ac, penalty };
}

/** The defaults of Chinese regionals: 10 % / 20 % / 30 % of the ranked (non-star) teams, rounded up. */
export function defaultAwardCounts(data: Pick<ResolverData, 'teams'>): AwardCounts {
  const ranked = data.teams.filter((t) => !t.isStar).length;
  return { gold: Math.ceil(ranked * 0.1), silver: Math.ceil(ranked * 0.2), bronze: Math.ceil(ranked * 0.3) };
}

const sameCell = (a: AcmProblemCell | undefined, b: AcmProblemCell | undefined): boolean =>
  !!a && !!b && a.isAC === b.isAC && a.errorNum === b.errorNum && (a.ACTime ?? null) === (b.ACTime ?? null) && a.tryNum === b.tryNum;

const compareTeams = (a: TeamState, b: TeamState): number =>
  b.ac - a.ac || a.penalty - b.penalty || (a.team.username < b.team.username ? -1 : a.team.username > b.team.username ? 1 : 0);

const tied = (a: TeamState, b: TeamState) => a.ac === b.ac && a.penalty === b.penalty;

/** Ranks of an order (ties share, star teams -1, the rest by position among non-star teams). */
function rankOrder(order: TeamState[]): Int32Array {
  const ranks = new Int32Array(order.length);
  let counted = 0;
  let rank = 0;
  let prev: TeamState | null = null;
  for (let i = 0; i < order.length; i++) {
    const s = order[i];
    if (s.team.isStar) {
      ranks[i] = -1;
      continue;
    }
    counted++;
    if (!prev || !tied(prev, s)) rank = counted;
    prev = s;
    ranks[i] = rank;
  }
  return ranks;
}

export class ResolverState {
  readonly problems: string[];
  readonly penaltyMinutes: number;
  readonly awards: AwardCounts;
  /** teams in the current order */
  private readonly order: TeamState[];
  private readonly ranks: Int32Array;
  /** nonStarBefore[i]: non-star teams at positions < i */
  private readonly nonStarBefore: Int32Array;
  private readonly byUid = new Map<string, TeamState>();
  /** the final rank of each team (from the final cells) */
  private readonly finalRank = new Map<string, number>();
  private cursorPos: number;
  private started = false;
  private pendingLeft = 0;
  /** bumps on every change: a cheap key for the views */
  revision = 0;

  constructor(data: Pick<ResolverData, 'problems' | 'teams' | 'penaltyMinutes'>, awards?: AwardCounts) {
    this.problems = data.problems.map((p) => p.displayId);
    this.penaltyMinutes = data.penaltyMinutes;
    this.awards = awards ?? defaultAwardCounts(data);
    const states: TeamState[] = data.teams.map((team) => {
      const cells: Record<string, AcmProblemCell> = {};
      const pending: string[] = [];
      const ids = new Set([...Object.keys(team.sealed), ...Object.keys(team.final)]);
      for (const id of this.problems) {
        if (!ids.delete(id)) continue;
        this.addCell(team, id, cells, pending);
      }
      for (const id of ids) this.addCell(team, id, cells, pending); // cells of problems not listed (none expected)
      return { team, cells, pending, ...cellTotals(cells, this.penaltyMinutes), pos: 0, finalised: false, version: 0 };
    });
    // the final ranks, for the awards
    const finals = states.map((s) => ({ ...s, ...cellTotals(s.team.final, this.penaltyMinutes) })).sort(compareTeams);
    const finalRanks = rankOrder(finals);
    finals.forEach((s, i) => this.finalRank.set(s.team.uid, finalRanks[i]));

    this.order = states.sort(compareTeams);
    this.order.forEach((s, i) => {
      s.pos = i;
      this.byUid.set(s.team.uid, s);
    });
    this.ranks = rankOrder(this.order);
    this.nonStarBefore = new Int32Array(this.order.length + 1);
    for (let i = 0; i < this.order.length; i++) this.nonStarBefore[i + 1] = this.nonStarBefore[i] + (this.order[i].team.isStar ? 0 : 1);
    this.cursorPos = this.order.length - 1;
    for (const t of this.order) this.pendingLeft += t.pending.length;
  }

  private addCell(team: ResolverTeam, id: string, cells: Record<string, AcmProblemCell>, pending: string[]) {
    const sealed = team.sealed[id];
    const fin = team.final[id];
    if (sealed && sealed.tryNum > 0) {
      cells[id] = sealed;
      pending.push(id);
    } else if (fin && !sameCell(sealed, fin)) {
      // the final board differs where the sealed one showed nothing pending: reveal it all the same
      cells[id] = { ...(sealed ?? EMPTY_CELL), tryNum: Math.max(1, sealed?.tryNum ?? 0) };
      pending.push(id);
    } else if (sealed) cells[id] = sealed;
  }

  get size(): number {
    return this.order.length;
  }

  /** The position of the current team (the lowest with pending cells), -1 once everything is revealed. */
  get cursor(): number {
    return this.cursorPos;
  }

  get done(): boolean {
    return this.started && this.cursorPos < 0;
  }

  get current(): TeamState | null {
    return this.cursorPos >= 0 ? this.order[this.cursorPos] : null;
  }

  teamAt(pos: number): TeamState {
    return this.order[pos];
  }

  rankAt(pos: number): number {
    return this.ranks[pos];
  }

  team(uid: string): TeamState | undefined {
    return this.byUid.get(uid);
  }

  finalRankOf(uid: string): number | undefined {
    return this.finalRank.get(uid);
  }

  /** Cells still to reveal on the whole board. */
  pendingCount(): number {
    return this.pendingLeft;
  }

  /** The current order as uids (tests, the end). */
  orderUids(): string[] {
    return this.order.map((s) => s.team.uid);
  }

  ranksList(): number[] {
    return Array.from(this.ranks);
  }

  /** Finalises the teams at the bottom that have nothing pending; call once before the first step. */
  start(): ResolverEvent[] {
    if (this.started) return [];
    this.started = true;
    const events: ResolverEvent[] = [];
    this.settle(events);
    this.revision++;
    return events;
  }

  /** Reveals the current team's leftmost pending problem. */
  step(): ResolverEvent[] {
    const events = this.start();
    const s = this.current;
    if (!s) return events;
    this.reveal(s, events);
    this.settle(events);
    this.revision++;
    return events;
  }

  /** Reveals every pending problem of the current team. */
  nextTeam(): ResolverEvent[] {
    const events = this.start();
    const s = this.current;
    if (!s) return events;
    while (s.pending.length > 0) this.reveal(s, events);
    this.settle(events);
    this.revision++;
    return events;
  }

  /** Reveals everything (tests; "skip to the end"). */
  finish(): ResolverEvent[] {
    const events = this.start();
    while (this.cursorPos >= 0) events.push(...this.nextTeam());
    return events;
  }

  private reveal(s: TeamState, events: ResolverEvent[]): void {
    const id = s.pending.shift()!;
    this.pendingLeft--;
    const cell = s.team.final[id];
    if (cell) s.cells[id] = cell;
    else delete s.cells[id];
    const { ac, penalty } = cellTotals(s.cells, this.penaltyMinutes);
    s.ac = ac;
    s.penalty = penalty;
    s.version++;
    const from = s.pos;
    const to = this.reposition(s);
    events.push({
      type: 'reveal',
      uid: s.team.uid,
      displayId: id,
      solved: !!cell?.isAC,
      firstToSolve: !!cell?.isAC && cell.isFirstAC,
      from,
      to,
    });
    // a team that went down (not expected: a reveal never makes a row worse) below the cursor is still to finish
    if (s.pending.length > 0 && to > this.cursorPos) this.cursorPos = to;
  }

  /** Moves the cursor up over the teams with nothing pending, finalising them. */
  private settle(events: ResolverEvent[]): void {
    while (this.cursorPos >= 0) {
      const s = this.order[this.cursorPos];
      if (s.pending.length > 0) return;
      if (!s.finalised) {
        s.finalised = true;
        s.version++;
        const award = this.awardOf(s);
        if (award) events.push(award);
      }
      this.cursorPos--;
    }
  }

  private awardOf(s: TeamState): AwardEvent | null {
    if (s.team.isStar) return null;
    const rank = this.finalRank.get(s.team.uid) ?? -1;
    const { gold, silver, bronze } = this.awards;
    const solvedAny = s.ac > 0;
    let medal: Medal | null = null;
    if (solvedAny && rank > 0) {
      if (rank <= gold) medal = 'gold';
      else if (rank <= gold + silver) medal = 'silver';
      else if (rank <= gold + silver + bronze) medal = 'bronze';
    }
    const winner = solvedAny && rank === 1;
    const firstToSolve = this.problems.filter((id) => s.cells[id]?.isAC && s.cells[id].isFirstAC);
    if (!medal && !winner && firstToSolve.length === 0) return null;
    return { type: 'award', uid: s.team.uid, rank, medal, winner, firstToSolve };
  }

  /** Moves a changed team to its place by binary search; ranks again the positions it moved over. Returns its position. */
  private reposition(s: TeamState): number {
    const order = this.order;
    const at = s.pos;
    let to = at;
    if (at > 0 && compareTeams(order[at - 1], s) > 0) {
      // up: the first position in [0, at) whose team comes after s
      let lo = 0;
      let hi = at;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (compareTeams(order[mid], s) <= 0) lo = mid + 1;
        else hi = mid;
      }
      to = lo;
      for (let i = at; i > to; i--) {
        order[i] = order[i - 1];
        order[i].pos = i;
      }
    } else if (at < order.length - 1 && compareTeams(s, order[at + 1]) > 0) {
      // down: the last position in (at, n) whose team comes before s
      let lo = at + 1;
      let hi = order.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (compareTeams(order[mid], s) < 0) lo = mid + 1;
        else hi = mid;
      }
      to = lo - 1;
      for (let i = at; i < to; i++) {
        order[i] = order[i + 1];
        order[i].pos = i;
      }
    }
    order[to] = s;
    s.pos = to;
    this.rerank(Math.min(at, to), Math.max(at, to));
    return to;
  }

  /**
   * Ranks again after teams moved between positions `from` and `to` (and nowhere else): the teams after `to` keep the
   * same teams before them, so only a tie group running on from the range can change their ranks.
   */
  private rerank(from: number, to: number): void {
    const { order, ranks, nonStarBefore } = this;
    for (let i = from; i <= to; i++) nonStarBefore[i + 1] = nonStarBefore[i] + (order[i].team.isStar ? 0 : 1);
    let prev = from - 1;
    while (prev >= 0 && order[prev].team.isStar) prev--;
    let prevState: TeamState | null = prev >= 0 ? order[prev] : null;
    let rank = prev >= 0 ? ranks[prev] : 0;
    for (let i = from; i < order.length; i++) {
      const s = order[i];
      if (s.team.isStar) {
        if (ranks[i] !== -1) {
          ranks[i] = -1;
          s.version++;
        }
        continue;
      }
      if (!prevState || !tied(prevState, s)) rank = nonStarBefore[i] + 1;
      prevState = s;
      if (i > to && ranks[i] === rank) return;
      if (ranks[i] !== rank) {
        ranks[i] = rank;
        s.version++;
      }
    }
  }
}
