/**
 * A checker or interactor compile that runs out of time (issue 30) answers its own text, not "compilation failed":
 * on a busy machine the same testlib checker compiles on the next try. The worker's checker limit is lowered here
 * (the real one, 60 s of wall clock, is what a loaded 2-core machine needs) so that the real demo checker and
 * interactor run out of it in a second or two.
 */
import { CHECKER_COMPILE_WALL_LIMIT_MS, ERR, JUDGING_ERR } from '@oj/contracts';
import type { Queue } from 'bull';
import request from 'supertest';
import { CHECKER_COMPILE_LIMITS } from '../../judge-sandbox/src';
import { JudgeQueueService } from '../src/modules/judge-queue/judge-queue.service';
import { CIRCLE_CHECKER, DEMO_CHECKER_LANGUAGE, GUESS_INTERACTOR } from '../src/modules/demo/demo-problems';
import { removeJudgeCache, RunningWorker, startInProcessWorker } from './fixtures/pipeline-helpers';
import { createTestApp, TestApp } from './utils/test-app';

jest.setTimeout(120_000);

describe('checker compile time limit', () => {
  let t: TestApp;
  let worker: RunningWorker;
  const real = { ...CHECKER_COMPILE_LIMITS };

  beforeAll(async () => {
    t = await createTestApp({ onlyRoot: true });
    worker = await startInProcessWorker(t, `compile-timeout-${process.pid}`, 1);
  });
  afterEach(() => Object.assign(CHECKER_COMPILE_LIMITS, real));
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    removeJudgeCache();
  });

  it('gives testlib checkers a minute of wall clock, above what a contestant compile gets', () => {
    expect(CHECKER_COMPILE_LIMITS.wallLimitMs).toBe(CHECKER_COMPILE_WALL_LIMIT_MS);
    expect(CHECKER_COMPILE_WALL_LIMIT_MS).toBe(60_000);
    expect(CHECKER_COMPILE_LIMITS.timeLimitMs).toBe(30_000);
  });

  it('answers the special judge timeout text, with the compiler note, when the checker compile runs out of time', async () => {
    Object.assign(CHECKER_COMPILE_LIMITS, { timeLimitMs: 1000, wallLimitMs: 1500 });
    const res = await request(t.url)
      .post('/api/admin/problem/compile-spj')
      .set('Authorization', t.users.root.token)
      .send({ language: DEMO_CHECKER_LANGUAGE, code: CIRCLE_CHECKER });
    expect([res.status, res.body.msg, res.body.msgCode]).toEqual([500, JUDGING_ERR.spjCompileTimeout, 'JUDGING_ERR.spjCompileTimeout']);
    expect(res.body.msg).not.toBe(ERR.spjCompileFailed);
    expect(res.body.data).toMatch(/^Compilation time limit exceeded/);
  });

  it('answers the interactor timeout text the same way', async () => {
    Object.assign(CHECKER_COMPILE_LIMITS, { timeLimitMs: 1000, wallLimitMs: 1500 });
    const res = await request(t.url)
      .post('/api/admin/problem/compile-interactive')
      .set('Authorization', t.users.root.token)
      .send({ language: DEMO_CHECKER_LANGUAGE, code: GUESS_INTERACTOR });
    expect([res.status, res.body.msg]).toEqual([500, JUDGING_ERR.interactiveCompileTimeout]);
    expect(res.body.data).toMatch(/^Compilation time limit exceeded/);
  });

  it('a worker that took the compile but has not answered when the backend stops waiting: a timeout too, not "no judge"', async () => {
    Object.assign(CHECKER_COMPILE_LIMITS, { timeLimitMs: 3000, wallLimitMs: 4000 });
    const queue = t.get<JudgeQueueService>(JudgeQueueService);
    const answer = await queue.compileCheck({ language: DEMO_CHECKER_LANGUAGE, code: CIRCLE_CHECKER, asChecker: true }, 1500);
    expect(answer).toEqual({ ok: false, timedOut: true, message: 'No answer from the judge server within 2 s' });
    // Let the worker finish it before the next test (its own limit ends it).
    await new Promise((r) => setTimeout(r, 3000));
  });

  it('reads a compile the worker answered before the backend began to wait (a checker from its cache): never "no judge"', async () => {
    const svc = t.get<JudgeQueueService>(JudgeQueueService);
    const bull = (svc as unknown as { queue: Queue }).queue;
    const add = bull.add.bind(bull) as (...a: unknown[]) => ReturnType<Queue['add']>;
    // Holds add()'s answer back until the worker is done with the job: the moment in which a fast answer used to be
    // lost (the job removed itself on completion, so job.finished() found nothing and waited for an event gone by).
    const spy = jest.spyOn(bull, 'add').mockImplementation((async (...args: unknown[]) => {
      const job = await add(...args);
      for (let i = 0; i < 1200; i++) {
        const j = await bull.getJob(job.id);
        const state = j ? await j.getState() : 'gone';
        if (state === 'completed' || state === 'failed' || state === 'gone') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      return job;
    }) as unknown as Queue['add']);
    try {
      const answer = await svc.compileCheck({ language: DEMO_CHECKER_LANGUAGE, code: CIRCLE_CHECKER, asChecker: true }, 5000);
      expect(answer).toMatchObject({ ok: true });
    } finally {
      spy.mockRestore();
    }
  });
});
