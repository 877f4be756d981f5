/** The oj-judge CLI: judge, run and languages print what the issue specifies. */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { main } from '../src/cli';
import { cleanupJudge, expectNothingLeft, isolateJudge, makeProblem } from './helpers';

let problem: string;
let src: string;
const printed: string[] = [];
beforeAll(() => {
  isolateJudge('cli');
  problem = makeProblem();
  src = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-cli-src-'));
  fs.writeFileSync(path.join(src, 'a.c'), '#include <stdio.h>\nint main(){ long a,b; scanf("%ld %ld",&a,&b); printf("%ld\\n",a+b); }');
  fs.writeFileSync(path.join(src, 'in.txt'), '20 22\n');
});
beforeEach(() => {
  printed.length = 0;
  jest.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));
});
afterEach(() => jest.restoreAllMocks());
afterAll(() => {
  fs.rmSync(problem, { recursive: true, force: true });
  fs.rmSync(src, { recursive: true, force: true });
  cleanupJudge();
});

it('judge prints one JSON object with the cases', async () => {
  expect(await main(['judge', '--problem', problem, '--lang', 'c-o2', '--source', path.join(src, 'a.c'), '--time-ms', '2000'])).toBe(0);
  expect(printed).toHaveLength(1);
  const out = JSON.parse(printed[0]);
  expect(Object.keys(out)).toEqual(['status', 'time', 'memory', 'score', 'compileInfo', 'cases']);
  expect(out.status).toBe(0);
  expect(out.cases.map((c: { caseId: number; status: number }) => [c.caseId, c.status])).toEqual([
    [1, 0],
    [2, 0],
  ]);
  expectNothingLeft();
});

it('run prints the run with its stdout', async () => {
  expect(await main(['run', '--lang', 'C With O2', '--source', path.join(src, 'a.c'), '--input', path.join(src, 'in.txt')])).toBe(0);
  const out = JSON.parse(printed[0]);
  expect(out).toEqual(expect.objectContaining({ status: 'exited', exitCode: 0, signal: null, stdout: '42\n' }));
  expect(out.memory).toBeGreaterThan(0);
  expectNothingLeft();
});

it('languages lists ids, display names and versions', async () => {
  expect(await main(['languages'])).toBe(0);
  expect(printed).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^cpp17-o2 +C\+\+ 17 With O2 +GCC \d+\.\d+/),
      expect.stringMatching(/^java +Java +OpenJDK 17\./),
      expect.stringMatching(/^python3 +Python3 +CPython 3\./),
      expect.stringMatching(/^js +JavaScript Node +Node\.js \d+/),
    ]),
  );
});

it('languages --json prints what the worker announces: versions, commands and factors', async () => {
  expect(await main(['languages', '--json'])).toBe(0);
  const rows = JSON.parse(printed[0]) as { id: string; version: string; compileCommand?: string; runCommand: string; timeFactor: number }[];
  const java = rows.find((r) => r.id === 'java')!;
  expect(java.version).toMatch(/^OpenJDK 17\./);
  expect(java.timeFactor).toBe(2);
  expect(java.compileCommand).toContain('javac');
  const c = rows.find((r) => r.id === 'c')!;
  expect(c.compileCommand).toContain('-std=gnu11');
  expect(c.runCommand).toBe('/p/main');
});
