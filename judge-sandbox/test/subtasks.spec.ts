/** OI test groups (subtasks): each rule's score, early stop inside a failed group, partial points of a checker. */
import * as fs from 'fs';
import { foldSubtasks, JudgeStatus } from '@oj/contracts';
import type { CaseGroup } from '@oj/contracts';
import { configureJudge } from '../src/config';
import { cleanupJudge, expectNothingLeft, isolateJudge, judgeSource, makeProblem } from './helpers';

const problems: string[] = [];
beforeAll(() => {
  isolateJudge('subtasks');
  // One case at a time, so which cases an early stop skips is exact.
  configureJudge({ caseParallelism: 1 });
});
afterAll(() => {
  for (const p of problems) fs.rmSync(p, { recursive: true, force: true });
  cleanupJudge();
});
afterEach(() => expectNothingLeft());

/** Echo the number, except 7 (printed as 0) and 9 (printed as -9). */
const SOLUTION = `#include <stdio.h>
int main(){ long a; scanf("%ld",&a); printf("%ld\\n", a == 7 ? 0 : a == 9 ? -9 : a); }`;

function grouped(groups: CaseGroup[], cases: [string, number | null][]): string {
  const dir = makeProblem({
    pkg: {
      type: 'oi',
      groups,
      cases: cases.map(([, g], i) => ({ input: `${i + 1}.in`, output: `${i + 1}.out`, groupNum: g, score: 5 })),
    },
    cases: cases.map(([n]) => [`${n}\n`, `${n}\n`]),
  });
  problems.push(dir);
  return dir;
}

describe('subtasks through the judge', () => {
  it('scores each rule, stops inside a failed all-or-nothing or min group, never inside a sum group', async () => {
    const dir = grouped(
      [
        { groupNum: 1, score: 20, rule: 'all' },
        { groupNum: 2, score: 30, rule: 'all' },
        { groupNum: 3, score: 30, rule: 'min' },
        { groupNum: 4, score: 20, rule: 'sum' },
      ],
      [
        ['1', 1],
        ['2', 1],
        ['7', 2], // wrong: group 2's later cases are not run
        ['3', 2],
        ['4', 2],
        ['5', 3],
        ['9', 3], // wrong: group 3 stops here
        ['6', 3],
        ['8', 4],
        ['7', 4], // wrong: the sum group still runs its last case
        ['10', 4],
        ['11', 4],
        ['12', null], // ungrouped: its own score
      ],
    );
    const r = await judgeSource(dir, 'C', SOLUTION);
    expect(r.status).toBe(JudgeStatus.PartialAccepted);
    const byGroup = Object.fromEntries((r.subtasks ?? []).map((g) => [g.groupNum, g]));
    expect(byGroup[1]).toMatchObject({ score: 20, fullScore: 20, status: JudgeStatus.Accepted, judged: 2, total: 2 });
    expect(byGroup[2]).toMatchObject({ score: 0, status: JudgeStatus.WrongAnswer, total: 3 });
    expect(byGroup[3]).toMatchObject({ score: 0, status: JudgeStatus.WrongAnswer, total: 3 });
    // 3 of 4 cases right: 3/4 of 20.
    expect(byGroup[4]).toMatchObject({ score: 15, status: JudgeStatus.WrongAnswer, judged: 4, total: 4 });
    expect(r.score).toBe(20 + 15 + 5);
    // Early stop: the rest of group 2 (cases 4, 5) and of group 3 (case 8) never ran.
    expect(r.cases.map((c) => c.caseId)).toEqual([1, 2, 3, 6, 7, 9, 10, 11, 12, 13]);
    expect(byGroup[2].judged).toBe(1);
    expect(r.cases.find((c) => c.caseId === 3)).toMatchObject({ groupNum: 2, status: JudgeStatus.WrongAnswer, score: 0 });
    expect(r.cases.find((c) => c.caseId === 1)).toMatchObject({ groupNum: 1, score: 20 });
    expect(r.cases.find((c) => c.caseId === 13)!.groupNum ?? null).toBeNull();
  });

  it('is Accepted with the groups summed to the full score when every case passes', async () => {
    const dir = grouped(
      [
        { groupNum: 1, score: 40, rule: 'min' },
        { groupNum: 2, score: 60, rule: 'all' },
      ],
      [
        ['1', 1],
        ['2', 2],
        ['3', 2],
      ],
    );
    const r = await judgeSource(dir, 'C', SOLUTION);
    expect(r.status).toBe(JudgeStatus.Accepted);
    expect(r.score).toBe(100);
    expect(r.subtasks?.map((g) => g.score)).toEqual([40, 60]);
  });

  it('refuses a package whose cases name a group it does not define', async () => {
    const dir = grouped(
      [{ groupNum: 1, score: 10, rule: 'all' }],
      [
        ['1', 1],
        ['2', 2],
      ],
    );
    const r = await judgeSource(dir, 'C', SOLUTION);
    expect(r.status).toBe(JudgeStatus.SystemError);
    expect(r.errorMessage).toMatch(/group 2/);
  });
});

describe('foldSubtasks', () => {
  const ac = (score: number) => ({ status: JudgeStatus.Accepted, score });
  const wa = (score = 0) => ({ status: JudgeStatus.WrongAnswer, score });
  it('min takes the lowest partial score, all needs every case, sum averages over every case of the group', () => {
    const groups: CaseGroup[] = [
      { groupNum: 1, score: 50, rule: 'min' },
      { groupNum: 2, score: 50, rule: 'all' },
      { groupNum: 3, score: 50, rule: 'sum' },
    ];
    const judged = new Map([
      [1, [ac(50), wa(20), ac(50)]],
      [2, [ac(50), wa(20)]],
      [3, [ac(50), wa(25)]],
    ]);
    const totals = new Map([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    const out = foldSubtasks(groups, judged, totals);
    expect(out.map((g) => g.score)).toEqual([20, 0, 25]);
    expect(out[1]).toMatchObject({ judged: 2, total: 3, status: JudgeStatus.WrongAnswer });
  });
});
