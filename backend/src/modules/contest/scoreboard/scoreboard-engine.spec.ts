import { AcmRankRow, ContestType, JudgeStatus, OiRankRow, OiScoreType, RankShowName, STAR_USER_RANK } from '@oj/contracts';
import { BoardConfig, BoardSubmission, BoardUser, ScoreboardEngine } from './scoreboard-engine';

const START = Date.UTC(2026, 0, 1, 8, 0, 0);
const MIN = 60_000;
const at = (minutes: number, seconds = 0): number => START + minutes * MIN + seconds * 1000;

function config(over: Partial<BoardConfig> = {}): BoardConfig {
  return {
    type: ContestType.ACM,
    startTime: START,
    endTime: START + 300 * MIN,
    sealTime: null,
    oiScoreType: OiScoreType.Recent,
    displayIds: ['A', 'B', 'C'],
    starUsernames: [],
    rankShowName: RankShowName.Username,
    ...over,
  };
}

const user = (uid: string, extra: Partial<BoardUser> = {}): BoardUser => ({
  uid,
  username: uid,
  nickname: null,
  realname: null,
  school: null,
  avatar: null,
  gender: null,
  ...extra,
});

let nextId = 1;
function sub(uid: string, displayId: string, status: number, submitTime: number, extra: Partial<BoardSubmission> = {}): BoardSubmission {
  return { submitId: nextId++, uid, displayId, status, score: null, time: null, submitTime, ...extra };
}

function board(cfg: BoardConfig, subs: BoardSubmission[]): ScoreboardEngine {
  const e = new ScoreboardEngine(cfg);
  for (const s of subs) e.apply(s, user(s.uid));
  return e;
}
const acmRows = (e: ScoreboardEngine, view: 'live' | 'sealed' = 'live') => e.rows(view) as AcmRankRow[];
const oiRows = (e: ScoreboardEngine, view: 'live' | 'sealed' = 'live') => e.rows(view) as OiRankRow[];

describe('ScoreboardEngine ACM rules', () => {
  it('adds minutes to AC plus 20 per earlier rejected try', () => {
    const e = board(config(), [
      sub('u1', 'A', JudgeStatus.WrongAnswer, at(5)),
      sub('u1', 'A', JudgeStatus.TimeLimitExceeded, at(10)),
      sub('u1', 'A', JudgeStatus.Accepted, at(30, 59)),
      sub('u1', 'B', JudgeStatus.Accepted, at(45)),
    ]);
    const [row] = acmRows(e);
    expect(row.ac).toBe(2);
    expect(row.penalty).toBe(30 + 2 * 20 + 45);
    expect(row.totalTime).toBe(30 * 60 + 59 + 2 * 20 * 60 + 45 * 60);
    expect(row.submissionInfo.A).toEqual({ isAC: true, ACTime: 30 * 60 + 59, errorNum: 2, tryNum: 0, isFirstAC: true });
  });

  it('ignores compile errors and system errors', () => {
    const e = board(config(), [
      sub('u1', 'A', JudgeStatus.CompileError, at(1)),
      sub('u1', 'A', JudgeStatus.SystemError, at(2)),
      sub('u1', 'A', JudgeStatus.Accepted, at(10)),
    ]);
    const [row] = acmRows(e);
    expect(row.penalty).toBe(10);
    expect(row.submissionInfo.A.errorNum).toBe(0);
    expect(row.total).toBe(1);
  });

  it('ignores every submission after the first AC', () => {
    const e = board(config(), [
      sub('u1', 'A', JudgeStatus.Accepted, at(10)),
      sub('u1', 'A', JudgeStatus.WrongAnswer, at(20)),
      sub('u1', 'A', JudgeStatus.Accepted, at(30)),
    ]);
    const [row] = acmRows(e);
    expect(row.penalty).toBe(10);
    expect(row.submissionInfo.A).toEqual({ isAC: true, ACTime: 600, errorNum: 0, tryNum: 0, isFirstAC: true });
  });

  it('counts rejected tries of unsolved problems without penalty', () => {
    const e = board(config(), [sub('u1', 'A', JudgeStatus.WrongAnswer, at(10)), sub('u1', 'A', JudgeStatus.RuntimeError, at(11))]);
    const [row] = acmRows(e);
    expect(row).toMatchObject({ ac: 0, penalty: 0, total: 2 });
    expect(row.submissionInfo.A).toEqual({ isAC: false, errorNum: 2, tryNum: 0, isFirstAC: false });
  });

  it('marks the first AC of each problem, judged by time, not by arrival order', () => {
    const late = sub('u2', 'A', JudgeStatus.Accepted, at(7));
    const early = sub('u1', 'A', JudgeStatus.Accepted, at(5));
    const e = board(config(), [late, early, sub('u2', 'B', JudgeStatus.Accepted, at(9))]);
    const rows = acmRows(e);
    const byUid = Object.fromEntries(rows.map((r) => [r.uid, r]));
    expect(byUid.u1.submissionInfo.A.isFirstAC).toBe(true);
    expect(byUid.u2.submissionInfo.A.isFirstAC).toBe(false);
    expect(byUid.u2.submissionInfo.B.isFirstAC).toBe(true);
  });

  it('moves the first blood when a rejudge turns the first AC into a rejection', () => {
    const first = sub('u1', 'A', JudgeStatus.Accepted, at(5));
    const e = board(config(), [first, sub('u2', 'A', JudgeStatus.Accepted, at(7))]);
    e.apply({ ...first, status: JudgeStatus.WrongAnswer });
    const byUid = Object.fromEntries(acmRows(e).map((r) => [r.uid, r]));
    expect(byUid.u1.submissionInfo.A).toEqual({ isAC: false, errorNum: 1, tryNum: 0, isFirstAC: false });
    expect(byUid.u2.submissionInfo.A.isFirstAC).toBe(true);
    expect(byUid.u2.rank).toBe(1);
  });

  it('orders by solved then penalty and gives tied rows the same rank', () => {
    const e = board(config(), [
      sub('carol', 'A', JudgeStatus.Accepted, at(10)),
      sub('alice', 'A', JudgeStatus.Accepted, at(10)),
      sub('bob', 'A', JudgeStatus.Accepted, at(5)),
      sub('bob', 'B', JudgeStatus.Accepted, at(50)),
      sub('dave', 'A', JudgeStatus.Accepted, at(11)),
    ]);
    expect(acmRows(e).map((r) => [r.username, r.rank])).toEqual([
      ['bob', 1],
      ['alice', 2],
      ['carol', 2],
      ['dave', 4],
    ]);
  });

  it('leaves star users unranked, out of first blood, and does not let them take a rank', () => {
    const e = board(config({ starUsernames: ['star'] }), [
      sub('star', 'A', JudgeStatus.Accepted, at(1)),
      sub('u1', 'A', JudgeStatus.Accepted, at(3)),
      sub('u2', 'A', JudgeStatus.Accepted, at(4)),
    ]);
    const rows = acmRows(e);
    expect(rows.map((r) => [r.username, r.rank, r.isStar])).toEqual([
      ['star', STAR_USER_RANK, true],
      ['u1', 1, false],
      ['u2', 2, false],
    ]);
    expect(rows[0].submissionInfo.A.isFirstAC).toBe(false);
    expect(rows[1].submissionInfo.A.isFirstAC).toBe(true);
  });

  it('shows tries that are still judging as pending, not as rejections', () => {
    const e = board(config(), [sub('u1', 'A', JudgeStatus.Judging, at(3))]);
    expect(acmRows(e)[0].submissionInfo.A).toEqual({ isAC: false, errorNum: 0, tryNum: 1, isFirstAC: false });
  });

  it('ignores submissions outside the contest window and problems not in the contest', () => {
    const e = board(config(), [
      sub('u1', 'A', JudgeStatus.Accepted, START - 1000),
      sub('u1', 'B', JudgeStatus.Accepted, START + 300 * MIN),
      sub('u1', 'Z', JudgeStatus.Accepted, at(1)),
    ]);
    expect(e.rows('live')).toEqual([]);
  });

  it('names rows by rankShowName, falling back to the username', () => {
    const e = new ScoreboardEngine(config({ rankShowName: RankShowName.RealName }));
    e.apply(sub('u1', 'A', JudgeStatus.Accepted, at(1)), user('u1', { realname: 'Ada Lovelace' }));
    e.apply(sub('u2', 'A', JudgeStatus.Accepted, at(2)), user('u2'));
    expect(e.rows('live').map((r) => r.showName)).toEqual(['Ada Lovelace', 'u2']);
  });

  it('gives the same board from a bulk load as from one result at a time', () => {
    const subs: BoardSubmission[] = [];
    const statuses = [JudgeStatus.Accepted, JudgeStatus.WrongAnswer, JudgeStatus.CompileError, JudgeStatus.TimeLimitExceeded];
    for (let i = 0; i < 400; i++) subs.push(sub(`u${i % 23}`, 'ABC'[i % 3], statuses[(i * 7) % 4], at((i * 13) % 290, i % 60)));
    // One at a time with reads in between, so rows move inside a kept order.
    const one = new ScoreboardEngine(config({ sealTime: at(200) }));
    subs.forEach((s, i) => {
      one.apply(s, user(s.uid));
      if (i % 7 === 0) {
        one.rows('live');
        one.rows('sealed');
      }
    });
    const bulk = new ScoreboardEngine(config({ sealTime: at(200) }));
    bulk.load([...subs].reverse(), new Map(subs.map((s) => [s.uid, user(s.uid)])));
    expect(bulk.rows('live')).toEqual(one.rows('live'));
    expect(bulk.rows('sealed')).toEqual(one.rows('sealed'));
  });
});

describe('ScoreboardEngine seal', () => {
  const sealed = config({ sealTime: at(240) });

  it('hides results after the seal time from the sealed view and shows them as pending', () => {
    const e = board(sealed, [
      sub('u1', 'A', JudgeStatus.Accepted, at(10)),
      sub('u2', 'A', JudgeStatus.WrongAnswer, at(100)),
      sub('u2', 'A', JudgeStatus.Accepted, at(250)),
      sub('u2', 'B', JudgeStatus.Accepted, at(260)),
    ]);
    const live = Object.fromEntries(acmRows(e, 'live').map((r) => [r.uid, r]));
    const frozen = Object.fromEntries(acmRows(e, 'sealed').map((r) => [r.uid, r]));
    expect(live.u2).toMatchObject({ rank: 1, ac: 2 });
    expect(frozen.u2).toMatchObject({ rank: 2, ac: 0, penalty: 0 });
    expect(frozen.u2.submissionInfo.A).toEqual({ isAC: false, errorNum: 1, tryNum: 1, isFirstAC: false });
    expect(frozen.u2.submissionInfo.B).toEqual({ isAC: false, errorNum: 0, tryNum: 1, isFirstAC: false });
    expect(frozen.u1).toMatchObject({ rank: 1, ac: 1 });
  });

  it('keeps first blood in the sealed view to results before the seal', () => {
    const e = board(sealed, [sub('u1', 'C', JudgeStatus.Accepted, at(250))]);
    expect(acmRows(e, 'live')[0].submissionInfo.C.isFirstAC).toBe(true);
    expect(acmRows(e, 'sealed')[0].submissionInfo.C).toEqual({ isAC: false, errorNum: 0, tryNum: 1, isFirstAC: false });
  });
});

describe('ScoreboardEngine OI rules', () => {
  const oi = (t: OiScoreType, over: Partial<BoardConfig> = {}) => config({ type: ContestType.OI, oiScoreType: t, ...over });
  const tries = () => [
    sub('u1', 'A', JudgeStatus.PartialAccepted, at(1), { score: 60, time: 100 }),
    sub('u1', 'A', JudgeStatus.WrongAnswer, at(2), { score: 30, time: 90 }),
    sub('u1', 'B', JudgeStatus.Accepted, at(3), { score: 100, time: 50 }),
    sub('u1', 'B', JudgeStatus.SystemError, at(4), { score: 0, time: 0 }),
  ];

  it('sums the most recent score per problem with the recent rule', () => {
    const [row] = oiRows(board(oi(OiScoreType.Recent), tries()));
    expect(row.submissionInfo).toEqual({ A: 30, B: 100 });
    expect(row.totalScore).toBe(130);
    expect(row.totalTime).toBe(140);
  });

  it('sums the highest score per problem with the highest rule', () => {
    const [row] = oiRows(board(oi(OiScoreType.Highest), tries()));
    expect(row.submissionInfo).toEqual({ A: 60, B: 100 });
    expect(row.totalScore).toBe(160);
    expect(row.timeInfo).toEqual({ A: 100, B: 50 });
  });

  it('breaks score ties by total run time and shares the rank on full ties', () => {
    const e = board(oi(OiScoreType.Recent), [
      sub('slow', 'A', JudgeStatus.Accepted, at(1), { score: 100, time: 300 }),
      sub('fast', 'A', JudgeStatus.Accepted, at(2), { score: 100, time: 100 }),
      sub('same', 'A', JudgeStatus.Accepted, at(3), { score: 100, time: 100 }),
      sub('low', 'A', JudgeStatus.WrongAnswer, at(4), { score: 10, time: 1 }),
    ]);
    expect(oiRows(e).map((r) => [r.username, r.rank])).toEqual([
      ['fast', 1],
      ['same', 1],
      ['slow', 3],
      ['low', 4],
    ]);
  });

  it('shows sealed-period OI tries as pending in the sealed view', () => {
    const e = board(oi(OiScoreType.Highest, { sealTime: at(100) }), [
      sub('u1', 'A', JudgeStatus.PartialAccepted, at(50), { score: 40, time: 10 }),
      sub('u1', 'A', JudgeStatus.Accepted, at(150), { score: 100, time: 10 }),
    ]);
    expect(oiRows(e, 'sealed')[0]).toMatchObject({ totalScore: 40, pendingInfo: { A: 1 } });
    expect(oiRows(e, 'live')[0]).toMatchObject({ totalScore: 100, pendingInfo: {} });
  });
});

describe('ScoreboardEngine bulk load and versions', () => {
  const tries = (): BoardSubmission[] => [
    sub('u2', 'B', JudgeStatus.Accepted, at(40)),
    sub('u1', 'A', JudgeStatus.WrongAnswer, at(10)),
    sub('u1', 'A', JudgeStatus.Accepted, at(20)),
    sub('u2', 'A', JudgeStatus.CompileError, at(5)),
    sub('u2', 'A', JudgeStatus.Accepted, at(30)),
    sub('u3', 'C', JudgeStatus.Pending, at(200)),
    sub('u3', 'A', JudgeStatus.Accepted, at(400)), // after the end: ignored
  ];
  const users = new Map(['u1', 'u2', 'u3'].map((u) => [u, user(u, { nickname: `n-${u}` })]));

  it('gives the same board from a per-user load in any order as from one result at a time', () => {
    const cfg = config({ sealTime: at(25) });
    const list = tries();
    const bulk = new ScoreboardEngine(cfg);
    // Each user's submissions handed over together, newest first.
    for (const uid of ['u3', 'u1', 'u2']) bulk.loadUser(uid, users.get(uid), list.filter((s) => s.uid === uid).reverse());
    bulk.loaded();
    const one = new ScoreboardEngine(cfg);
    for (const s of list) one.apply(s, users.get(s.uid));
    for (const view of ['live', 'sealed'] as const) expect(bulk.rows(view)).toEqual(one.rows(view));
    expect(bulk.rows('live').map((r) => [r.username, r.rank, r.nickname])).toEqual([
      ['u2', 1, 'n-u2'],
      ['u1', 2, 'n-u1'],
      ['u3', 3, 'n-u3'],
    ]);
    const whole = new ScoreboardEngine(cfg);
    whole.load(list, users);
    expect(whole.rows('sealed')).toEqual(one.rows('sealed'));
  });

  it('drops loaded lists it can read again, and gives the same board before and after later results', () => {
    const cfg = config({ sealTime: at(25) });
    const list = tries();
    const rereads: string[] = [];
    const lazy = new ScoreboardEngine(cfg);
    const eager = new ScoreboardEngine(cfg);
    for (const uid of ['u1', 'u2', 'u3']) {
      const mine = list.filter((s) => s.uid === uid);
      lazy.loadUser(uid, users.get(uid), mine, () => {
        rereads.push(uid);
        return mine.map((s) => ({ ...s }));
      });
      eager.loadUser(uid, users.get(uid), mine);
    }
    lazy.loaded();
    eager.loaded();
    for (const view of ['live', 'sealed'] as const) expect(lazy.rows(view)).toEqual(eager.rows(view));
    expect(rereads).toEqual([]);

    // u1's AC rejudged to WA, then a later AC; u2's CE replaced by WA (same submit ids): both need the old tries.
    const u1 = list.filter((s) => s.uid === 'u1');
    const u2 = list.filter((s) => s.uid === 'u2');
    const later = [
      { ...u1[1], status: JudgeStatus.WrongAnswer },
      sub('u1', 'A', JudgeStatus.Accepted, at(60)),
      { ...u2[1], status: JudgeStatus.WrongAnswer },
    ];
    for (const s of later) {
      lazy.apply({ ...s });
      eager.apply({ ...s });
    }
    expect(rereads).toEqual(['u1', 'u2']);
    for (const view of ['live', 'sealed'] as const) expect(lazy.rows(view)).toEqual(eager.rows(view));
    const live = Object.fromEntries(lazy.rows('live').map((r) => [r.username, r as AcmRankRow]));
    expect(live.u1.submissionInfo.A).toEqual({ isAC: true, ACTime: 60 * 60, errorNum: 2, tryNum: 0, isFirstAC: false });
    expect(live.u2.submissionInfo.A).toEqual({ isAC: true, ACTime: 30 * 60, errorNum: 1, tryNum: 0, isFirstAC: true });
    // A second load of a user on top of read-again lists keeps every submission.
    lazy.loadUser('u3', users.get('u3'), [sub('u3', 'B', JudgeStatus.Accepted, at(70))]);
    eager.loadUser('u3', users.get('u3'), [sub('u3', 'B', JudgeStatus.Accepted, at(70))]);
    lazy.loaded();
    eager.loaded();
    expect(rereads).toEqual(['u1', 'u2', 'u3']);
    expect(lazy.rows('live')).toEqual(eager.rows('live'));
  });

  it('leaves out a user whose submissions all fall outside the board', () => {
    const e = new ScoreboardEngine(config());
    e.loadUser('late', user('late'), [sub('late', 'A', JudgeStatus.Accepted, at(400)), sub('late', 'Z', JudgeStatus.Accepted, at(1))]);
    e.loaded();
    expect(e.participantCount).toBe(0);
    expect(e.rows('live')).toEqual([]);
  });

  it('raises its version on every load and result, and only then', () => {
    const e = new ScoreboardEngine(config());
    const v0 = e.version;
    e.load(tries(), users);
    const v1 = e.version;
    expect(v1).toBeGreaterThan(v0);
    e.rows('live');
    e.firstBloods('live');
    expect(e.version).toBe(v1); // reads change nothing
    e.apply(sub('u1', 'B', JudgeStatus.WrongAnswer, at(50)));
    expect(e.version).toBeGreaterThan(v1);
    const v2 = e.version;
    e.apply(sub('u1', 'Z', JudgeStatus.Accepted, at(50))); // not a problem of the contest
    e.apply(sub('u1', 'A', JudgeStatus.Accepted, at(500))); // after the end
    expect(e.version).toBe(v2);
  });
});

describe('ScoreboardEngine ranks kept up to date result by result', () => {
  /** A small deterministic generator, so a failure can be replayed. */
  function random(seed: number): () => number {
    let x = seed;
    return () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
  }
  const statuses = [JudgeStatus.Accepted, JudgeStatus.WrongAnswer, JudgeStatus.CompileError, JudgeStatus.Pending];

  for (const [name, cfg] of [
    ['ACM with a seal and star users', config({ sealTime: at(150), starUsernames: ['u3', 'u7'] })],
    ['OI by highest score', config({ type: ContestType.OI, oiScoreType: OiScoreType.Highest, starUsernames: ['u2'] })],
  ] as const) {
    it(`gives the same ranks as a board built afresh after every result (${name})`, () => {
      const next = random(name.length);
      const live = new ScoreboardEngine(cfg);
      const all: BoardSubmission[] = [];
      for (let i = 0; i < 400; i++) {
        const uid = `u${Math.floor(next() * 12)}`;
        const earlier = all.length > 0 && next() < 0.15 ? all[Math.floor(next() * all.length)] : null;
        // Mostly new tries; sometimes a new state of an earlier submission (a result after pending, a rejudge).
        const s = earlier
          ? { ...earlier, status: statuses[Math.floor(next() * statuses.length)] }
          : sub(
              uid,
              ['A', 'B', 'C'][Math.floor(next() * 3)],
              statuses[Math.floor(next() * statuses.length)],
              at(Math.floor(next() * 290)),
              {
                score: Math.floor(next() * 4) * 25,
                time: Math.floor(next() * 3) * 10,
              },
            );
        const known = all.findIndex((x) => x.submitId === s.submitId);
        if (known >= 0) all[known] = s;
        else all.push(s);
        live.apply({ ...s }, user(s.uid));
        if (i % 3 === 0) continue; // some results arrive between two reads
        const fresh = new ScoreboardEngine(cfg);
        for (const x of all) fresh.apply({ ...x }, user(x.uid));
        for (const view of ['live', 'sealed'] as const)
          expect(live.rows(view).map((r) => [r.username, r.rank])).toEqual(fresh.rows(view).map((r) => [r.username, r.rank]));
      }
    });
  }
});

describe('ScoreboardEngine.unchangedSince', () => {
  it('counts a first blood taken by a row far away as a change of the old holder’s page', () => {
    const e = board(config(), [
      sub('u2', 'B', JudgeStatus.Accepted, at(20)),
      sub('u2', 'C', JudgeStatus.Accepted, at(30)),
      sub('u3', 'B', JudgeStatus.Accepted, at(25)),
      sub('u3', 'C', JudgeStatus.Accepted, at(35)),
      sub('u4', 'B', JudgeStatus.Accepted, at(40)),
      sub('u4', 'C', JudgeStatus.Accepted, at(50)),
      sub('u6', 'B', JudgeStatus.Accepted, at(3)),
      sub('u1', 'A', JudgeStatus.Accepted, at(10)),
      sub('u5', 'A', JudgeStatus.WrongAnswer, at(10)),
    ]);
    expect(e.rows('live').map((r) => r.username)).toEqual(['u2', 'u3', 'u4', 'u6', 'u1', 'u5']);
    const since = e.version;
    // u6 moves from position 3 to 0 and takes A's first blood from u1, who stays at position 4.
    e.apply(sub('u6', 'A', JudgeStatus.Accepted, at(5)));
    expect(e.rows('live').map((r) => r.username)).toEqual(['u6', 'u2', 'u3', 'u4', 'u1', 'u5']);
    expect((e.rows('live')[4] as AcmRankRow).submissionInfo.A.isFirstAC).toBe(false);
    expect(e.unchangedSince('live', since, 4, 5)).toBe(false);
    // Without a first blood change, the rows below the move keep their page.
    const after = e.version;
    e.apply(sub('u3', 'A', JudgeStatus.WrongAnswer, at(60)));
    expect(e.unchangedSince('live', after, 4, 5)).toBe(true);
    expect(e.unchangedSince('live', after, 2, 3)).toBe(false);
  });

  function random(seed: number): () => number {
    let x = seed;
    return () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
  }

  for (const [name, cfg] of [
    ['ACM with a seal and a star user', config({ sealTime: at(150), starUsernames: ['u5'] })],
    ['OI by most recent score', config({ type: ContestType.OI, oiScoreType: OiScoreType.Recent })],
  ] as const) {
    it(`only says a page is unchanged when its rows render the same (${name})`, () => {
      const next = random(7 + name.length);
      const e = new ScoreboardEngine(cfg);
      const all: BoardSubmission[] = [];
      const statuses = [JudgeStatus.Accepted, JudgeStatus.WrongAnswer, JudgeStatus.Pending];
      const page = (view: 'live' | 'sealed', from: number) => e.rows(view).slice(from, from + 4);
      // Pages of 4 rows (positions from..from+3) rendered at some version, per view.
      let shown: { view: 'live' | 'sealed'; from: number; version: number; rows: unknown }[] = [];
      let kept = 0;
      let redone = 0;
      for (let i = 0; i < 500; i++) {
        const earlier = all.length > 0 && next() < 0.1 ? all[Math.floor(next() * all.length)] : null;
        const s = earlier
          ? { ...earlier, status: statuses[Math.floor(next() * statuses.length)] }
          : sub(
              `u${Math.floor(next() * 24)}`,
              ['A', 'B', 'C'][Math.floor(next() * 3)],
              statuses[Math.floor(next() * 3)],
              at(Math.floor(next() * 290)),
              {
                score: Math.floor(next() * 5) * 20,
                time: 10,
              },
            );
        all.push(s);
        e.apply({ ...s }, user(s.uid));
        if (i % 2) continue;
        shown = shown.map((p) => {
          if (!e.unchangedSince(p.view, p.version, p.from, p.from + 3)) {
            redone++;
            return { ...p, version: e.version, rows: page(p.view, p.from) };
          }
          kept++;
          expect(page(p.view, p.from)).toEqual(p.rows);
          return { ...p, version: e.version };
        });
        if (shown.length < 12) {
          const view = next() < 0.5 ? 'live' : 'sealed';
          const from = Math.floor(next() * 6) * 4;
          e.ranking(view);
          shown.push({ view, from, version: e.version, rows: page(view, from) });
        }
      }
      // Both answers occur: the check is neither always yes nor always no.
      expect(kept).toBeGreaterThan(50);
      expect(redone).toBeGreaterThan(50);
    });
  }
});
