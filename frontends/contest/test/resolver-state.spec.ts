/**
 * The resolver's reveal (issue 35, src/pages/resolver/resolver-state.ts): stepping to the end gives the final board,
 * the cursor goes bottom up as the ICPC resolver's, ranks follow the server's rule (ties, star teams) after every
 * step, awards come when a team is finalised, and 10,000 teams × 12 problems resolve completely.
 */
import type { AcmProblemCell, ResolverData, ResolverTeam } from '@oj/contracts';
import { AwardEvent, ResolverState, defaultAwardCounts } from '../src/pages/resolver/resolver-state';

const PENALTY = 20;
const cell = (isAC: boolean, errorNum: number, ACTime?: number, tryNum = 0, isFirstAC = false): AcmProblemCell =>
  isAC ? { isAC, ACTime, errorNum, tryNum, isFirstAC } : { isAC, errorNum, tryNum, isFirstAC };
const ac = (minute: number, errorNum = 0, first = false) => cell(true, errorNum, minute * 60, 0, first);
const wa = (errorNum: number) => cell(false, errorNum);
const pend = (errorNum: number, tryNum: number) => cell(false, errorNum, undefined, tryNum);

function team(
  username: string,
  sealed: Record<string, AcmProblemCell>,
  final: Record<string, AcmProblemCell> = sealed,
  isStar = false,
): ResolverTeam {
  return { uid: `u-${username}`, username, showName: username, school: 'S', isStar, sealed, final };
}

function board(problems: string[], teams: ResolverTeam[]): ResolverData {
  return {
    cid: 1,
    title: 'T',
    startTime: '2026-01-01T00:00:00.000Z',
    sealTime: '2026-01-01T04:00:00.000Z',
    endTime: '2026-01-01T05:00:00.000Z',
    penaltyMinutes: PENALTY,
    problems: problems.map((displayId) => ({ displayId, title: displayId, color: null })),
    teams,
  };
}

/** The server's ranking, written out again on its own: order by ac desc, penalty asc, username; ranks with ties and stars. */
function reference(teams: ResolverTeam[], cellsOf: (t: ResolverTeam) => Record<string, AcmProblemCell>) {
  const rows = teams.map((t) => {
    let solved = 0;
    let penalty = 0;
    for (const c of Object.values(cellsOf(t)))
      if (c.isAC) {
        solved++;
        penalty += Math.floor((c.ACTime ?? 0) / 60) + PENALTY * c.errorNum;
      }
    return { t, solved, penalty };
  });
  rows.sort(
    (a, b) => b.solved - a.solved || a.penalty - b.penalty || (a.t.username < b.t.username ? -1 : a.t.username > b.t.username ? 1 : 0),
  );
  const ranks: number[] = [];
  let counted = 0;
  let prev: (typeof rows)[number] | null = null;
  let prevRank = 0;
  for (const r of rows) {
    if (r.t.isStar) {
      ranks.push(-1);
      continue;
    }
    counted++;
    const rank = prev && prev.solved === r.solved && prev.penalty === r.penalty ? prevRank : counted;
    ranks.push(rank);
    prev = r;
    prevRank = rank;
  }
  return { order: rows.map((r) => r.t.uid), ranks };
}

/** Deterministic pseudo-random numbers (mulberry32). */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random sealed contest: tries before the seal are shown, after it pending; first ACs marked on the final cells. */
function randomBoard(n: number, problems: string[], seed: number, starShare = 0.02): ResolverData {
  const r = rng(seed);
  const teams: ResolverTeam[] = [];
  for (let i = 0; i < n; i++) {
    const sealed: Record<string, AcmProblemCell> = {};
    const final: Record<string, AcmProblemCell> = {};
    for (const id of problems) {
      if (r() < 0.35) continue; // no try
      const before = Math.floor(r() * 3); // rejected tries before the seal
      // coarse minutes so that ties happen
      if (r() < 0.4) {
        const minute = 10 * Math.floor(r() * 24);
        sealed[id] = final[id] = ac(minute, before);
        continue;
      }
      const after = r() < 0.5 ? 0 : 1 + Math.floor(r() * 3); // tries after the seal
      if (after === 0) {
        sealed[id] = final[id] = wa(before);
        continue;
      }
      sealed[id] = pend(before, after);
      const solves = r() < 0.6;
      final[id] = solves ? ac(240 + 10 * Math.floor(r() * 6), before + after - 1) : wa(before + after);
    }
    teams.push(team(`t${String(Math.floor(r() * n * 10)).padStart(6, '0')}_${i}`, sealed, final, r() < starShare));
  }
  // first to solve: the earliest AC of each problem among non-star teams (the first by username on a tie)
  for (const id of problems) {
    let best: ResolverTeam | null = null;
    for (const t of teams) {
      const c = t.final[id];
      if (t.isStar || !c?.isAC) continue;
      if (!best || c.ACTime! < best.final[id].ACTime! || (c.ACTime === best.final[id].ACTime && t.username < best.username)) best = t;
    }
    if (best) {
      best.final[id] = { ...best.final[id], isFirstAC: true };
      if (best.sealed[id]?.isAC) best.sealed[id] = { ...best.sealed[id], isFirstAC: true };
    }
  }
  return board(problems, teams);
}

const sealedReference = (s: ResolverState, data: ResolverData) => reference(data.teams, (t) => s.team(t.uid)!.cells);

describe('resolver state', () => {
  it('steps a small board to the end and ends on the final order and ranks', () => {
    const data = board(
      ['A', 'B', 'C'],
      [
        team('alice', { A: ac(10), B: pend(0, 1) }, { A: ac(10), B: ac(250) }),
        team('bob', { A: ac(20), B: ac(30) }),
        team('carol', { A: pend(1, 2), C: pend(0, 1) }, { A: ac(260, 2), C: wa(1) }),
        team('dave', { A: ac(15) }),
        team('star', { A: pend(0, 1), B: pend(0, 1) }, { A: ac(241), B: ac(242) }, true),
        team('erin', { B: pend(0, 1) }, { B: wa(1) }),
      ],
    );
    const s = new ResolverState(data);
    expect(s.pendingCount()).toBe(6);
    // the sealed board: bob (2 solved), alice (1, 10 min), dave (1, 15 min), then the teams with none by username
    expect(s.orderUids()).toEqual(['u-bob', 'u-alice', 'u-dave', 'u-carol', 'u-erin', 'u-star']);
    let guard = 0;
    while (!s.done && guard++ < 100) {
      s.step();
      const ref = sealedReference(s, data);
      expect(s.orderUids()).toEqual(ref.order);
      expect(s.ranksList()).toEqual(ref.ranks);
    }
    expect(s.done).toBe(true);
    expect(s.pendingCount()).toBe(0);
    const fin = reference(data.teams, (t) => t.final);
    expect(s.orderUids()).toEqual(fin.order);
    expect(s.ranksList()).toEqual(fin.ranks);
    expect(fin.order).toEqual(['u-bob', 'u-alice', 'u-star', 'u-dave', 'u-carol', 'u-erin']);
    expect(fin.ranks).toEqual([1, 2, -1, 3, 4, 5]);
  });

  it('goes bottom up; a team that jumps above is not selected again until it is the lowest with pending cells', () => {
    const data = board(
      ['A', 'B', 'C'],
      [
        team('t1', { A: ac(10), B: ac(10), C: pend(0, 1) }, { A: ac(10), B: ac(10), C: wa(1) }),
        team('t2', { A: ac(20), B: pend(0, 1) }, { A: ac(20), B: wa(1) }),
        team('t3', { A: ac(30) }),
        // the bottom team solves both pending problems: its first AC takes it above t3 and t2 (2 solved, 520 min)
        team('t4', { A: pend(0, 1), B: pend(0, 1) }, { A: ac(250), B: ac(270) }),
      ],
    );
    const s = new ResolverState(data);
    const selected: string[] = [];
    const revealed: string[] = [];
    while (!s.done) {
      s.start();
      if (!s.current) break;
      selected.push(s.current.team.username);
      for (const e of s.step()) if (e.type === 'reveal') revealed.push(`${e.uid.slice(2)}:${e.displayId}:${e.from}->${e.to}`);
    }
    // t4 solves A (1 solved, 250 min: still below t3's 30 min) and stays at the bottom; solving B (2 solved) takes it
    // to position 1. t3, now the lowest, has nothing pending (finalised); t2 is next; t4, above it, has nothing
    // pending any more, so t1 comes last
    expect(selected).toEqual(['t4', 't4', 't2', 't1']);
    expect(revealed).toEqual(['t4:A:3->3', 't4:B:3->1', 't2:B:2->2', 't1:C:0->0']);
    expect(s.orderUids().map((u) => u.slice(2))).toEqual(['t1', 't4', 't2', 't3']);
  });

  it('selects a moved team again once it is the lowest with pending cells', () => {
    const data = board(
      ['A', 'B'],
      [
        team('top', { A: ac(5), B: ac(5) }),
        team('mid', { A: ac(50) }),
        // bottom solves A (above mid on penalty 1 vs 50? 1 solved at 1 min < 50) and still has B pending
        team('bot', { A: pend(0, 1), B: pend(0, 1) }, { A: ac(1), B: wa(1) }),
        team('low', {}, {}),
      ],
    );
    const s = new ResolverState(data);
    s.start();
    expect(s.current?.team.username).toBe('bot');
    s.step(); // bot: A solved, moves above mid
    expect(s.orderUids().map((u) => u.slice(2))).toEqual(['top', 'bot', 'mid', 'low']);
    // mid has nothing pending (finalised), so bot is the lowest with pending again
    expect(s.current?.team.username).toBe('bot');
    expect(s.cursor).toBe(1);
    s.step();
    expect(s.done).toBe(true);
  });

  it('ranks ties together and leaves star teams out of the count', () => {
    const data = board(
      ['A', 'B'],
      [
        team('a', { A: ac(10) }),
        team('b', { A: ac(10) }),
        team('s', { A: ac(5) }, { A: ac(5) }, true),
        team('c', { A: pend(0, 1) }, { A: ac(10) }),
        team('d', { B: pend(0, 1) }, { B: ac(9) }),
      ],
    );
    const s = new ResolverState(data);
    expect(s.ranksList()).toEqual([-1, 1, 1, 3, 3]); // s, a, b, then c and d tied on 0
    s.step(); // d: B at 9 minutes, above a and b
    expect(s.orderUids().map((u) => u.slice(2))).toEqual(['s', 'd', 'a', 'b', 'c']);
    expect(s.ranksList()).toEqual([-1, 1, 2, 2, 4]);
    s.step(); // c: A at 10, tied with a and b; 'a' < 'b' < 'c'
    expect(s.orderUids().map((u) => u.slice(2))).toEqual(['s', 'd', 'a', 'b', 'c']);
    expect(s.ranksList()).toEqual([-1, 1, 2, 2, 2]);
    expect(s.done).toBe(true);
  });

  it('nextTeam reveals all of the current team at once', () => {
    const data = board(
      ['A', 'B', 'C'],
      [team('x', { A: ac(10) }), team('y', { A: pend(0, 1), B: pend(1, 1), C: pend(0, 2) }, { A: ac(250), B: wa(2), C: ac(280, 1) })],
    );
    const s = new ResolverState(data);
    const events = s.nextTeam();
    expect(events.filter((e) => e.type === 'reveal').map((e) => (e.type === 'reveal' ? e.displayId : ''))).toEqual(['A', 'B', 'C']);
    expect(s.orderUids()).toEqual(['u-y', 'u-x']);
    expect(s.team('u-y')!.cells.C).toEqual(ac(280, 1));
  });

  it('gives medals by final rank when a team is finalised, the winner, and first to solve', () => {
    const data = board(
      ['A', 'B'],
      [
        team('g1', { A: ac(10, 0, true) }, { A: ac(10, 0, true) }),
        team('g2', { A: ac(20), B: pend(0, 1) }, { A: ac(20), B: ac(250, 0, true) }),
        team('s1', { A: ac(30) }),
        team('b1', { A: ac(40) }),
        team('no', { A: wa(3) }),
        team('star', { A: ac(1), B: ac(1) }, { A: ac(1), B: ac(1) }, true),
      ],
    );
    expect(defaultAwardCounts(data)).toEqual({ gold: 1, silver: 1, bronze: 2 });
    const s = new ResolverState(data, { gold: 1, silver: 1, bronze: 1 });
    const awards = s.finish().filter((e): e is AwardEvent => e.type === 'award');
    // bottom up: b1 (rank 4) has none with 1/1/1, s1 bronze (rank 3), g1 silver (rank 2), g2 gold, winner, first on B
    expect(awards.map((a) => [a.uid.slice(2), a.rank, a.medal, a.winner, a.firstToSolve])).toEqual([
      ['s1', 3, 'bronze', false, []],
      ['g1', 2, 'silver', false, ['A']],
      ['g2', 1, 'gold', true, ['B']],
    ]);
    const reveal = s.team('u-g2')!;
    expect(reveal.cells.B.isFirstAC).toBe(true);
  });

  it('marks a revealed first AC on its event', () => {
    const data = board(['A'], [team('p', { A: pend(0, 1) }, { A: ac(250, 0, true) }), team('q', { A: wa(1) })]);
    const s = new ResolverState(data, { gold: 0, silver: 0, bronze: 0 });
    const [reveal] = s.step();
    expect(reveal).toMatchObject({ type: 'reveal', uid: 'u-p', displayId: 'A', solved: true, firstToSolve: true });
  });

  it('keeps order and ranks as a full ranking would after every step of random boards', () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const data = randomBoard(60, ['A', 'B', 'C', 'D', 'E'], seed, 0.1);
      const s = new ResolverState(data);
      s.start();
      let lastCursor = s.cursor;
      while (!s.done) {
        const current = s.current!;
        // the current team is the lowest with pending cells, and nothing below it is pending
        for (let p = s.cursor + 1; p < s.size; p++) expect(s.teamAt(p).pending).toEqual([]);
        expect(current.pending.length).toBeGreaterThan(0);
        s.step();
        expect(s.cursor).toBeLessThanOrEqual(lastCursor);
        lastCursor = s.cursor;
        const ref = sealedReference(s, data);
        expect(s.orderUids()).toEqual(ref.order);
        expect(s.ranksList()).toEqual(ref.ranks);
      }
      const fin = reference(data.teams, (t) => t.final);
      expect(s.orderUids()).toEqual(fin.order);
      expect(s.ranksList()).toEqual(fin.ranks);
    }
  });

  it('resolves 10,000 random teams × 12 problems completely', () => {
    const problems = 'ABCDEFGHIJKL'.split('');
    const data = randomBoard(10_000, problems, 42);
    const s = new ResolverState(data);
    const pending = s.pendingCount();
    expect(pending).toBeGreaterThan(10_000);
    let steps = 0;
    s.start();
    while (!s.done) {
      s.step();
      steps++;
    }
    expect(steps).toBe(pending);
    expect(s.pendingCount()).toBe(0);
    const fin = reference(data.teams, (t) => t.final);
    expect(s.orderUids()).toEqual(fin.order);
    expect(s.ranksList()).toEqual(fin.ranks);
    for (const t of data.teams) expect(s.team(t.uid)!.cells).toEqual(t.final);
  });
});
