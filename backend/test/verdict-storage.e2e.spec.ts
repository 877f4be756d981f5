/**
 * Issue 39, item 1: no verdict is lost to what a program prints. A NUL byte in a program's output used to fail the
 * verdict's transaction (`invalid byte sequence for encoding "UTF8": 0x00`), leave the submission Judging for good and
 * make every later sweep fail on that row, so no other lost submission was recovered.
 */
import Bull from 'bull';
import Redis from 'ioredis';
import { JUDGE_QUEUE, JudgeResult, JudgeStatus } from '@oj/contracts';
import { JudgeQueueService } from '../src/modules/judge-queue/judge-queue.service';
import { JudgeResultService } from '../src/modules/judge/judge-result.service';
import { JudgeSweeperService } from '../src/modules/judge/judge-sweeper.service';
import {
  aPlusBCases,
  hojZip,
  importHoj,
  removeJudgeCache,
  RunningWorker,
  setSubmitInterval,
  startInProcessWorker,
  submit,
  waitVerdict,
} from './fixtures/pipeline-helpers';
import { createTestApp, TestApp } from './utils/test-app';

jest.setTimeout(180_000);

/** Prints the sum with a NUL byte after it: Wrong Answer, whose output is stored with the NUL shown as U+2400. */
const C_NUL_OUTPUT =
  '#include <stdio.h>\nint main(void){long a,b;scanf("%ld %ld",&a,&b);printf("%ld",a+b);putchar(0);putchar(10);return 0;}\n';
/** DOMjudge's test-binary-output.c in spirit: every byte value, then nothing else. */
const C_BINARY_OUTPUT = '#include <stdio.h>\nint main(void){for(int i=0;i<256;i++)putchar(i);return 0;}\n';

describe('verdicts whatever the program printed', () => {
  let t: TestApp;
  let worker: RunningWorker | undefined;
  const queue = () => t.get<JudgeQueueService>(JudgeQueueService).queue;
  const sweeper = () => t.get<JudgeSweeperService>(JudgeSweeperService);
  const row = async (submitId: number) =>
    (await t.dataSource.query(`SELECT status, counted, error_message FROM judge WHERE submit_id = $1`, [submitId]))[0] as {
      status: number;
      counted: boolean;
      error_message: string | null;
    };
  const age = (ids: number[]) =>
    t.dataSource.query(`UPDATE judge SET gmt_modified = now() - interval '1 hour' WHERE submit_id = ANY($1)`, [ids]);
  const newSubmission = async () => {
    const res = await submit(t, t.users.user.token, 'NUL', 'C', C_NUL_OUTPUT);
    expect(res.body.status).toBe(200);
    return res.body.data.submitId as number;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await setSubmitInterval(t, 0);
    const zip = await hojZip([{ problemId: 'NUL', title: 'A+B', cases: aPlusBCases(2), languages: ['C'] }]);
    expect((await importHoj(t, t.users.admin.token, zip)).body).toMatchObject({ status: 200 });
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    removeJudgeCache();
  });

  describe('without a worker', () => {
    it('stores a finished job whose result holds NUL bytes when the sweep collects it', async () => {
      const submitId = await newSubmission();
      const result: JudgeResult = {
        status: JudgeStatus.WrongAnswer,
        time: 1,
        memory: 1,
        score: 0,
        errorMessage: 'checker said \u0000',
        judger: 'j\u0000',
        cases: [{ caseId: 1, status: JudgeStatus.WrongAnswer, time: 1, memory: 1, score: 0, message: 'a\u0000b', outputHead: '3\u0000\n' }],
      };
      // Finished as a worker finishes it (another Bull client takes and completes it), while no replica hears the
      // event: the backend's listener is off until the sweep has run, so the sweep is what collects it.
      const listeners = queue().listeners('global:completed');
      queue().removeAllListeners('global:completed');
      const taker = new Bull(JUDGE_QUEUE, t.config.redis.url, { prefix: t.config.bull.prefix });
      try {
        const job = (await taker.getNextJob())!;
        expect(job.id).toBe(String(submitId));
        await job.moveToCompleted(result as unknown as string, true, true);
        await age([submitId]);
        expect(await sweeper().sweep()).toBe(1);
      } finally {
        await taker.close();
        for (const l of listeners) queue().on('global:completed', l as (...args: unknown[]) => void);
      }
      expect(await row(submitId)).toEqual({ status: JudgeStatus.WrongAnswer, counted: true, error_message: 'checker said \u2400' });
      const cases = await t.dataSource.query(`SELECT message, user_output FROM judge_case WHERE submit_id = $1`, [submitId]);
      expect(cases).toEqual([{ message: 'a\u2400b', user_output: '3\u2400\n' }]);
    });

    it('recovers a lost submission while another row cannot be handled', async () => {
      const bad = await newSubmission();
      const lost = await newSubmission();
      expect(bad).toBeLessThan(lost);
      // The bad row's job can no longer be read back (its data is not JSON): getJob throws for it.
      const key = `${t.config.bull.prefix}:${JUDGE_QUEUE}:${bad}`;
      // The app's client prefixes its keys; Bull's are written without that prefix.
      const redis = new Redis(t.config.redis.url);
      const data = await redis.hget(key, 'data');
      await redis.hset(key, 'data', '{not json');
      await (await queue().getJob(String(lost)))!.remove();
      await age([bad, lost]);
      try {
        await expect(queue().getJob(String(bad))).rejects.toThrow();
        expect(await sweeper().sweep()).toBe(1);
        expect((await queue().getJob(String(lost)))?.data.submissionId).toBe(lost);
        expect((await row(bad)).counted).toBe(false);
      } finally {
        await redis.hset(key, 'data', data!);
        redis.disconnect();
      }
      // Judged later by the worker below; the other tests wait for them.
    });

    it('writes a result the database refuses as System Error with the reason', async () => {
      const submitId = await newSubmission();
      await (await queue().getJob(String(submitId)))!.remove();
      // A score past PostgreSQL's integer: the first write fails for its data, never for the database's health.
      const wrote = await t.get<JudgeResultService>(JudgeResultService).apply(submitId, 0, {
        status: JudgeStatus.Accepted,
        time: 1,
        memory: 1,
        score: 1e12,
        cases: [],
      });
      expect(wrote).toBe(true);
      const stored = await row(submitId);
      expect(stored).toMatchObject({ status: JudgeStatus.SystemError, counted: true });
      expect(stored.error_message).toMatch(/^The judge's result could not be stored: .*out of range/);
    });
  });

  describe('with a worker', () => {
    beforeAll(async () => {
      worker = await startInProcessWorker(t, `verdict-storage-${process.pid}`, 1);
    });

    it.each([
      ['a NUL byte after the answer', C_NUL_OUTPUT, /^\d+\u2400\n$/],
      ['every byte value', C_BINARY_OUTPUT, null],
    ])('judges a C program printing %s', async (_name, code, head) => {
      const res = await submit(t, t.users.user.token, 'NUL', 'C', code);
      const verdict = await waitVerdict(t, t.users.user.token, res.body.data.submitId);
      expect(verdict.status).toBe(JudgeStatus.WrongAnswer);
      const cases: { user_output: string }[] = await t.dataSource.query(`SELECT user_output FROM judge_case WHERE submit_id = $1`, [
        res.body.data.submitId,
      ]);
      expect(cases).toHaveLength(1);
      if (head) expect(cases[0].user_output).toMatch(head);
      else expect(cases[0].user_output).toContain('\u2400');
    });

    it('leaves no submission unfinished', async () => {
      const end = Date.now() + 60_000;
      for (;;) {
        const open = await t.dataSource.query(`SELECT submit_id FROM judge WHERE counted = false`);
        if (open.length === 0) break;
        if (Date.now() > end) throw new Error(`unfinished: ${JSON.stringify(open)}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    });
  });
});
