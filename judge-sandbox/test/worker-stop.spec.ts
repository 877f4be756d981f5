/**
 * Issue 39: a worker under `kill -TERM` whose run is stuck on a full pipe exits within seconds, and the job it held is
 * judged by another worker. The stuck run is DOMjudge's boolfind-test-loop in small: a program writing `READ 0` forever
 * without reading, against an interactor answering each line with 1 KB, so both block on full pipes and only the wall
 * limit (3 × 2 s + 1 s) would end them. The worker under test is a child process (dist/worker.js, as deployed).
 */
import { ChildProcess, spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import Queue from 'bull';
import * as yazl from 'yazl';
import { JUDGE_QUEUE, JudgeJobName, JudgeStatus } from '@oj/contracts';
import type { JudgeProgress, JudgeResult } from '@oj/contracts';
import { startWorker, JudgeWorker } from '../src/worker';
import { cleanupJudge, isolateJudge, makeProblem } from './helpers';
import { CHATTY_INTERACTOR, NEVER_READS } from './stuck-programs';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const prefix = `oj-judge-stop-${process.pid}-${Date.now()}`;
const WORKER = path.join(__dirname, '../dist/worker.js');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-worker-stop-'));
// The child's work dir is in here: its sandboxes' uids must be able to search it.
fs.chmodSync(tmp, 0o755);
/** The child's sandbox uids, apart from this process's (helpers' default base is derived from our pid). */
const CHILD_UID_BASE = 60_000 + (process.pid % 500) * 20;

let queue: Queue.Queue;
let child: ChildProcess | undefined;
let rescuer: JudgeWorker | undefined;
let problemDir: string;
const zipFile = path.join(tmp, 'p.zip');

function zipDir(dir: string, out: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const z = new yazl.ZipFile();
    for (const f of fs.readdirSync(dir)) z.addFile(path.join(dir, f), f);
    z.end();
    z.outputStream.pipe(fs.createWriteStream(out)).on('close', resolve).on('error', reject);
  });
}

/** Processes running as one of the given uids (a sandbox left behind by the stopped worker). */
function processesOfUids(base: number, count: number): string[] {
  const out: string[] = [];
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      const uid = Number(status.match(/^Uid:\s+(\d+)/m)?.[1]);
      if (uid >= base && uid < base + count && !/^State:\s+[ZX]/m.test(status)) out.push(pid);
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

beforeAll(async () => {
  const { cacheDir } = isolateJudge('worker-stop');
  problemDir = makeProblem({
    pkg: { judgeMode: 'interactive', timeLimit: 2000 },
    cases: [['1\n', '1\n']],
    files: { 'interactor.c': CHATTY_INTERACTOR },
  });
  await zipDir(problemDir, zipFile);
  queue = new Queue(JUDGE_QUEUE, REDIS_URL, { prefix });
  if (!fs.existsSync(WORKER)) throw new Error(`${WORKER} is missing: npm run build -w judge-sandbox`);
  child = spawn(process.execPath, [WORKER], {
    env: {
      ...process.env,
      REDIS_URL,
      BULL_PREFIX: prefix,
      JUDGE_CONCURRENCY: '1',
      JUDGE_NAME: 'doomed',
      JUDGE_CACHE_DIR: path.join(cacheDir, 'child'),
      JUDGE_WORK_DIR: path.join(tmp, 'child-work'),
      JUDGE_SANDBOX_UID_BASE: String(CHILD_UID_BASE),
      JUDGE_SANDBOX_UID_COUNT: '20',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.resume();
  child.stderr!.pipe(process.stderr);
});

afterAll(async () => {
  child?.kill('SIGKILL');
  await rescuer?.close();
  await queue.obliterate({ force: true }).catch(() => undefined);
  await queue.close();
  fs.rmSync(problemDir, { recursive: true, force: true });
  fs.rmSync(tmp, { recursive: true, force: true });
  cleanupJudge();
});

it('exits within seconds under SIGTERM with a run stuck on a full pipe, and another worker judges the job', async () => {
  const judging = new Promise<void>((resolve) =>
    queue.on('global:progress', (_id: string, p: string | JudgeProgress) => {
      if ((typeof p === 'string' ? (JSON.parse(p) as JudgeProgress) : p).status === JudgeStatus.Judging) resolve();
    }),
  );
  const job = await queue.add(JudgeJobName.judge, {
    submissionId: 39,
    language: 'C',
    code: NEVER_READS,
    problemId: 1,
    packageVersion: 'v-stuck-1',
    packageUrl: zipFile,
  });
  await judging;
  // Both sides are blocked on full pipes by now; the wall limit is 7 s away.
  await new Promise((r) => setTimeout(r, 1500));
  expect(await job.getState()).toBe('active');

  const stoppedAt = Date.now();
  const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
  child!.kill('SIGTERM');
  const code = await exited;
  const stopMs = Date.now() - stoppedAt;
  child = undefined;
  // close() itself, not the 8 s safety timer of the worker's SIGTERM handler, and well within the 10 s.
  expect(stopMs).toBeLessThan(5000);
  expect(code).toBe(0);
  expect(processesOfUids(CHILD_UID_BASE, 20)).toEqual([]);
  // Nothing was reported for the job: it is back in the queue for the next worker.
  expect(await job.getState()).toBe('delayed');

  const rescuedAt = Date.now();
  rescuer = await startWorker({ redisUrl: REDIS_URL, bullPrefix: prefix, concurrency: 1, name: 'rescuer' });
  const result = (await job.finished()) as JudgeResult;
  expect(result.judger).toBe('rescuer');
  expect(result.status).toBe(JudgeStatus.TimeLimitExceeded);
  // Taken at once, not after Bull's stalled-job checks (30 s apart, two needed): the rescue is the judging itself
  // (compiles, the 7 s wall limit, the 2 s pipe grace).
  expect(Date.now() - rescuedAt).toBeLessThan(25_000);
  expect((await queue.getJob(job.id))?.attemptsMade).toBe(0);
}, 90_000);
