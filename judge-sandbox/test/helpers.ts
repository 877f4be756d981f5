/** Test helpers: temporary problem packages, judging sources, and proof that nothing is left behind. */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { ProblemPackage } from '@oj/contracts';
import { configureJudge, judgeConfig } from '../src/config';
import { listRunCgroups } from '../src/sandbox';
import { judge } from '../src/judge';

/** Every test file gets its own work root and cache so leftovers can be counted. */
export function isolateJudge(name: string): { workRoot: string; cacheDir: string } {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), `oj-test-${name}-`));
  fs.chmodSync(base, 0o755);
  const workRoot = path.join(base, 'work');
  const cacheDir = path.join(base, 'cache');
  configureJudge({ workRoot, cacheDir });
  return { workRoot, cacheDir };
}

export function cleanupJudge(): void {
  const base = path.dirname(judgeConfig().workRoot);
  fs.rmSync(base, { recursive: true, force: true });
}

export interface ProblemFiles {
  pkg?: Partial<ProblemPackage>;
  cases?: [string, string][];
  files?: Record<string, string>;
}

export function makeProblem(spec: ProblemFiles = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-problem-'));
  fs.chmodSync(dir, 0o755);
  const pkg = {
    timeLimit: 1000,
    memoryLimit: 128,
    stackLimit: 64,
    judgeMode: 'default',
    type: 'acm',
    isRemoveEndBlank: true,
    ...spec.pkg,
  };
  fs.writeFileSync(path.join(dir, 'problem.json'), JSON.stringify(pkg));
  const cases = spec.cases ?? [
    ['1 2\n', '3\n'],
    ['100 200\n', '300\n'],
  ];
  cases.forEach(([input, output], i) => {
    fs.writeFileSync(path.join(dir, `${i + 1}.in`), input);
    fs.writeFileSync(path.join(dir, `${i + 1}.out`), output);
  });
  for (const [name, content] of Object.entries(spec.files ?? {})) fs.writeFileSync(path.join(dir, name), content);
  return dir;
}

export async function judgeSource(problemDir: string, language: string, code: string) {
  return judge(problemDir, { language, code });
}

/** Processes owned by a sandbox uid (the range every run's outer uid comes from). */
export function sandboxProcesses(): string[] {
  const { sandboxUidBase, sandboxUidCount } = judgeConfig();
  const out: string[] = [];
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      const uid = Number(status.match(/^Uid:\s+(\d+)/m)?.[1]);
      const zombie = /^State:\s+[ZX]/m.test(status);
      // A process already in its exit path (PF_EXITING in /proc/<pid>/stat's flags) is not left alive.
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const exiting = (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[6]) & 0x4) !== 0;
      if (uid >= sandboxUidBase && uid < sandboxUidBase + sandboxUidCount && !zombie && !exiting) {
        out.push(`${pid} ${status.match(/^Name:\s+(.*)$/m)?.[1]}`);
      }
    } catch {
      // exited meanwhile
    }
  }
  return out;
}

/** Nothing of any run may survive it: no process, no cgroup, no scratch directory. */
export function expectNothingLeft(): void {
  expect(sandboxProcesses()).toEqual([]);
  expect(listRunCgroups().filter((d) => path.basename(d).startsWith(`run-${process.pid}-`))).toEqual([]);
  const work = judgeConfig().workRoot;
  expect(fs.existsSync(work) ? fs.readdirSync(work) : []).toEqual([]);
}
