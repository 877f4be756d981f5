/**
 * `npm run bench:remote` (issue 34): remote judging at volume, against replays of three sites (HDU, POJ, SPOJ; their
 * own process, see replay-sites.ts) that answer every request after 200 ms, with two accounts per site. It lives
 * beside the replays it drives (test code, not shipped in the backend's build) and runs through ts-node.
 *
 * Submits BENCH_REMOTE_SUBMISSIONS (500) submissions spread evenly over the three sites' problems through the real
 * submit route, then waits until each has its verdict. Prints:
 *  - submissions judged per second, next to the accounts' ceiling: a site takes one submit per account every
 *    REMOTE_JUDGE_TIMINGS.submitGapMs, so 6 accounts judge at most 6 / gap per second; goal ≥ 90 % of it;
 *  - how long submissions waited for a free account (p50, p95, from the backend's own histogram);
 *  - the backend's CPU per submission (this process: the backend and the submitting client; the sites are elsewhere);
 *  - lost (no verdict) and judged twice (a site got the same submission more than once): both must be 0.
 * Fresh database and prefixes (the test app's), removed after. Ends with one JSON line.
 */
import { JudgeStatus, REMOTE_JUDGE_TIMINGS, Role } from '@oj/contracts';
import { fork } from 'child_process';
import * as path from 'path';
import { MetricsService } from '../../../src/core/observability/metrics.service';
import { machineBusyMs } from '../../../src/bench/bench-utils';
import { createTestApp, TestApp, TestUser } from '../../utils/test-app';

const N = Number(process.env.BENCH_REMOTE_SUBMISSIONS || 500);
const USERS = 10;
const SUBMIT_CONCURRENCY = 10;

interface SiteSpec {
  oj: 'HDU' | 'POJ' | 'SPOJ';
  problem: string;
  language: string;
  accounts: [string, string][];
  code: (i: number) => string;
}

const SITES: SiteSpec[] = [
  {
    oj: 'HDU',
    problem: '1000',
    language: 'G++',
    accounts: [
      ['hojbot', 'right-password'],
      ['hojbot2', 'right-password'],
    ],
    code: (i) => `int main(){return 0;} /* bench ${i} */`,
  },
  {
    oj: 'POJ',
    problem: '1000',
    language: 'G++',
    accounts: [
      ['hojbot', 'right-password'],
      ['hojbot2', 'right-password'],
    ],
    code: (i) => `int main(){return 0;} /* bench ${i} */`,
  },
  {
    oj: 'SPOJ',
    problem: 'TEST',
    language: 'C (gcc 8.3)',
    accounts: [
      ['alice', 'alice-pass'],
      ['bob', 'bob-pass'],
    ],
    code: (i) => `int main(){return 0;}\n// bench ${i}\n`,
  },
];

const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

async function api<T>(t: TestApp, user: TestUser, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${t.url}/api/${url}`, {
    method,
    headers: { authorization: user.token, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { status: number; msg: string; data: T };
  if (json.status !== 200) throw new Error(`${method} ${url}: ${json.msg} ${JSON.stringify(json.data ?? '')}`);
  return json.data;
}

/** A quantile from a Prometheus histogram's cumulative buckets, interpolated inside its bucket (as histogram_quantile). */
async function histogramQuantile(metrics: MetricsService, q: number): Promise<number> {
  const { values } = await metrics.remoteAccountWait.get();
  const buckets = new Map<number, number>();
  for (const v of values) {
    if (v.metricName !== 'oj_remote_account_wait_seconds_bucket') continue;
    const bound = (v.labels as Record<string, string | number | undefined>).le;
    const le = bound === '+Inf' ? Infinity : Number(bound);
    buckets.set(le, (buckets.get(le) ?? 0) + v.value);
  }
  const sorted = [...buckets].sort((a, b) => a[0] - b[0]);
  const total = sorted[sorted.length - 1]?.[1] ?? 0;
  if (!total) return 0;
  const rank = q * total;
  let prevLe = 0;
  let prevCount = 0;
  for (const [le, count] of sorted) {
    if (count >= rank) {
      if (le === Infinity) return prevLe;
      return prevLe + ((le - prevLe) * (rank - prevCount)) / Math.max(1, count - prevCount);
    }
    prevLe = le;
    prevCount = count;
  }
  return prevLe;
}

async function main(): Promise<void> {
  const sites = fork(path.join(__dirname, 'replay-sites.ts'), [], {
    execArgv: ['-r', 'ts-node/register/transpile-only'],
    env: process.env,
  });
  const message = <T>(type: string) =>
    new Promise<T>((resolve) => {
      const on = (m: { type: string }) => {
        if (m.type !== type) return;
        sites.off('message', on);
        resolve(m as T);
      };
      sites.on('message', on);
    });
  const { urls } = await message<{ urls: Record<string, string> }>('ready');
  let t: TestApp | undefined;
  try {
    t = await createTestApp({ env: { REMOTE_JUDGE_URLS: JSON.stringify(urls) }, onlyRoot: true });
    const root = t.users.root;
    await api(t, root, 'PUT', 'admin/switch/update', { defaultSubmitInterval: 0 });
    for (const s of SITES) {
      for (const [username, password] of s.accounts)
        await api(t, root, 'POST', 'admin/remote-judge/account', { oj: s.oj, username, password });
      await api(t, root, 'GET', `admin/problem/import-remote-oj-problem?name=${s.oj}&problemId=${s.problem}`);
    }
    const users: TestUser[] = [];
    for (let u = 0; u < USERS; u++) users.push(await t.createUser(`bench_rj_${u}`, Role.User));
    const accounts = SITES.reduce((n, s) => n + s.accounts.length, 0);
    const ceiling = accounts / (REMOTE_JUDGE_TIMINGS.submitGapMs / 1000);
    console.log(
      `bench:remote: ${N} submissions over ${SITES.length} sites, ${accounts} accounts, ${process.env.BENCH_REMOTE_LATENCY_MS ?? 200} ms per remote call; ` +
        `ceiling ${round(ceiling, 2)}/s (one submit per account every ${REMOTE_JUDGE_TIMINGS.submitGapMs} ms)`,
    );

    const cpu0 = process.cpuUsage();
    const busy0 = machineBusyMs();
    const started = Date.now();
    const ids: number[] = new Array(N);
    let next = 0;
    await Promise.all(
      Array.from({ length: SUBMIT_CONCURRENCY }, async () => {
        for (let i = next++; i < N; i = next++) {
          const s = SITES[i % SITES.length];
          const sub = await api<{ submitId: number }>(t!, users[i % USERS], 'POST', 'submit-problem-judge', {
            pid: `${s.oj}-${s.problem}`,
            language: s.language,
            code: s.code(i),
          });
          ids[i] = sub.submitId;
        }
      }),
    );
    const submitted = Date.now();
    console.log(`  submitted ${N} in ${round((submitted - started) / 1000)} s`);
    const deadline = started + (N / ceiling) * 3_000 + 180_000;
    let done = 0;
    let lastPrint = 0;
    for (;;) {
      const rows: { n: number }[] = await t.dataSource.query(
        `SELECT COUNT(*)::int AS n FROM judge WHERE submit_id = ANY($1) AND (counted OR status = $2)`,
        [ids, JudgeStatus.SubmittedFailed],
      );
      done = rows[0].n;
      if (done === N || Date.now() > deadline) break;
      if (Date.now() - lastPrint > 30_000) {
        lastPrint = Date.now();
        console.log(`  ${done}/${N} judged after ${round((Date.now() - started) / 1000)} s`);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    const elapsedS = (Date.now() - started) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const machineMs = machineBusyMs() - busy0;
    const outcome: { status: number; n: number }[] = await t.dataSource.query(
      `SELECT status, COUNT(*)::int AS n FROM judge WHERE submit_id = ANY($1) GROUP BY status ORDER BY status`,
      [ids],
    );
    sites.send({ type: 'runs' });
    const { codes } = await message<{ codes: string[] }>('runs');
    const perSubmission = new Map<string, number>();
    for (const code of codes) {
      const token = /bench (\d+)/.exec(code)?.[1];
      if (token) perSubmission.set(token, (perSubmission.get(token) ?? 0) + 1);
    }
    const judgedTwice = [...perSubmission.values()].filter((n) => n > 1).length;
    const lost = N - done;
    const perSec = N / elapsedS;
    const metrics = t.get<MetricsService>(MetricsService);
    const waitP50 = await histogramQuantile(metrics, 0.5);
    const waitP95 = await histogramQuantile(metrics, 0.95);
    const cpuMsPerSubmission = (cpu.user + cpu.system) / 1000 / N;
    const pctOfCeiling = (perSec / ceiling) * 100;

    console.log(`  verdicts: ${outcome.map((o) => `${o.status}: ${o.n}`).join(', ')}`);
    console.log(
      `  judged ${done}/${N} in ${round(elapsedS)} s: ${round(perSec, 3)} submissions/s, ${round(pctOfCeiling)} % of the accounts' ceiling (goal >= 90 %)`,
    );
    console.log(`  waited for an account: p50 ${round(waitP50, 2)} s, p95 ${round(waitP95, 2)} s`);
    console.log(
      `  backend CPU: ${round(cpuMsPerSubmission, 2)} ms per submission (this process); machine busy ${round(machineMs / N, 1)} ms per submission (all processes)`,
    );
    console.log(`  lost: ${lost}, judged twice: ${judgedTwice} (goal: 0 and 0); site runs received: ${codes.length}`);
    console.log(
      JSON.stringify({
        submissions: N,
        accounts,
        perSec: round(perSec, 3),
        ceilingPerSec: round(ceiling, 3),
        pctOfCeiling: round(pctOfCeiling),
        accountWaitP50S: round(waitP50, 2),
        accountWaitP95S: round(waitP95, 2),
        cpuMsPerSubmission: round(cpuMsPerSubmission, 2),
        lost,
        judgedTwice,
      }),
    );
    if (lost || judgedTwice) process.exitCode = 1;
  } finally {
    await t?.close();
    sites.send({ type: 'stop' });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
