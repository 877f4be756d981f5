/**
 * The vendored testlib.h (judge-sandbox/testlib): special judges and interactors written with it,
 * as Codeforces and Polygon problems ship them. Also the float-tolerance comparer of the default mode.
 */
import * as fs from 'fs';
import { JudgeStatus } from '@oj/contracts';
import { judgeConfig } from '../src/config';
import { cleanupJudge, expectNothingLeft, isolateJudge, judgeSource, makeProblem } from './helpers';

const problems: string[] = [];
const problem = (spec: Parameters<typeof makeProblem>[0]): string => {
  const dir = makeProblem(spec);
  problems.push(dir);
  return dir;
};
beforeAll(() => isolateJudge('testlib'));
afterAll(() => {
  for (const p of problems) fs.rmSync(p, { recursive: true, force: true });
  cleanupJudge();
});
afterEach(() => expectNothingLeft());

it('uses the vendored testlib.h by default', () => {
  const dir = judgeConfig().testlibDir!;
  expect(fs.readFileSync(`${dir}/testlib.h`, 'utf8')).toContain('#define VERSION "0.9.45"');
  expect(fs.readFileSync(`${dir}/LICENSE`, 'utf8')).toContain('The MIT License');
});

/** Any x with |x - answer| ≤ 1e-6 (testlib's doubleCompare), and a word after it. */
const CHECKER = `#include "testlib.h"
int main(int argc, char* argv[]) {
  registerTestlibCmd(argc, argv);
  double want = ans.readDouble();
  double got = ouf.readDouble();
  std::string word = ouf.readWord();
  if (word != "done") quitf(_pe, "expected the word done, found %s", word.c_str());
  if (!doubleCompare(want, got, 1e-6)) quitf(_wa, "expected %.9f, found %.9f", want, got);
  quitf(_ok, "%.6f is right", got);
}`;

describe('testlib special judge', () => {
  let dir: string;
  beforeAll(() => {
    dir = problem({
      pkg: { judgeMode: 'spj', checkerLanguage: 'C++ 17 With O2' },
      cases: [['1 3\n', '0.333333333333\n']],
      files: { 'checker.cpp': CHECKER },
    });
  });

  it('accepts an answer within its tolerance, with its message', async () => {
    const r = await judgeSource(
      dir,
      'C',
      '#include <stdio.h>\nint main(){ double a,b; scanf("%lf %lf",&a,&b); printf("%.7f done\\n", a/b); }',
    );
    expect(r.status).toBe(JudgeStatus.Accepted);
    expect(r.cases[0].message).toContain('0.333333 is right');
  });

  it("gives WA with testlib's message", async () => {
    const r = await judgeSource(dir, 'C', '#include <stdio.h>\nint main(){ puts("0.34 done"); }');
    expect(r.status).toBe(JudgeStatus.WrongAnswer);
    expect(r.cases[0].message).toContain('expected 0.333333333, found 0.340000000');
  });

  it('gives PE for _pe and WA for output that is not a number', async () => {
    expect((await judgeSource(dir, 'C', '#include <stdio.h>\nint main(){ puts("0.3333333 later"); }')).status).toBe(
      JudgeStatus.PresentationError,
    );
    expect((await judgeSource(dir, 'C', '#include <stdio.h>\nint main(){ puts("one third"); }')).status).not.toBe(JudgeStatus.Accepted);
  });
});

/** Guess the number with testlib's interaction: inf is the test, ouf the program, stdout to the program, tout the log. */
const INTERACTOR = `#include "testlib.h"
int main(int argc, char* argv[]) {
  registerInteraction(argc, argv);
  int secret = inf.readInt();
  for (int q = 1; q <= 30; q++) {
    int g = ouf.readInt(1, 1000000000, "guess");
    if (g == secret) { std::cout << "=" << std::endl; tout << q << std::endl; quitf(_ok, "found in %d questions", q); }
    std::cout << (g < secret ? "<" : ">") << std::endl;
  }
  quitf(_wa, "too many questions");
}`;

describe('testlib interactor', () => {
  let dir: string;
  beforeAll(() => {
    dir = problem({
      pkg: { judgeMode: 'interactive', checkerLanguage: 'C++ 17 With O2', runAllCases: true },
      cases: [
        ['777\n', '\n'],
        ['1000000000\n', '\n'],
      ],
      files: { 'interactor.cpp': INTERACTOR },
    });
  });

  it('accepts a binary search', async () => {
    const r = await judgeSource(
      dir,
      'Python3',
      'import sys\nlo, hi = 1, 10**9\nwhile lo <= hi:\n    m = (lo + hi) // 2\n    print(m, flush=True)\n    r = input().strip()\n    if r == "=":\n        break\n    if r == "<":\n        lo = m + 1\n    else:\n        hi = m - 1\n',
    );
    expect(r.cases.map((c) => c.status)).toEqual([0, 0]);
    expect(r.cases[0].message).toMatch(/found in \d+ questions/);
  });

  it('gives WA when the questions run out, and WA for a guess out of range', async () => {
    const linear = await judgeSource(
      dir,
      'C',
      '#include <stdio.h>\nint main(){ for (int g=1;;g++){ printf("%d\\n", g); fflush(stdout); char r[4]; if (scanf("%3s", r)!=1 || r[0]==\'=\') return 0; } }',
    );
    expect(linear.cases.map((c) => c.status)).toEqual([JudgeStatus.WrongAnswer, JudgeStatus.WrongAnswer]);
    expect(linear.cases[0].message).toContain('too many questions');
    const outOfRange = await judgeSource(dir, 'C', '#include <stdio.h>\nint main(){ puts("0"); fflush(stdout); return 0; }');
    expect(outOfRange.cases[0].status).toBe(JudgeStatus.WrongAnswer);
  });
});

describe('float tolerance (default mode, per problem)', () => {
  it('accepts within the absolute tolerance and refuses beyond it', async () => {
    const dir = problem({ pkg: { floatTolerance: { absolute: 1e-6 } }, cases: [['1 3\n', '0.333333333333\n']] });
    const div = (fmt: string) => `#include <stdio.h>\nint main(){ double a,b; scanf("%lf %lf",&a,&b); printf("${fmt}\\n", a/b); }`;
    expect((await judgeSource(dir, 'C', div('%.7f'))).status).toBe(JudgeStatus.Accepted);
    const wa = await judgeSource(dir, 'C', div('%.3f'));
    expect(wa.status).toBe(JudgeStatus.WrongAnswer);
    expect(wa.cases[0].message).toBe('Line 1, token 1 differs');
    expect(wa.cases[0].detail).toMatch(/^expected "0.333333333333", found "0.333"/);
  });

  it('accepts within the relative tolerance', async () => {
    const dir = problem({ pkg: { floatTolerance: { relative: 1e-6 } }, cases: [['0\n', '123456789.0\n']] });
    expect((await judgeSource(dir, 'Python3', 'input()\nprint(123456800.0)')).status).toBe(JudgeStatus.Accepted);
    expect((await judgeSource(dir, 'Python3', 'input()\nprint(123470000.0)')).status).toBe(JudgeStatus.WrongAnswer);
  });
});
