/** Every available language gets the right verdict for AC, WA, PE, CE, TLE, MLE and RE programs. */
import * as fs from 'fs';
import { JudgeStatus } from '@oj/contracts';
import { detectLanguages } from '../src/languages';
import { cleanupJudge, expectNothingLeft, isolateJudge, judgeSource, makeProblem } from './helpers';

type Verdict = 'AC' | 'WA' | 'PE' | 'CE' | 'TLE' | 'MLE' | 'RE';
const CODES: Record<Verdict, number> = {
  AC: JudgeStatus.Accepted,
  WA: JudgeStatus.WrongAnswer,
  PE: JudgeStatus.PresentationError,
  CE: JudgeStatus.CompileError,
  TLE: JudgeStatus.TimeLimitExceeded,
  MLE: JudgeStatus.MemoryLimitExceeded,
  RE: JudgeStatus.RuntimeError,
};

const C_PROGRAMS: Record<Verdict, string> = {
  AC: '#include <stdio.h>\nint main(){ long a,b; scanf("%ld %ld",&a,&b); printf("%ld\\n",a+b); return 0; }',
  WA: '#include <stdio.h>\nint main(){ long a,b; scanf("%ld %ld",&a,&b); printf("%ld\\n",a+b+1); return 0; }',
  PE: '#include <stdio.h>\nint main(){ long a,b; scanf("%ld %ld",&a,&b); printf("\\n%ld\\n",a+b); return 0; }',
  CE: '#include <stdio.h>\nint main(){ long a,b scanf("%ld",&a); }',
  TLE: 'int main(){ volatile unsigned long x = 0; for(;;) x++; }',
  MLE: '#include <stdlib.h>\n#include <string.h>\nint main(){ for(;;){ char* p = malloc(1<<20); if (!p) return 1; memset(p, 7, 1<<20); } }',
  RE: '#include <stdio.h>\nint main(){ volatile int* p = 0; *p = 1; return 0; }',
};

const FAMILIES: Record<string, { langs: string[]; programs: Record<Verdict, string> }> = {
  c: { langs: ['c', 'c-o2', 'c17-o2'], programs: C_PROGRAMS },
  cpp: {
    langs: ['cpp', 'cpp-o2', 'cpp11-o2', 'cpp17', 'cpp17-o2', 'cpp20', 'cpp20-o2'],
    programs: {
      ...C_PROGRAMS,
      AC: '#include <iostream>\nint main(){ long a,b; std::cin>>a>>b; std::cout<<a+b<<"\\n"; }',
      MLE: '#include <vector>\n#include <cstdio>\nint main(){ std::vector<std::vector<char>> v; for(;;) v.emplace_back(1<<20, 7); }',
      RE: '#include <stdexcept>\nint main(){ throw std::runtime_error("boom"); }',
    },
  },
  java: {
    langs: ['java'],
    programs: {
      AC: 'import java.util.*;\npublic class Main { public static void main(String[] a){ Scanner s=new Scanner(System.in); long x=s.nextLong(), y=s.nextLong(); System.out.println(x+y); } }',
      WA: 'import java.util.*;\npublic class Main { public static void main(String[] a){ Scanner s=new Scanner(System.in); long x=s.nextLong(), y=s.nextLong(); System.out.println(x-y); } }',
      PE: 'import java.util.*;\npublic class Main { public static void main(String[] a){ Scanner s=new Scanner(System.in); long x=s.nextLong(), y=s.nextLong(); System.out.println(); System.out.println(x+y); } }',
      CE: 'public class Main { public static void main(String[] a){ int x = } }',
      TLE: 'public class Main { public static void main(String[] a){ long x=0; while(true){ x++; if (x == -1) break; } System.out.println(x); } }',
      MLE: 'import java.util.*;\npublic class Main { public static void main(String[] a){ List<long[]> l=new ArrayList<>(); while(true) l.add(new long[1<<17]); } }',
      RE: 'public class Main { public static void main(String[] a){ int[] x = new int[1]; System.out.println(x[5]); } }',
    },
  },
  python3: {
    langs: ['python3'],
    programs: {
      AC: 'a, b = map(int, input().split())\nprint(a + b)',
      WA: 'a, b = map(int, input().split())\nprint(a * b + 7)',
      PE: 'a, b = map(int, input().split())\nprint()\nprint(a + b)',
      CE: 'def f(:\n  pass',
      TLE: 'x = 0\nwhile True:\n    x += 1',
      MLE: 'l = []\nwhile True:\n    l.append(bytearray(1 << 20))',
      RE: 'raise ValueError("boom")',
    },
  },
  js: {
    langs: ['js'],
    programs: {
      AC: "const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);\nconsole.log(a + b);",
      WA: "const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);\nconsole.log(a - b);",
      PE: "const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);\nconsole.log('\\n' + (a + b));",
      CE: 'function (){',
      TLE: 'let x = 0; for (;;) { x++; }',
      MLE: 'const l = []; for (;;) l.push(new Array(1 << 20).fill(7));',
      RE: 'null.boom();',
    },
  },
};

const available = new Set(detectLanguages().map((l) => l.id));
let problem: string;
beforeAll(() => {
  isolateJudge('languages');
  problem = makeProblem({ pkg: { timeLimit: 1000, memoryLimit: 128, stackLimit: 64 } });
});
afterAll(() => {
  fs.rmSync(problem, { recursive: true, force: true });
  cleanupJudge();
});
afterEach(() => expectNothingLeft());

it('offers C, C++, Java, Python3 and JavaScript on this machine', () => {
  for (const id of ['c', 'cpp17-o2', 'java', 'python3', 'js']) expect(available).toContain(id);
});

for (const [family, { langs, programs }] of Object.entries(FAMILIES)) {
  describe(family, () => {
    // Every verdict on the family's first language; the other standards get AC and CE.
    const [first, ...others] = langs;
    for (const verdict of Object.keys(CODES) as Verdict[]) {
      it(`${first}: ${verdict}`, async () => {
        const r = await judgeSource(problem, first, programs[verdict]);
        expect({ status: r.status, msg: r.cases[0]?.message }).toEqual(expect.objectContaining({ status: CODES[verdict] }));
        if (verdict === 'AC') expect(r.cases.map((c) => c.status)).toEqual([0, 0]);
        if (verdict === 'CE') expect(r.compileInfo).toBeTruthy();
      });
    }
    for (const lang of others) {
      it(`${lang}: AC and CE`, async () => {
        expect((await judgeSource(problem, lang, programs.AC)).status).toBe(JudgeStatus.Accepted);
        expect((await judgeSource(problem, lang, programs.CE)).status).toBe(JudgeStatus.CompileError);
      });
    }
  });
}

it('python3 has exit() and quit() (site is loaded) as well as sys.exit(), and their exit codes count', async () => {
  const sum = 'a, b = map(int, input().split())\nprint(a + b)\n';
  for (const end of ['exit()', 'quit()', 'import sys\nsys.exit()', 'exit(0)']) {
    const r = await judgeSource(problem, 'python3', `${sum}${end}\n`);
    expect({ end, status: r.status, msg: r.cases[0]?.message }).toEqual({ end, status: JudgeStatus.Accepted, msg: undefined });
  }
  for (const end of ['exit(3)', 'quit(3)', 'import sys\nsys.exit(3)']) {
    const r = await judgeSource(problem, 'python3', `${sum}${end}\n`);
    expect({ end, status: r.status }).toEqual({ end, status: JudgeStatus.RuntimeError });
  }
});

it('accepts the display name as well as the id', async () => {
  const r = await judgeSource(problem, 'C++ 17 With O2', FAMILIES.cpp.programs.AC);
  expect(r.status).toBe(JudgeStatus.Accepted);
});
