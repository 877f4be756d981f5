import { JudgeStatus } from '@oj/contracts';
import { TrainingBoard, TrainingTry } from './training-board';

const user = (name: string) => () => ({
  username: name,
  realname: null,
  nickname: null,
  school: name === 'b' ? 'Tech School' : null,
  gender: null,
  avatar: null,
});

describe('TrainingBoard', () => {
  let id = 0;
  const tryOf = (uid: string, pid: number, status: number, time = 10): TrainingTry => ({
    submitId: ++id,
    uid,
    pid,
    status,
    score: null,
    time,
  });
  const order = (b: TrainingBoard) => b.page(0, 100).records.map((r) => [r.uid, r.ac, r.totalRunTime]);

  it('orders by solved, then total run time, then first seen', () => {
    const b = new TrainingBoard(
      new Map([
        [1, 'A'],
        [2, 'B'],
      ]),
      new Set(['root']),
    );
    b.apply(tryOf('a', 1, JudgeStatus.WrongAnswer), user('a'));
    b.apply(tryOf('b', 1, JudgeStatus.Accepted, 40), user('b'));
    b.apply(tryOf('c', 2, JudgeStatus.Accepted, 30), user('c'));
    b.apply(tryOf('root', 1, JudgeStatus.Accepted), user('root'));
    expect(order(b)).toEqual([
      ['c', 1, 30],
      ['b', 1, 40],
      ['a', 0, 0],
    ]);
    b.apply(tryOf('b', 1, JudgeStatus.Accepted, 5), user('b'));
    expect(order(b)).toEqual([
      ['b', 1, 5],
      ['c', 1, 30],
      ['a', 0, 0],
    ]);
    b.apply(tryOf('a', 1, JudgeStatus.Accepted, 50), user('a'));
    b.apply(tryOf('a', 2, JudgeStatus.Accepted, 50), user('a'));
    expect(order(b)).toEqual([
      ['a', 2, 100],
      ['b', 1, 5],
      ['c', 1, 30],
    ]);
    expect(b.page(0, 10).records.map((r) => r.rank)).toEqual([1, 2, 3]);
  });

  it('keeps the last state until solved, counts tries once per submission, ignores unfinished and foreign problems', () => {
    const b = new TrainingBoard(new Map([[1, 'A']]), new Set());
    const wa = tryOf('a', 1, JudgeStatus.WrongAnswer);
    b.apply(wa, user('a'));
    expect(b.apply(wa, user('a'))).toBe(false);
    expect(b.apply(tryOf('a', 1, JudgeStatus.Pending), user('a'))).toBe(false);
    expect(b.apply(tryOf('a', 9, JudgeStatus.Accepted), user('a'))).toBe(false);
    b.apply(tryOf('a', 1, JudgeStatus.TimeLimitExceeded), user('a'));
    expect(b.page(0, 10).records[0].submissionInfo.A).toEqual({
      status: JudgeStatus.TimeLimitExceeded,
      score: null,
      isAC: false,
      tries: 2,
    });
    b.apply(tryOf('a', 1, JudgeStatus.Accepted, 7), user('a'));
    b.apply(tryOf('a', 1, JudgeStatus.WrongAnswer), user('a'));
    expect(b.page(0, 10).records[0].submissionInfo.A).toEqual({
      status: JudgeStatus.Accepted,
      score: null,
      isAC: true,
      runTime: 7,
      tries: 4,
    });
  });

  it('orders a bulk load as applying the tries one by one would', () => {
    const tries = Array.from({ length: 500 }, (_, i) =>
      tryOf(`u${i % 37}`, 1 + (i % 5), i % 3 === 0 ? JudgeStatus.Accepted : JudgeStatus.WrongAnswer, (i * 7919) % 300),
    );
    const names = (uid: string) => user(uid)();
    const one = new TrainingBoard(
      new Map([
        [1, 'A'],
        [2, 'B'],
        [3, 'C'],
        [4, 'D'],
        [5, 'E'],
      ]),
      new Set(),
    );
    for (const t of tries) one.apply(t, () => names(t.uid));
    const bulk = new TrainingBoard(
      new Map([
        [1, 'A'],
        [2, 'B'],
        [3, 'C'],
        [4, 'D'],
        [5, 'E'],
      ]),
      new Set(),
    );
    bulk.load(tries, names);
    expect(bulk.page(0, 100)).toEqual(one.page(0, 100));
  });

  it('tells which positions changed since a version', () => {
    const b = new TrainingBoard(
      new Map([
        [1, 'A'],
        [2, 'B'],
      ]),
      new Set(),
    );
    for (const u of ['a', 'b', 'c', 'd']) b.apply(tryOf(u, 1, JudgeStatus.WrongAnswer), user(u));
    const v = b.version;
    b.apply(tryOf('d', 1, JudgeStatus.WrongAnswer), user('d')); // no move: only d's own position
    expect(b.unchangedSince(v, 0, 2)).toBe(true);
    expect(b.unchangedSince(v, 3, 3)).toBe(false);
    const v2 = b.version;
    b.apply(tryOf('c', 1, JudgeStatus.Accepted), user('c')); // c moves from 3rd to 1st
    expect(b.unchangedSince(v2, 3, 3)).toBe(true);
    expect(b.unchangedSince(v2, 0, 0)).toBe(false);
    b.apply(tryOf('e', 1, JudgeStatus.WrongAnswer), user('e')); // a new row changes the total everywhere
    expect(b.unchangedSince(b.version - 1, 3, 3)).toBe(false);
  });

  it('filters by username, real name or school', () => {
    const b = new TrainingBoard(new Map([[1, 'A']]), new Set());
    b.apply(tryOf('a', 1, JudgeStatus.WrongAnswer), user('a'));
    b.apply(tryOf('b', 1, JudgeStatus.WrongAnswer), user('b'));
    expect(b.page(0, 10, 'tech').records.map((r) => r.uid)).toEqual(['b']);
    expect(b.page(0, 10, 'tech').total).toBe(1);
  });
});
