/** Special judges (testlib protocol with points, DOMjudge codes), interactive problems, OI scoring, file IO. */
import * as fs from 'fs';
import { JudgeStatus } from '@oj/contracts';
import * as os from 'os';
import * as path from 'path';
import { configureJudge, judgeConfig } from '../src/config';
import { cleanupJudge, expectNothingLeft, isolateJudge, judgeSource, makeProblem } from './helpers';

const problems: string[] = [];
const problem = (spec: Parameters<typeof makeProblem>[0]): string => {
  const dir = makeProblem(spec);
  problems.push(dir);
  return dir;
};
beforeAll(() => isolateJudge('checkers'));
afterAll(() => {
  for (const p of problems) fs.rmSync(p, { recursive: true, force: true });
  cleanupJudge();
});
afterEach(() => expectNothingLeft());

/**
 * "Print a number larger than a": full points when it is also at most a + 10, half points when
 * larger than that, WA otherwise. Uses the testlib exit codes without testlib.h.
 */
const POINTS_CHECKER = `#include <stdio.h>
int main(int argc, char** argv){
  FILE* in = fopen(argv[1], "r"); FILE* out = fopen(argv[2], "r"); FILE* ans = fopen(argv[3], "r");
  long a, x, best; if (!in || !out || !ans) return 3;
  if (fscanf(in, "%ld", &a) != 1 || fscanf(ans, "%ld", &best) != 1) return 3;
  if (fscanf(out, "%ld", &x) != 1) { fprintf(stderr, "no number"); return 2; }
  if (x <= a) { fprintf(stderr, "%ld is not larger than %ld", x, a); return 1; }
  if (x <= a + 10) { fprintf(stderr, "ok"); return 0; }
  fprintf(stderr, "%d points: too large", 5); return 7;
}`;

describe('special judge (testlib protocol)', () => {
  let dir: string;
  beforeAll(() => {
    dir = problem({
      pkg: {
        judgeMode: 'spj',
        type: 'oi',
        cases: [
          { input: '1.in', output: '1.out', score: 10 },
          { input: '2.in', output: '2.out', score: 10 },
        ],
      },
      cases: [
        ['5\n', '6\n'],
        ['100\n', '101\n'],
      ],
      files: { 'checker.c': POINTS_CHECKER },
    });
  });

  it('accepts any answer the checker accepts', async () => {
    const r = await judgeSource(dir, 'C', '#include <stdio.h>\nint main(){ long a; scanf("%ld",&a); printf("%ld\\n", a+3); }');
    expect(r.status).toBe(JudgeStatus.Accepted);
    expect(r.score).toBe(20);
    expect(r.cases.map((c) => c.message)).toEqual(['ok', 'ok']);
  });

  it('gives partial points from exit code 7 and the score on stderr', async () => {
    const r = await judgeSource(
      dir,
      'C',
      '#include <stdio.h>\nint main(){ long a; scanf("%ld",&a); printf("%ld\\n", a < 50 ? a+1 : a+1000); }',
    );
    expect(r.cases.map((c) => [c.status, c.score])).toEqual([
      [JudgeStatus.Accepted, 10],
      [JudgeStatus.PartialAccepted, 5],
    ]);
    expect(r.status).toBe(JudgeStatus.PartialAccepted);
    expect(r.score).toBe(15);
  });

  it('gives WA (exit 1) and PE (exit 2) with the checker message', async () => {
    const wa = await judgeSource(dir, 'C', '#include <stdio.h>\nint main(){ long a; scanf("%ld",&a); printf("%ld\\n", a); }');
    expect(wa.status).toBe(JudgeStatus.WrongAnswer);
    expect(wa.cases[0].message).toBe('5 is not larger than 5');
    const pe = await judgeSource(dir, 'C', 'int main(){ return 0; }');
    expect(pe.status).toBe(JudgeStatus.PresentationError);
    expect(pe.cases[0].message).toBe('no number');
  });

  it('reports a checker that fails (exit 3) as System Error', async () => {
    const broken = problem({
      pkg: { judgeMode: 'spj' },
      files: { 'checker.c': 'int main(){ return 3; }' },
    });
    const r = await judgeSource(broken, 'C', 'int main(){ return 0; }');
    expect(r.status).toBe(JudgeStatus.SystemError);
  });

  it('puts the configured testlib directory on the checker include path', async () => {
    const testlib = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-testlib-'));
    fs.chmodSync(testlib, 0o755);
    fs.writeFileSync(path.join(testlib, 'testlib.h'), '#define TESTLIB_OK_EXIT 0\n', { mode: 0o644 });
    const before = judgeConfig().testlibDir;
    configureJudge({ testlibDir: testlib });
    try {
      const dir = problem({
        pkg: { judgeMode: 'spj' },
        files: { 'checker.cpp': '#include "testlib.h"\nint main(){ return TESTLIB_OK_EXIT; }' },
      });
      expect((await judgeSource(dir, 'C', 'int main(){ return 0; }')).status).toBe(JudgeStatus.Accepted);
    } finally {
      configureJudge({ testlibDir: before });
      fs.rmSync(testlib, { recursive: true, force: true });
    }
  });

  it('runs Kattis / DOMjudge output validators: input, judge answer, feedback dir; output on stdin; exit 42 / 43', async () => {
    // Accepts an even number not below the judge's answer; says why not in judgemessage.txt.
    const validator = `#include <cstdio>
#include <cstring>
#include <string>
int main(int c, char** v){
  if (c < 4) return 1;
  FILE* in = fopen(v[1], "r"); FILE* ans = fopen(v[2], "r"); long n = 0, least = 0, x = 0;
  if (!in || !ans || fscanf(in, "%ld", &n) != 1 || fscanf(ans, "%ld", &least) != 1) return 1;
  FILE* msg = fopen((std::string(v[3]) + "judgemessage.txt").c_str(), "w");
  if (scanf("%ld", &x) != 1) { fprintf(msg, "no number"); return 43; }
  if (x % 2 != 0 || x < least) { fprintf(msg, "%ld is odd or below %ld", x, least); return 43; }
  return 42;
}`;
    const dj = problem({
      pkg: { judgeMode: 'spj', checkerProtocol: 'domjudge' },
      cases: [['4\n', '6\n']],
      files: { 'checker.cpp': validator },
    });
    expect((await judgeSource(dj, 'C', '#include <stdio.h>\nint main(){ puts("8"); }')).status).toBe(JudgeStatus.Accepted);
    const wa = await judgeSource(dj, 'C', '#include <stdio.h>\nint main(){ puts("7"); }');
    expect(wa.status).toBe(JudgeStatus.WrongAnswer);
    expect(wa.cases[0].message).toBe('7 is odd or below 6');
    // A validator's other exit codes are judge errors, never a verdict.
    const broken = problem({
      pkg: { judgeMode: 'spj', checkerProtocol: 'domjudge' },
      cases: [['4\n', '6\n']],
      files: { 'checker.cpp': 'int main(){ return 0; }' },
    });
    expect((await judgeSource(broken, 'C', 'int main(){ return 0; }')).status).toBe(JudgeStatus.SystemError);
  });

  it('runs Python Kattis validators that end with exit(42) / exit(43), as hangman and jumble do', async () => {
    // The same rule in Python, ended the way DOMjudge's example validators end: the builtin exit().
    const validator = `import os, sys
n, least = int(open(sys.argv[1]).read()), int(open(sys.argv[2]).read())
x = int(sys.stdin.read() or -1)
if x % 2 != 0 or x < least:
    with open(os.path.join(sys.argv[3], 'judgemessage.txt'), 'a') as m:
        print(f"{x} is odd or below {least}", file=m)
    exit(43)
exit(42)
`;
    const dj = problem({
      pkg: { judgeMode: 'spj', checkerProtocol: 'domjudge' },
      cases: [['4\n', '6\n']],
      files: { 'checker.py': validator },
    });
    const ac = await judgeSource(dj, 'C', '#include <stdio.h>\nint main(){ puts("8"); }');
    expect({ status: ac.status, message: ac.cases[0]?.message }).toEqual({ status: JudgeStatus.Accepted, message: undefined });
    const wa = await judgeSource(dj, 'C', '#include <stdio.h>\nint main(){ puts("7"); }');
    expect({ status: wa.status, message: wa.cases[0]?.message }).toEqual({
      status: JudgeStatus.WrongAnswer,
      message: '7 is odd or below 6',
    });
  });

  it('runs Kattis interactive validators: input, judge answer, feedback dir; exit 42 / 43', async () => {
    // The secret is in the input; the answer file holds the most guesses allowed.
    const interactor = `#include <stdio.h>
#include <string.h>
int main(int c, char** v){
  FILE* in = fopen(v[1], "r"); FILE* ans = fopen(v[2], "r"); long secret, most;
  if (!in || !ans || fscanf(in, "%ld", &secret) != 1 || fscanf(ans, "%ld", &most) != 1) return 1;
  char path[4096]; snprintf(path, sizeof path, "%sjudgemessage.txt", v[3]);
  for (long q = 1; q <= most; q++) {
    long g; if (scanf("%ld", &g) != 1) break;
    if (g == secret) { printf("=\\n"); fflush(stdout); return 42; }
    printf(g < secret ? "<\\n" : ">\\n"); fflush(stdout);
  }
  FILE* m = fopen(path, "w"); fprintf(m, "not found in %ld guesses", most); fclose(m); return 43;
}`;
    const dir = problem({
      pkg: { judgeMode: 'interactive', checkerProtocol: 'domjudge' },
      cases: [['777\n', '40\n']],
      files: { 'interactor.c': interactor },
    });
    const search = `#include <stdio.h>
int main(){ long lo = 1, hi = 1000000000; char r[4];
  while (lo <= hi) { long m = lo + (hi - lo) / 2; printf("%ld\\n", m); fflush(stdout);
    if (scanf("%3s", r) != 1 || r[0] == '=') return 0; if (r[0] == '<') lo = m + 1; else hi = m - 1; } }`;
    const ac = await judgeSource(dir, 'C', search);
    expect({ status: ac.status, message: ac.errorMessage ?? ac.cases[0]?.message }).toMatchObject({ status: JudgeStatus.Accepted });
    const linear = search.replace('long m = lo + (hi - lo) / 2;', 'long m = lo;');
    const wa = await judgeSource(dir, 'C', linear);
    expect(wa.status).toBe(JudgeStatus.WrongAnswer);
    expect(wa.cases[0].message).toBe('not found in 40 guesses');
  });
});

/** Guess the number in 1..10^9 within 32 questions; answers "<", ">" or "=". */
const INTERACTOR = `#include <stdio.h>
int main(int argc, char** argv){
  FILE* in = fopen(argv[1], "r"); FILE* out = fopen(argv[2], "w"); long secret;
  if (!in || fscanf(in, "%ld", &secret) != 1) return 3;
  for (int q = 1; q <= 32; q++) {
    long g; if (scanf("%ld", &g) != 1) { fprintf(stderr, "no guess"); return 1; }
    if (g == secret) { printf("=\\n"); fflush(stdout); if (out) fprintf(out, "%d\\n", q); fprintf(stderr, "found in %d", q); return 0; }
    printf(g < secret ? "<\\n" : ">\\n"); fflush(stdout);
  }
  fprintf(stderr, "too many guesses"); return 1;
}`;

describe('interactive', () => {
  let dir: string;
  beforeAll(() => {
    dir = problem({
      pkg: { judgeMode: 'interactive', runAllCases: true },
      cases: [
        ['123456789\n', '\n'],
        ['1\n', '\n'],
        ['1000000000\n', '\n'],
      ],
      files: { 'interactor.c': INTERACTOR },
    });
  });

  it('accepts a binary search', async () => {
    const r = await judgeSource(
      dir,
      'C++ 17 With O2',
      '#include <cstdio>\nint main(){ long lo=1, hi=1000000000; while(lo<=hi){ long m=(lo+hi)/2; printf("%ld\\n", m); fflush(stdout); char r[4]; if (scanf("%3s", r)!=1) return 0; if (r[0]==\'=\') return 0; if (r[0]==\'<\') lo=m+1; else hi=m-1; } }',
    );
    expect(r.cases.map((c) => c.status)).toEqual([0, 0, 0]);
    expect(r.status).toBe(JudgeStatus.Accepted);
    expect(r.cases[0].message).toMatch(/^found in \d+$/);
  });

  it('gives WA to a linear search that runs out of questions', async () => {
    const r = await judgeSource(
      dir,
      'C',
      '#include <stdio.h>\nint main(){ for (long g=1;;g++){ printf("%ld\\n", g); fflush(stdout); char r[4]; if (scanf("%3s", r)!=1) return 0; if (r[0]==\'=\') return 0; } }',
    );
    expect(r.cases.map((c) => c.status)).toEqual([JudgeStatus.WrongAnswer, JudgeStatus.Accepted, JudgeStatus.WrongAnswer]);
    expect(r.cases[0].message).toBe('too many guesses');
  });

  it('gives WA to a program that stops reading', async () => {
    const r = await judgeSource(dir, 'C', '#include <stdio.h>\nint main(){ printf("5\\n"); fflush(stdout); return 0; }');
    expect(r.status).toBe(JudgeStatus.WrongAnswer);
    expect(r.cases[0].message).toBe('no guess');
  });

  it('gives TLE to a program that never answers', async () => {
    const r = await judgeSource(dir, 'C', 'int main(){ volatile long x=0; for(;;) x++; }');
    expect(r.cases[0].status).toBe(JudgeStatus.TimeLimitExceeded);
  });
});

describe('OI scoring, ACM stopping and file IO', () => {
  const half = '#include <stdio.h>\nint main(){ long a,b; scanf("%ld %ld",&a,&b); printf("%ld\\n", a < 50 ? a+b : 0); }';

  it('sums case scores in OI mode and gives PA', async () => {
    const dir = problem({
      pkg: {
        type: 'oi',
        cases: [
          { input: '1.in', output: '1.out', score: 30 },
          { input: '2.in', output: '2.out', score: 70 },
        ],
      },
    });
    const r = await judgeSource(dir, 'C', half);
    expect(r.status).toBe(JudgeStatus.PartialAccepted);
    expect(r.score).toBe(30);
    expect(r.cases.map((c) => c.status)).toEqual([JudgeStatus.Accepted, JudgeStatus.WrongAnswer]);
  });

  it('stops at the first failing case in ACM mode, or runs all when configured', async () => {
    const cases: [string, string][] = [
      ['100 1\n', '101\n'],
      ['1 2\n', '3\n'],
    ];
    const stop = await judgeSource(problem({ cases }), 'C', half);
    expect(stop.status).toBe(JudgeStatus.WrongAnswer);
    expect(stop.cases).toHaveLength(1);
    const all = await judgeSource(problem({ cases, pkg: { runAllCases: true } }), 'C', half);
    expect(all.cases.map((c) => c.status)).toEqual([JudgeStatus.WrongAnswer, JudgeStatus.Accepted]);
  });

  it('reads and writes the named files in file IO mode', async () => {
    const dir = problem({ pkg: { fileIO: { input: 'sum.in', output: 'sum.out' } } });
    const r = await judgeSource(
      dir,
      'C',
      '#include <stdio.h>\nint main(){ FILE* i=fopen("sum.in","r"); FILE* o=fopen("sum.out","w"); long a,b; if(!i||!o) return 4; fscanf(i,"%ld %ld",&a,&b); fprintf(o,"%ld\\n",a+b); return 0; }',
    );
    expect(r.status).toBe(JudgeStatus.Accepted);
    const stdin = await judgeSource(
      dir,
      'C',
      '#include <stdio.h>\nint main(){ long a,b; if (scanf("%ld %ld",&a,&b)!=2) return 4; printf("%ld\\n",a+b); }',
    );
    expect(stdin.status).toBe(JudgeStatus.RuntimeError);
  });

  it('keeps trailing whitespace significant when isRemoveEndBlank is off', async () => {
    const dir = problem({ pkg: { isRemoveEndBlank: false } });
    const r = await judgeSource(dir, 'C', '#include <stdio.h>\nint main(){ long a,b; scanf("%ld %ld",&a,&b); printf("%ld \\n",a+b); }');
    expect(r.status).toBe(JudgeStatus.PresentationError);
    const lenient = problem({ pkg: { isRemoveEndBlank: true } });
    expect(
      (await judgeSource(lenient, 'C', '#include <stdio.h>\nint main(){ long a,b; scanf("%ld %ld",&a,&b); printf("%ld \\n",a+b); }'))
        .status,
    ).toBe(JudgeStatus.Accepted);
  });
});
