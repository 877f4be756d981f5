/**
 * `npm run bench:plagiarism`: a plagiarism check of 1,000 accepted C++ submissions of about 200 lines to one problem
 * (980 independent programs drawn from seeds and 20 disguised copies of some of them: names changed, comments and blank
 * lines put in, indentation redone; bench/plagiarism-corpus.ts), in a fresh PostgreSQL database, run by the real app:
 * started as an admin starts it, the job taken from the Bull queue, the programs read from the database, compared
 * in the worker thread, the pairs stored. It checks that exactly the 20 copies are found.
 *
 * Baseline, measured in the same run on the same programs: every pair compared directly (the sets of fingerprints of
 * the two programs intersected, 499,500 times), as a check without the fingerprint index would.
 * While the check runs, the backend's main thread is sampled (event loop delay): requests must not wait for it.
 *
 * Prints the parts on stderr; the last line is
 * `{"submissions","lines","checkMs","engineMs","baselineMs","pairsFound","copiesPlanted","falsePairs","loopDelayP99Ms"}`.
 * Goal (issue 35): checkMs < 60,000 on the 2-core machine.
 *
 * Scale: PLAGIARISM_BENCH_SUBMISSIONS (1000), PLAGIARISM_BENCH_LINES (200), PLAGIARISM_BENCH_COPIES (20).
 * Environment as the other benches: BENCH_DATABASE_URL (or DATABASE_URL), REDIS_URL.
 */
import 'reflect-metadata';
import { JudgeStatus, PlagiarismCheckStatus, PlagiarismScope, Role } from '@oj/contracts';
import { monitorEventLoopDelay } from 'perf_hooks';
import { DataSource } from 'typeorm';
import { AuthUser } from '../core/auth/auth-user';
import { fingerprints, TokenDictionary, winnowParams } from '../modules/plagiarism/engine/fingerprint';
import { tokenize } from '../modules/plagiarism/engine/tokenize';
import { PlagiarismService } from '../modules/plagiarism/plagiarism.service';
import { withBenchApp } from './bench-utils';
import { disguisedCopy, randomProgram } from './plagiarism-corpus';

const num = (name: string, dflt: number) => Math.max(1, Math.floor(Number(process.env[name]) || dflt));
const SUBMISSIONS = num('PLAGIARISM_BENCH_SUBMISSIONS', 1_000);
const LINES = num('PLAGIARISM_BENCH_LINES', 200);
const COPIES = Math.min(num('PLAGIARISM_BENCH_COPIES', 20), Math.floor(SUBMISSIONS / 2));

const log = (msg: string) => process.stderr.write(`${msg}\n`);

/** The programs: independent ones, then the copies (copy i is of program i). */
function corpus(): string[] {
  const independent = Array.from({ length: SUBMISSIONS - COPIES }, (_, i) => randomProgram(1_000 + i, LINES));
  const copies = Array.from({ length: COPIES }, (_, i) => disguisedCopy(independent[i], 50_000 + i));
  return [...independent, ...copies];
}

/** The baseline: every pair's fingerprint sets intersected directly; answers how many pairs reach the threshold. */
function directPairs(programs: string[], threshold: number): number {
  const dict = new TokenDictionary();
  const sets = programs.map((code) =>
    Uint32Array.from(new Set(fingerprints(tokenize(code, 'c'), dict, winnowParams('c')).map((f) => f.hash))).sort(),
  );
  let found = 0;
  for (let a = 0; a < sets.length; a++)
    for (let b = a + 1; b < sets.length; b++) {
      const x = sets[a];
      const y = sets[b];
      let i = 0;
      let j = 0;
      let shared = 0;
      while (i < x.length && j < y.length) {
        if (x[i] === y[j]) {
          shared++;
          i++;
          j++;
        } else if (x[i] < y[j]) i++;
        else j++;
      }
      if ((100 * shared) / x.length / 2 + (100 * shared) / y.length / 2 >= threshold) found++;
    }
  return found;
}

async function main(): Promise<void> {
  const programs = corpus();
  const lines = Math.round(programs.reduce((s, p) => s + p.split('\n').length, 0) / programs.length);
  log(`${programs.length} programs, ${lines} lines on average, ${COPIES} of them disguised copies`);

  const result = await withBenchApp('plag', async (app) => {
    const db = app.get(DataSource);
    const [{ id: pid }] = await db.query(`INSERT INTO problem (problem_id, title, author) VALUES ('PLAG-1', 'Bench', 'root') RETURNING id`);
    const [{ uid: rootUid, username: rootName }] = await db.query(`SELECT uid, username FROM user_info WHERE username = 'root'`);
    for (let i = 0; i < programs.length; i += 200) {
      const chunk = programs.slice(i, i + 200);
      const values: unknown[] = [];
      const rows = chunk.map((code, j) => {
        const n = i + j;
        values.push(pid, `bench-${n}`, `bench_${n}`, code.length, code);
        const o = j * 5;
        return `($${o + 1}, 'PLAG-1', $${o + 2}, $${o + 3}, ${JudgeStatus.Accepted}, $${o + 4}, $${o + 5}, 'C++ 17', 0, 0)`;
      });
      await db.query(
        `INSERT INTO judge (pid, display_pid, uid, username, status, length, code, language, cid, eid) VALUES ${rows.join(', ')}`,
        values,
      );
    }
    const root: AuthUser = {
      uid: rootUid,
      username: rootName,
      roleId: Role.Root,
      roleList: ['root'],
      status: 0,
      tokenVersion: 0,
      isRoot: true,
      isAdmin: true,
    };
    const checks = app.get(PlagiarismService);

    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const t0 = Date.now();
    const started = await checks.start(root, { scope: PlagiarismScope.Problem, id: pid, onlyAccepted: true });
    let view = started;
    while (view.status !== PlagiarismCheckStatus.Done && view.status !== PlagiarismCheckStatus.Failed) {
      await new Promise((r) => setTimeout(r, 100));
      view = await checks.check(started.id, root);
    }
    const checkMs = Date.now() - t0;
    loop.disable();
    if (view.status === PlagiarismCheckStatus.Failed) throw new Error(`the check failed: ${view.error}`);
    const pairs: { a: string; b: string }[] = await db.query(
      `SELECT a_username AS a, b_username AS b FROM plagiarism_pair WHERE check_id = $1`,
      [started.id],
    );
    const planted = new Set(Array.from({ length: COPIES }, (_, i) => `bench_${i}|bench_${SUBMISSIONS - COPIES + i}`));
    const falsePairs = pairs.filter((p) => !planted.has(`${p.a}|${p.b}`)).length;
    const copiesFound = pairs.length - falsePairs;
    log(`check: ${checkMs} ms from start to done (${view.ms} ms in the job), ${view.comparedPairs} pairs compared`);
    log(
      `found ${copiesFound} of ${COPIES} copies, ${falsePairs} other pairs; main thread delay p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms`,
    );
    return { checkMs, engineMs: view.ms, copiesFound, falsePairs, threshold: view.threshold, loopDelayP99Ms: loop.percentile(99) / 1e6 };
  });

  const b0 = Date.now();
  const baselinePairs = directPairs(programs, result.threshold);
  const baselineMs = Date.now() - b0;
  log(`baseline (every pair intersected directly): ${baselineMs} ms, ${baselinePairs} pairs at the threshold`);

  process.stdout.write(
    JSON.stringify({
      submissions: programs.length,
      lines,
      checkMs: result.checkMs,
      engineMs: result.engineMs,
      baselineMs,
      pairsFound: result.copiesFound + result.falsePairs,
      copiesPlanted: COPIES,
      falsePairs: result.falsePairs,
      loopDelayP99Ms: Math.round(result.loopDelayP99Ms * 10) / 10,
    }) + '\n',
  );
  if (result.copiesFound !== COPIES || result.falsePairs) process.exitCode = 1;
}

main().catch((e) => {
  process.stderr.write(`${(e as Error).stack}\n`);
  process.exit(1);
});
