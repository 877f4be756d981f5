/**
 * The Bull worker against real Redis (unique Bull prefix per run): judge jobs with packages from
 * a local zip and over HTTP with the judge token, progress, compile-check and test-judge jobs, the
 * server registry, and refusal of zip entries that leave the package.
 */
import * as fs from 'fs';
import * as http from 'http';
import * as os from 'os';
import * as path from 'path';
import Queue from 'bull';
import Redis from 'ioredis';
import * as yazl from 'yazl';
import { JUDGE_QUEUE, JUDGE_TOKEN_HEADER, JudgeJobName, JudgeStatus, judgeServerKey } from '@oj/contracts';
import type { JudgeProgress, JudgeResult, JudgeServerInfo } from '@oj/contracts';
import { startWorker, JudgeWorker } from '../src/worker';
import { preparedSandboxPids } from '../src/sandbox';
import { cleanupJudge, expectNothingLeft, isolateJudge, makeProblem, sandboxProcesses } from './helpers';
import { judgeConfig } from '../src/config';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const prefix = `oj-judge-test-${process.pid}-${Date.now()}`;
const name = `test-worker-${process.pid}`;
const TOKEN = 'secret-judge-token';
let worker: JudgeWorker;
let queue: Queue.Queue;
let redis: Redis;
let cacheDir: string;
let problemDir: string;
let zipFile: string;
let server: http.Server;
let serverUrl: string;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-worker-test-'));

function zipDir(dir: string, out: string, extra: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const z = new yazl.ZipFile();
    for (const f of fs.readdirSync(dir)) z.addFile(path.join(dir, f), f);
    for (const [n, c] of Object.entries(extra)) z.addBuffer(Buffer.from(c), n);
    z.end();
    z.outputStream
      .pipe(fs.createWriteStream(out))
      .on('close', () => resolve())
      .on('error', reject);
  });
}

/** How long the worker keeps idle prepared sandboxes for its next job. */
const IDLE_MS = 1500;

/**
 * Resolves once the worker has closed its idle prepared sandboxes (it keeps them IDLE_MS after a job):
 * no zygote, no sandbox process, nothing in the work root.
 */
async function preparedClosed(): Promise<void> {
  const open = () => {
    const work = judgeConfig().workRoot;
    return [...preparedSandboxPids().map(String), ...sandboxProcesses(), ...(fs.existsSync(work) ? fs.readdirSync(work) : [])];
  };
  for (const deadline = Date.now() + 30_000; open().length > 0;) {
    if (Date.now() > deadline) throw new Error(`prepared sandboxes still open: ${open().join(', ')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const AC = '#include <stdio.h>\nint main(){ long a,b; scanf("%ld %ld",&a,&b); printf("%ld\\n",a+b); }';

beforeAll(async () => {
  ({ cacheDir } = isolateJudge('worker'));
  problemDir = makeProblem();
  zipFile = path.join(tmp, 'p.zip');
  await zipDir(problemDir, zipFile);
  server = http.createServer((req, res) => {
    if (req.url === '/forbidden' || req.headers[JUDGE_TOKEN_HEADER.toLowerCase()] !== TOKEN) {
      res.writeHead(403).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/zip' });
    fs.createReadStream(zipFile).pipe(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  serverUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/package.zip`;
  redis = new Redis(REDIS_URL);
  worker = await startWorker({
    redisUrl: REDIS_URL,
    bullPrefix: prefix,
    concurrency: 2,
    name,
    judgeToken: TOKEN,
    cacheDir,
    preparedIdleMs: IDLE_MS,
  });
  queue = new Queue(JUDGE_QUEUE, REDIS_URL, { prefix });
});

afterAll(async () => {
  await queue.obliterate({ force: true });
  await queue.close();
  await worker.close();
  expect(await redis.exists(judgeServerKey(prefix, name))).toBe(0);
  redis.disconnect();
  server.close();
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.rmSync(problemDir, { recursive: true, force: true });
  cleanupJudge();
});

it('announces itself in Redis with its languages and cgroup version', async () => {
  const raw = await redis.get(judgeServerKey(prefix, name));
  const info = JSON.parse(raw!) as JudgeServerInfo;
  expect(info.name).toBe(name);
  expect(info.concurrency).toBe(2);
  expect(info.languages.map((l) => l.name)).toEqual(expect.arrayContaining(['C', 'C++ With O2', 'Java', 'Python3', 'JavaScript Node']));
  expect(['v1', 'v2']).toContain(info.cgroup);
  expect(await redis.ttl(judgeServerKey(prefix, name))).toBeGreaterThan(0);
});

it('judges a submission from a local zip package, reporting progress, and caches the package', async () => {
  const progress: JudgeProgress[] = [];
  queue.on('global:progress', (_id: string, p: string | JudgeProgress) => progress.push(typeof p === 'string' ? JSON.parse(p) : p));
  const job = await queue.add(JudgeJobName.judge, {
    submissionId: 41,
    language: 'C With O2',
    code: AC,
    problemId: 1,
    packageVersion: 'v-local-1',
    packageUrl: zipFile,
  });
  const result = (await job.finished()) as JudgeResult;
  expect(result.status).toBe(JudgeStatus.Accepted);
  expect(result.submissionId).toBe(41);
  expect(result.judger).toBe(name);
  expect(result.cases).toHaveLength(2);
  expect(fs.existsSync(path.join(cacheDir, 'packages', 'v-local-1', 'problem.json'))).toBe(true);
  await new Promise((r) => setTimeout(r, 300));
  expect(progress.map((p) => p.status)).toEqual(expect.arrayContaining([JudgeStatus.Compiling, JudgeStatus.Judging]));
  // Case progress is thinned to one report per PROGRESS_INTERVAL_MS: the first case's is always sent.
  expect(progress.find((p) => p.status === JudgeStatus.Judging)).toMatchObject({ caseIndex: 1, caseCount: 2 });
  await preparedClosed();
  expectNothingLeft();
});

it('keeps its prepared sandboxes for the next job, then closes them once idle', async () => {
  const localJob = { language: 'C With O2', code: AC, problemId: 1, packageVersion: 'v-local-1', packageUrl: zipFile };
  const first = await (await queue.add(JudgeJobName.judge, { ...localJob, submissionId: 51 })).finished();
  expect((first as JudgeResult).status).toBe(JudgeStatus.Accepted);
  const kept = preparedSandboxPids();
  expect(kept.length).toBeGreaterThan(0);
  const second = await (await queue.add(JudgeJobName.judge, { ...localJob, submissionId: 52 })).finished();
  expect((second as JudgeResult).status).toBe(JudgeStatus.Accepted);
  // The same zygotes judged the second submission: no bubblewrap was started for it.
  expect(preparedSandboxPids().sort()).toEqual(kept.sort());
  await preparedClosed();
  expectNothingLeft();
});

it('downloads a package over HTTP with the judge token', async () => {
  const job = await queue.add(JudgeJobName.judge, {
    submissionId: 42,
    language: 'C',
    code: AC.replace('a+b', 'a-b'),
    problemId: 1,
    packageVersion: 'v-http-1',
    packageUrl: serverUrl,
  });
  const result = (await job.finished()) as JudgeResult;
  expect(result.status).toBe(JudgeStatus.WrongAnswer);
  expect(fs.existsSync(path.join(cacheDir, 'packages', 'v-http-1', '1.in'))).toBe(true);
});

it('answers System Error, not a lost job, when the package cannot be fetched', async () => {
  const forbidden = await queue.add(JudgeJobName.judge, {
    submissionId: 43,
    language: 'C',
    code: AC,
    problemId: 1,
    packageVersion: 'v-forbidden',
    packageUrl: serverUrl.replace('package.zip', 'forbidden'),
  });
  const result = (await forbidden.finished()) as JudgeResult;
  expect(result).toEqual(
    expect.objectContaining({ status: JudgeStatus.SystemError, submissionId: 43, errorMessage: 'package download failed: HTTP 403' }),
  );
  const missing = await queue.add(JudgeJobName.judge, {
    submissionId: 44,
    language: 'C',
    code: AC,
    problemId: 1,
    packageVersion: 'v-nowhere',
    packageUrl: path.join(tmp, 'does-not-exist.zip'),
  });
  const badResult = (await missing.finished()) as JudgeResult;
  expect(badResult.status).toBe(JudgeStatus.SystemError);
  expect(badResult.errorMessage).toMatch(/ENOENT/);
  expect(fs.readdirSync(path.join(cacheDir, 'packages')).filter((d) => d.includes('tmp'))).toEqual([]);
});

it('refuses zip entries that would leave the package', async () => {
  // yazl refuses "..", so write a same-length name and patch the bytes afterwards.
  const evil = path.join(tmp, 'evil.zip');
  await new Promise<void>((resolve, reject) => {
    const z = new yazl.ZipFile();
    z.addBuffer(Buffer.from('{}'), 'problem.json');
    z.addBuffer(Buffer.from('pwned'), 'x/QQ/QQ/escaped.txt');
    z.end();
    z.outputStream
      .pipe(fs.createWriteStream(evil))
      .on('close', () => resolve())
      .on('error', reject);
  });
  const bytes = fs.readFileSync(evil);
  fs.writeFileSync(evil, Buffer.from(bytes.toString('latin1').replace(/x\/QQ\/QQ\//g, 'x/../../'), 'latin1'));
  const job = await queue.add(JudgeJobName.judge, {
    submissionId: 45,
    language: 'C',
    code: AC,
    problemId: 1,
    packageVersion: 'v-evil',
    packageUrl: evil,
  });
  const result = (await job.finished()) as JudgeResult;
  expect(result.status).toBe(JudgeStatus.SystemError);
  // yauzl refuses it first ("invalid relative path"); our own check backs it up.
  expect(result.errorMessage).toMatch(/^(refused zip entry outside the package|invalid relative path): x\/\.\.\/\.\.\/escaped\.txt$/);
  expect(fs.existsSync(path.join(cacheDir, 'packages', 'escaped.txt'))).toBe(false);
  expect(fs.existsSync(path.join(cacheDir, 'escaped.txt'))).toBe(false);
  expect(fs.existsSync(path.join(cacheDir, 'packages', 'v-evil'))).toBe(false);
});

it('runs compile-check and test-judge jobs', async () => {
  const ok = await (
    await queue.add(JudgeJobName.compileCheck, { language: 'C++ 17 With O2', code: 'int main(){}', asChecker: true })
  ).finished();
  expect(ok).toEqual({ ok: true, message: '' });
  const bad = await (await queue.add(JudgeJobName.compileCheck, { language: 'C', code: 'int main(){', asChecker: true })).finished();
  expect(bad.ok).toBe(false);
  expect(bad.message).toMatch(/error/);
  const test = await (
    await queue.add(JudgeJobName.testJudge, {
      language: 'Python3',
      code: 'print(sum(map(int, input().split())))',
      input: '4 5\n',
      timeLimitMs: 1000,
      memoryLimitMb: 128,
      expectedOutput: '9\n',
    })
  ).finished();
  expect(test).toEqual(expect.objectContaining({ status: JudgeStatus.Accepted, stdout: '9\n', exitCode: 0 }));
});
