/**
 * Every language this machine offers, through the CLI (`oj-judge judge`): AC, WA, CE, RE and TLE
 * for one language of each family, AC and CE for the other C and C++ standards. Two judgements
 * run at a time (the judge's own slots keep their timings apart); each CLI call's printed line is
 * routed to its caller through AsyncLocalStorage.
 */
import { AsyncLocalStorage } from 'async_hooks';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { JudgeStatus } from '@oj/contracts';
import { main } from '../src/cli';
import { detectLanguages, findLanguage, LANGUAGES } from '../src/languages';
import { cleanupJudge, expectNothingLeft, isolateJudge, makeProblem } from './helpers';
import { programsFor, Verdict } from './language-programs';

const CODES: Record<Verdict, number> = {
  AC: JudgeStatus.Accepted,
  WA: JudgeStatus.WrongAnswer,
  CE: JudgeStatus.CompileError,
  RE: JudgeStatus.RuntimeError,
  TLE: JudgeStatus.TimeLimitExceeded,
};
const ALL: Verdict[] = ['AC', 'WA', 'CE', 'RE', 'TLE'];
/** Languages judged with every verdict; the other C and C++ standards share their compiler. */
const otherStandard = (id: string) => /^c(pp)?(\d+)?(-o2)?$/.test(id) && id !== 'c' && id !== 'cpp17-o2';

interface CliJudgement {
  status: number;
  compileInfo?: string;
  cases: { status: number; message?: string }[];
}

const lines = new AsyncLocalStorage<string[]>();
const available = detectLanguages();
let problem: string;
let srcDir: string;
const results = new Map<string, Promise<CliJudgement>>();

async function cliJudge(lang: string, verdict: Verdict): Promise<CliJudgement> {
  const file = path.join(srcDir, `${lang}-${verdict}.src`);
  fs.writeFileSync(file, programsFor(lang)![verdict]);
  const out: string[] = [];
  const code = await lines.run(out, () => main(['judge', '--problem', problem, '--lang', lang, '--source', file]));
  expect(code).toBe(0);
  return JSON.parse(out[0]) as CliJudgement;
}

beforeAll(() => {
  isolateJudge('all-languages');
  problem = makeProblem({ pkg: { timeLimit: 1000, memoryLimit: 256, stackLimit: 64 } });
  srcDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-langs-src-'));
  const log = console.log;
  jest.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    const sink = lines.getStore();
    if (sink) sink.push(args.map(String).join(' '));
    else log(...args);
  });
  // Two at a time, in table order; each test awaits its own.
  const queue: [string, Verdict][] = [];
  for (const l of available) for (const v of otherStandard(l.id) ? (['AC', 'CE'] as Verdict[]) : ALL) queue.push([l.id, v]);
  const waiting = new Map<string, (r: Promise<CliJudgement>) => void>();
  for (const [id, v] of queue) results.set(`${id}/${v}`, new Promise((resolve) => waiting.set(`${id}/${v}`, (r) => r.then(resolve))));
  let next = 0;
  const lane = async () => {
    while (next < queue.length) {
      const [id, v] = queue[next++];
      const run = cliJudge(id, v);
      waiting.get(`${id}/${v}`)!(run.catch((err: Error) => ({ status: 999, compileInfo: err.message, cases: [] })));
      await run.catch(() => undefined);
    }
  };
  void Promise.all([lane(), lane()]);
});
afterAll(() => {
  jest.restoreAllMocks();
  fs.rmSync(problem, { recursive: true, force: true });
  fs.rmSync(srcDir, { recursive: true, force: true });
  cleanupJudge();
});

it('offers at least 20 language families, every toolchain of the table on this machine (CI installs them all)', () => {
  const families = new Set(available.map((l) => l.toolchain.package));
  expect(families.size).toBeGreaterThanOrEqual(20);
  if (process.env.CI) expect(available.map((l) => l.id)).toEqual(LANGUAGES.map((l) => l.id));
});

for (const lang of LANGUAGES) {
  const verdicts = otherStandard(lang.id) ? (['AC', 'CE'] as Verdict[]) : ALL;
  const offered = !!findLanguage(lang.id);
  (offered ? describe : describe.skip)(`${lang.name} (${lang.id})`, () => {
    it(
      verdicts.join(', '),
      async () => {
        for (const verdict of verdicts) {
          const r = await results.get(`${lang.id}/${verdict}`)!;
          expect({ verdict, status: r.status, info: r.status === CODES[verdict] ? '' : (r.compileInfo ?? r.cases[0]?.message) }).toEqual({
            verdict,
            status: CODES[verdict],
            info: '',
          });
          if (verdict === 'AC') expect(r.cases.map((c) => c.status)).toEqual([0, 0]);
          if (verdict === 'CE') expect(r.compileInfo).toBeTruthy();
        }
        // Results come in table order, two at a time; under load the JVM compilers (Kotlin, Scala) take a while.
      },
      600_000,
    );
  });
}

it('leaves nothing behind', async () => {
  await Promise.all(results.values());
  expectNothingLeft();
});
