/**
 * `npm run bench:exam`: an exam of 50 questions (choice, judge, blank, answer) and 2 programming problems, 2,000
 * candidates in a fresh PostgreSQL database, served by the real app. Every candidate saves every answer once
 * through `POST /api/submit-question` within 60 s over 100 connections (the load comes from a child process, each
 * request as its candidate, with its token, at random moments over the minute; latencies count from when each
 * save was due: bench/paced-load.ts; before the saves every candidate opens the paper, as the exam page does);
 * then the exam ends and every paper is scored
 * (PaperScoringService.scorePapers, as the clock's end sweep does). Prints the parts on stderr; the last line is
 * `{"candidates","answers","saveP99Ms","saveMeanMs","saveReqPerSec","loadSeconds","scoreAllMs","scoreAllMedianMs","papers"}`.
 * Goals (issue 14): p99 < 50 ms; every paper scored < 2 s.
 *
 * Scale: EXAM_BENCH_CANDIDATES (2000), EXAM_BENCH_ANSWERS (questions, 50), EXAM_BENCH_SECONDS (60: the answers are
 * paced to arrive over this time), EXAM_BENCH_CONNECTIONS (100), EXAM_BENCH_PROGRAM_TRIES (3 judged submissions per
 * candidate), EXAM_BENCH_SEED_ANSWERS=1 (no HTTP load: the answers are written by SQL, for the scoring figure alone at
 * full scale; saveP99Ms is then null). Environment as the other benches: BENCH_DATABASE_URL (or DATABASE_URL), REDIS_URL, BENCH_CPU_PROFILE.
 */
import 'reflect-metadata';
import { INestApplication } from '@nestjs/common';
import {
  ContestAuth,
  ContestType,
  JudgeStatus,
  OiScoreType,
  QuestionType,
  choiceLetter,
  encodeBlankAnswer,
  encodeBlankRightAnswer,
} from '@oj/contracts';
import { spawn } from 'child_process';
import { randomBytes } from 'crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import * as path from 'path';
import { monitorEventLoopDelay } from 'perf_hooks';
import { DataSource } from 'typeorm';
import { TokenService } from '../core/auth/token.service';
import { Exam } from '../modules/exam/entities/exam.entity';
import { ExamAccessService } from '../modules/exam/exam-access.service';
import { ExamItemsService } from '../modules/exam/exam-items.service';
import { PaperScoringService } from '../modules/exam/scoring/paper-scoring.service';
import { UserService } from '../modules/user/user.service';
import { PacedResult, pacedLoad } from './paced-load';
import { adminQuery, deleteRedisKeys, startBenchApp, startProfile, useBenchEnvironment } from './bench-utils';

const num = (name: string, dflt: number) => Math.max(1, Math.floor(Number(process.env[name]) || dflt));
const CANDIDATES = num('EXAM_BENCH_CANDIDATES', 2_000);
const ANSWERS = num('EXAM_BENCH_ANSWERS', 50);
const SECONDS = num('EXAM_BENCH_SECONDS', 60);
const CONNECTIONS = num('EXAM_BENCH_CONNECTIONS', 100);
const PROGRAM_TRIES = Number(process.env.EXAM_BENCH_PROGRAM_TRIES ?? 3);
const SEED_ANSWERS = process.env.EXAM_BENCH_SEED_ANSWERS === '1';

const serverUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

const log = (msg: string) => process.stderr.write(msg + '\n');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

interface BenchQuestion {
  qid: number;
  type: QuestionType;
  multiple: boolean;
}

/** What the load child needs: one request per (candidate, question), in candidate-major rotation. */
interface LoadPlan {
  /** 'open': every candidate opens the paper (not measured); 'save': the measured saves. */
  phase: 'open' | 'save';
  url: string;
  eid: number;
  tokens: string[];
  questions: BenchQuestion[];
  connections: number;
  amount: number;
  rate: number;
}

/** The answer a candidate gives: right about half the time, of the question's form. */
function answerFor(q: BenchQuestion, i: number): string {
  switch (q.type) {
    case QuestionType.Choice:
      return q.multiple ? ['A', 'AC', 'ABC', 'C'][i % 4] : choiceLetter(i % 4);
    case QuestionType.Judge:
      return i % 2 ? 'true' : 'false';
    case QuestionType.Blank:
      return encodeBlankAnswer([i % 2 ? ' Paris ' : 'London', i % 3 ? '42' : 'forty two']);
    default:
      return `An answer of candidate ${i}: `.repeat(8);
  }
}

/**
 * The load child, in its own process (as real clients): the answers paced over the run at random moments
 * (bench/paced-load.ts), each request as the next candidate with their token.
 */
async function runLoadChild(planFile: string): Promise<void> {
  const plan = JSON.parse(readFileSync(planFile, 'utf8')) as LoadPlan;
  const c = plan.tokens.length;
  if (plan.phase === 'open') {
    // Every candidate opens the paper (its question list and the answered marks), as the exam page does before
    // any answer is saved: shown, not measured against the goal.
    const opened = await pacedLoad({
      url: plan.url,
      connections: plan.connections,
      amount: 2 * c,
      rate: Math.max(100, c / 10),
      request: (n) => ({
        method: 'GET',
        path: `/api/${n % 2 ? 'get-exam-question-status' : 'get-exam-question-list'}?eid=${plan.eid}`,
        headers: { authorization: plan.tokens[Math.floor(n / 2)] },
      }),
    });
    process.stdout.write(JSON.stringify(opened));
    return;
  }
  const result = await pacedLoad({
    url: plan.url,
    connections: plan.connections,
    amount: plan.amount,
    rate: plan.rate,
    request: (n) => {
      const candidate = n % c;
      const q = plan.questions[Math.floor(n / c) % plan.questions.length];
      return {
        method: 'POST',
        path: '/api/submit-question',
        headers: { 'content-type': 'application/json', authorization: plan.tokens[candidate] },
        body: JSON.stringify({ eid: plan.eid, questionId: q.qid, answer: answerFor(q, candidate + q.qid) }),
      };
    },
  });
  process.stdout.write(JSON.stringify(result));
}

function loadFromChild(plan: LoadPlan, dir: string): Promise<PacedResult> {
  const file = path.join(dir, 'exam-load.json');
  writeFileSync(file, JSON.stringify(plan));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [__filename], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, EXAM_BENCH_LOAD_PLAN: file },
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`load child exited with ${code}`))));
  });
}

async function seed(db: DataSource, ownerUid: string): Promise<{ exam: Exam; questions: BenchQuestion[]; uids: string[] }> {
  const t0 = performance.now();
  const users: { uid: string }[] = await db.query(
    `INSERT INTO user_info (uid, username, password, nickname, realname, school)
     SELECT md5('exam' || g), 'cand_' || g, 'x', 'nick ' || g, 'Real ' || g, 'School ' || (g % 100)
       FROM generate_series(1, $1::int) g RETURNING uid`,
    [CANDIDATES],
  );
  const now = Date.now();
  const exam = await db.getRepository(Exam).save({
    uid: ownerUid,
    author: 'root',
    title: 'Exam benchmark',
    type: ContestType.OI,
    auth: ContestAuth.Protected,
    pwd: 'bench',
    startTime: new Date(now - 60_000),
    endTime: new Date(now + 3_600_000),
    duration: 3_660,
    rankScoreType: OiScoreType.Highest,
  });
  await db.query(`INSERT INTO exam_register (eid, uid) SELECT $1, unnest($2::varchar[])`, [exam.id, users.map((u) => u.uid)]);
  // 40 % choice (half multiple), 20 % judge, 30 % blank, 10 % answer.
  const questions: BenchQuestion[] = [];
  for (let k = 0; k < ANSWERS; k++) {
    const r = k % 10;
    const type = r < 4 ? QuestionType.Choice : r < 6 ? QuestionType.Judge : r < 9 ? QuestionType.Blank : QuestionType.Answer;
    const multiple = type === QuestionType.Choice && r % 2 === 1;
    const choices =
      type === QuestionType.Choice ? [0, 1, 2, 3].map((c) => ({ content: `choice ${c}`, status: multiple ? c % 2 === 0 : c === 1 })) : [];
    const rightAnswer =
      type === QuestionType.Choice
        ? choices.map((c, i) => (c.status ? choiceLetter(i) : '')).join('')
        : type === QuestionType.Judge
          ? 'true'
          : type === QuestionType.Blank
            ? encodeBlankRightAnswer([['Paris'], ['42', 'forty-two']])
            : 'reference';
    const [row]: { id: number }[] = await db.query(
      `INSERT INTO question (display_id, type, multiple, description, choices, right_answer, uid, author, auth)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, 'root', 3) RETURNING id`,
      [`EB-${exam.id}-${k}`, type, multiple, `Question ${k}`, JSON.stringify(choices), rightAnswer, ownerUid],
    );
    await db.query(`INSERT INTO exam_question (eid, qid, display_id, score) VALUES ($1, $2, $3, $4)`, [
      exam.id,
      row.id,
      `Q${k + 1}`,
      type === QuestionType.Answer ? 10 : 2,
    ]);
    questions.push({ qid: row.id, type, multiple });
  }
  const problems: { id: number }[] = await db.query(
    `INSERT INTO problem (problem_id, title, io_score) SELECT 'EBP-' || g, 'Problem ' || g, 100 FROM generate_series(1, 2) g RETURNING id`,
  );
  await db.query(
    `INSERT INTO exam_problem (eid, pid, display_id, display_title, score) SELECT $1, pid, 'P' || i, 'Problem', 20 FROM unnest($2::int[]) WITH ORDINALITY AS t(pid, i)`,
    [exam.id, problems.map((p) => p.id)],
  );
  if (PROGRAM_TRIES > 0)
    await db.query(
      `INSERT INTO judge (pid, display_pid, uid, username, submit_time, status, time, memory, score, length, code, language, cid, eid, counted)
       SELECT ($2::int[])[1 + (g % 2)], 'P' || (1 + g % 2), md5('exam' || (1 + g % $3::int)), 'cand_' || (1 + g % $3::int), now(),
              CASE WHEN random() < 0.3 THEN ${JudgeStatus.Accepted} ELSE ${JudgeStatus.PartialAccepted} END, 10, 1024, (random() * 100)::int, 100, '', 'C++', 0, $1, true
         FROM generate_series(1, $4::int) g`,
      [exam.id, problems.map((p) => p.id), CANDIDATES, CANDIDATES * PROGRAM_TRIES],
    );
  await db.query('ANALYZE user_info; ANALYZE judge; ANALYZE exam_register');
  log(
    `seeded ${CANDIDATES} candidates, ${ANSWERS} questions, 2 problems, ${CANDIDATES * PROGRAM_TRIES} exam submissions in ${Math.round(performance.now() - t0)} ms`,
  );
  return { exam, questions, uids: users.map((u) => u.uid) };
}

async function main(): Promise<void> {
  const id = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const database = `oj_bench_exam_${id}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'oj-bench-'));
  const redisPrefix = `bench:ex:${id}:`;
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = '/' + database;
  await adminQuery(serverUrl, `CREATE DATABASE "${database}"`);
  useBenchEnvironment({ dataDir, databaseUrl: dbUrl.toString(), redisUrl, redisPrefix, bullPrefix: `bench_ex_${id}` });
  let app: INestApplication | undefined;
  try {
    const started = await startBenchApp();
    app = started.app;
    const db = app.get(DataSource);
    const root = (await app.get(UserService).findByUsername('root'))!;
    const { exam, questions, uids } = await seed(db, root.uid);
    const tokens = app.get(TokenService);
    const total = CANDIDATES * ANSWERS;
    const plan: LoadPlan = {
      phase: 'save',
      url: `http://127.0.0.1:${started.port}`,
      eid: exam.id,
      tokens: uids.map((uid) => tokens.sign(uid, 0)),
      questions,
      connections: CONNECTIONS,
      amount: total,
      rate: Math.ceil(total / SECONDS),
    };
    let result: PacedResult | null = null;
    let loadMs = 0;
    if (SEED_ANSWERS) {
      const t0 = performance.now();
      await db.query(
        `INSERT INTO exam_answer (eid, qid, uid, answer, score)
         SELECT $1, q.qid, u.uid, 'seeded', CASE WHEN q.type = ${QuestionType.Answer} THEN NULL WHEN random() < 0.5 THEN 2 ELSE 0 END
           FROM unnest($2::int[], $3::int[]) AS q(qid, type) CROSS JOIN unnest($4::varchar[]) AS u(uid)`,
        [exam.id, questions.map((q) => q.qid), questions.map((q) => q.type), uids],
      );
      log(`seeded ${total} answers by SQL in ${Math.round(performance.now() - t0)} ms (no HTTP load)`);
    } else {
      log(`load: ${total} answers (${CANDIDATES} × ${ANSWERS}) paced at ${plan.rate} req/s over ${SECONDS} s, ${CONNECTIONS} connections`);
      const opened = await loadFromChild({ ...plan, phase: 'open' }, dataDir);
      log(
        `opening the paper first (${opened.requests.total} requests, not measured): p99 ${opened.latency.p99} ms, ` +
          `non-2xx ${opened.non2xx}, errors ${opened.errors}`,
      );
      const loopDelay = monitorEventLoopDelay({ resolution: 10 });
      loopDelay.enable();
      const profiler = await startProfile(log);
      const cpuBefore = process.cpuUsage();
      const loadStart = performance.now();
      result = await loadFromChild(plan, dataDir);
      loadMs = performance.now() - loadStart;
      loopDelay.disable();
      const cpu = process.cpuUsage(cpuBefore);
      await profiler?.();
      log(
        `submit-question: ${result.requests.total} requests, ${result.non2xx} non-2xx, ${result.errors} errors, mean ${result.latency.mean} ms, ` +
          `p99 ${result.latency.p99} ms, ${result.requests.average} req/s, ${(loadMs / 1000).toFixed(1)} s; server CPU ` +
          `${((cpu.user + cpu.system) / 1000 / Math.max(1, result.requests.total)).toFixed(2)} ms per request; ` +
          `event loop delay p99 ${(loopDelay.percentile(99) / 1e6).toFixed(0)} ms`,
      );
      const [{ n }] = (await db.query('SELECT COUNT(*)::int AS n FROM exam_answer WHERE eid = $1', [exam.id])) as { n: number }[];
      log(`answers stored: ${n} of ${total}`);
      if (result.failures.length) log(`failures: ${result.failures.join('; ')}`);
      if (result.non2xx || result.errors || n !== total) throw new Error('submit-question failed under load');
    }
    // The end: every paper scored, as the clock's end sweep does (first run, then the median of three).
    await db.query("UPDATE exam SET end_time = now() - interval '1 second', start_time = now() - interval '2 hours' WHERE id = $1", [
      exam.id,
    ]);
    app.get(ExamAccessService).forget(exam.id);
    app.get(ExamItemsService).forget(exam.id);
    const ended = (await db.getRepository(Exam).findOneByOrFail({ id: exam.id })) as Exam;
    const scoring = app.get(PaperScoringService);
    const runs: number[] = [];
    let papers = 0;
    for (let k = 0; k < 3; k++) {
      const t0 = performance.now();
      papers = await scoring.scorePapers(ended);
      runs.push(performance.now() - t0);
      log(`score every paper ${k + 1}: ${runs[k].toFixed(0)} ms (${papers} papers)`);
    }
    const [check] = (await db.query(
      'SELECT MIN(total_score)::int AS lo, MAX(total_score)::int AS hi, COUNT(*)::int AS n FROM exam_paper WHERE eid = $1',
      [exam.id],
    )) as {
      lo: number;
      hi: number;
      n: number;
    }[];
    log(`papers: ${check.n}, totals ${check.lo}..${check.hi}`);
    process.stdout.write(
      JSON.stringify({
        candidates: CANDIDATES,
        answers: total,
        saveP99Ms: result?.latency.p99 ?? null,
        saveMeanMs: result?.latency.mean ?? null,
        saveReqPerSec: result?.requests.average ?? null,
        loadSeconds: result ? Number((loadMs / 1000).toFixed(1)) : null,
        scoreAllMs: Math.round(runs[0]),
        scoreAllMedianMs: Math.round(median(runs)),
        papers,
      }) + '\n',
    );
  } finally {
    await app?.close().catch(() => undefined);
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => undefined);
    await deleteRedisKeys(redisUrl, [redisPrefix, `bench_ex_${id}:`]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const planFile = process.env.EXAM_BENCH_LOAD_PLAN;
(planFile ? runLoadChild(planFile) : main()).then(
  () => process.exit(0),
  (e: Error) => {
    log(e.stack ?? e.message);
    process.exit(1);
  },
);
