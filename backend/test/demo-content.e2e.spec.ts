/**
 * First run (issue 20): the demo content is made once, into an empty site only, through the admin services;
 * its problems are really judged (A + B in several languages, the special judge, the interactor); and the
 * judgings show in the backend's and the worker's metrics.
 */
import { ContestStatus, JUDGING_ERR, JudgeStatus } from '@oj/contracts';
import { get as httpGet } from 'http';
import request from 'supertest';
import { A_PLUS_B_CASES } from '../src/modules/demo/demo-problems';
import { DemoContentService } from '../src/modules/demo/demo-content.service';
import { ProblemService } from '../src/modules/problem/problem.service';
import { AnnouncementService } from '../src/modules/site/announcement.service';
import {
  A_PLUS_B_SOLUTIONS,
  CIRCLE_AREA_ROUGH,
  CIRCLE_AREA_SOLUTION,
  GUESS_NUMBER_SOLUTION,
  LANGUAGES_WITHOUT_SOLUTION,
} from './fixtures/demo-solutions';
import { removeJudgeCache, RunningWorker, setSubmitInterval, startInProcessWorker, submit, waitVerdict } from './fixtures/pipeline-helpers';
import { createTestApp, TestApp } from './utils/test-app';

jest.setTimeout(300_000);

function fetchText(url: string): Promise<string> {
  return new Promise((resolve, reject) =>
    httpGet(url, (res) => {
      let data = '';
      res.on('data', (d: Buffer) => (data += d.toString()));
      res.on('end', () => resolve(data));
    }).on('error', reject),
  );
}

it('keeps an A + B reference solution for every language of the judge', () => {
  expect(LANGUAGES_WITHOUT_SOLUTION).toEqual([]);
  expect(Object.keys(A_PLUS_B_SOLUTIONS).length).toBeGreaterThanOrEqual(30);
  expect(A_PLUS_B_CASES.at(-1)).toEqual({ input: '1000000000 1000000000\n', output: '2000000000\n' });
});

describe('demo content', () => {
  let t: TestApp;
  let worker: RunningWorker;
  let demo: DemoContentService;
  let user: { token: string };

  beforeAll(async () => {
    t = await createTestApp({ onlyRoot: true });
    demo = t.get(DemoContentService);
    worker = await startInProcessWorker(t, `demo-${process.pid}`, 2, 42_000 + (process.pid % 20_000));
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    removeJudgeCache();
  });

  it('is not made by an app started without DEMO=1 (tests, CI, replicas)', async () => {
    expect(t.config.demo).toBe(false);
    expect(await demo.marker()).toBeNull();
    const rows: { n: string }[] = await t.dataSource.query('SELECT count(*) AS n FROM problem');
    expect(rows[0].n).toBe('0');
  });

  it('undoes what it made when a later step fails, so that the retry finds the site empty (issue 30)', async () => {
    // The last step fails: the three problems, the contest and the training made before it are taken back.
    const spy = jest.spyOn(t.get<AnnouncementService>(AnnouncementService), 'create').mockRejectedValueOnce(new Error('a failing step'));
    await expect(demo.seedIfEmpty()).rejects.toThrow('a failing step');
    spy.mockRestore();
    const counts: { n: string }[] = await t.dataSource.query(
      `SELECT (SELECT count(*) FROM problem) + (SELECT count(*) FROM contest) + (SELECT count(*) FROM training)
        + (SELECT count(*) FROM training_category) + (SELECT count(*) FROM announcement) AS n`,
    );
    expect(counts[0].n).toBe('0');
    expect(await demo.siteIsEmpty()).toBe(true);
    expect(await demo.marker()).toBeNull();
  });

  it('tries four times when the checker compiles run out of time (a busy judge), twice on any other failure', async () => {
    // What `npm start` runs on an empty site (seedInBackground, DEMO=1): the attempts, counted on the compile checks.
    const attempts = async (failure: string) => {
      const spy = jest.spyOn(t.get<ProblemService>(ProblemService), 'assertCheckerCompiles').mockRejectedValue(new Error(failure));
      try {
        await (demo as unknown as { seedWhenJudged(): Promise<void> }).seedWhenJudged();
        // Two compile checks (special judge and interactor) per attempt.
        return spy.mock.calls.length / 2;
      } finally {
        spy.mockRestore();
      }
    };
    expect(await attempts(JUDGING_ERR.spjCompileTimeout)).toBe(4);
    expect(await attempts('Special judge code compilation failed!')).toBe(2);
    expect(await demo.siteIsEmpty()).toBe(true);
  });

  it('is made once into the empty site, and never again', async () => {
    const first = await demo.seedIfEmpty();
    if (!('created' in first)) throw new Error(`not created: ${first.skipped}`);
    expect(first.created.problems.map((p) => [p.problemId, p.title])).toEqual([
      ['1000', 'A + B'],
      ['1001', 'Circle Area'],
      ['1002', 'Guess the Number'],
    ]);
    expect(await demo.seedIfEmpty()).toEqual({ skipped: 'done before' });
    // Deleted marker (or content made by hand): the site is not empty, nothing is added.
    await t.dataSource.query(`DELETE FROM site_config WHERE key = 'demo-content'`);
    expect(await demo.seedIfEmpty()).toEqual({ skipped: 'site not empty' });
    const rows: { n: string }[] = await t.dataSource.query('SELECT count(*) AS n FROM problem');
    expect(rows[0].n).toBe('3');
  });

  it('shows the problems, a running ACM contest with them, a training and an announcement', async () => {
    user = await t.createUser('demo_user');
    const problems = await request(t.url).get('/api/get-problem-list').query({ limit: 10 }).expect(200);
    expect(problems.body.data.records.map((p: { problemId: string }) => p.problemId).sort()).toEqual(['1000', '1001', '1002']);
    const detail = await request(t.url).get('/api/get-problem-detail').query({ problemId: '1001' }).expect(200);
    expect(detail.body.data.problem).toMatchObject({ title: 'Circle Area', judgeMode: 'spj' });
    const contests = await request(t.url).get('/api/get-contest-list').expect(200);
    expect(contests.body.data.records).toHaveLength(1);
    expect(contests.body.data.records[0]).toMatchObject({ title: 'Demo Contest (ACM)', type: 0, auth: 0, status: ContestStatus.Running });
    const cid = contests.body.data.records[0].id;
    const cps = await request(t.url).get('/api/get-contest-problem').query({ cid }).set('Authorization', user.token).expect(200);
    expect(cps.body.data.map((p: { displayId: string }) => p.displayId)).toEqual(['A', 'B', 'C']);
    const trainings = await request(t.url).get('/api/get-training-list').expect(200);
    expect(trainings.body.data.records.map((x: { title: string; problemCount: number }) => [x.title, x.problemCount])).toEqual([
      ['Getting Started', 3],
    ]);
    // Issue 32: the training's problems go by their bank ids (HOJ's client opens get-problem-detail?problemId= with
    // them, as trainings made in the admin screens do), and it has a category (HOJ's admin needs one to save it).
    const tid = trainings.body.data.records[0].id;
    const tps = await request(t.url).get('/api/get-training-problem-list').query({ tid }).set('Authorization', user.token).expect(200);
    expect(tps.body.data.map((p: { problemId: string }) => p.problemId)).toEqual(['1000', '1001', '1002']);
    for (const p of tps.body.data) await request(t.url).get('/api/get-problem-detail').query({ problemId: p.problemId }).expect(200);
    const edited = await request(t.url).get('/api/admin/training').query({ tid }).set('Authorization', t.users.root.token).expect(200);
    expect(edited.body.data.trainingCategory).toMatchObject({ id: expect.any(Number), name: 'Basics' });
    const news = await request(t.url).get('/api/get-common-announcement').expect(200);
    expect(news.body.data.records.map((a: { title: string }) => a.title)).toEqual(['Welcome to your online judge']);
  });

  /** A few languages by default; DEMO_ALL_LANGUAGES=1 judges the reference solution of every language (minutes). */
  const JUDGED =
    process.env.DEMO_ALL_LANGUAGES === '1'
      ? Object.keys(A_PLUS_B_SOLUTIONS)
      : ['C++ 17 With O2', 'Python3', 'Java', 'JavaScript Node', 'Golang'];

  it.each(JUDGED)('accepts the A + B reference solution in %s', async (language) => {
    await setSubmitInterval(t, 0);
    const res = await submit(t, user.token, '1000', language, A_PLUS_B_SOLUTIONS[language]);
    expect(res.body.status).toBe(200);
    const verdict = await waitVerdict(t, user.token, res.body.data.submitId, 180_000);
    expect({ language, status: verdict.status }).toEqual({ language, status: JudgeStatus.Accepted });
  });

  it('judges Circle Area with its special judge: within 1e-6 accepted, two decimals wrong', async () => {
    const ok = await submit(t, user.token, '1001', CIRCLE_AREA_SOLUTION.language, CIRCLE_AREA_SOLUTION.code);
    expect((await waitVerdict(t, user.token, ok.body.data.submitId, 120_000)).status).toBe(JudgeStatus.Accepted);
    const rough = await submit(t, user.token, '1001', CIRCLE_AREA_ROUGH.language, CIRCLE_AREA_ROUGH.code);
    expect((await waitVerdict(t, user.token, rough.body.data.submitId, 120_000)).status).toBe(JudgeStatus.WrongAnswer);
  });

  it('judges Guess the Number through its interactor', async () => {
    const res = await submit(t, user.token, '1002', GUESS_NUMBER_SOLUTION.language, GUESS_NUMBER_SOLUTION.code);
    expect((await waitVerdict(t, user.token, res.body.data.submitId, 120_000)).status).toBe(JudgeStatus.Accepted);
  });

  it('counts the verdicts and judge times in the backend metrics and in the worker metrics', async () => {
    const res = await request(t.url).get('/metrics').set('Authorization', `Bearer ${t.config.metrics.token}`).expect(200);
    expect(res.text).toMatch(/oj_judge_verdicts_total\{language="Python3",verdict="AC"\} 2/);
    expect(res.text).toMatch(/oj_judge_verdicts_total\{language="Python3",verdict="WA"\} 1/);
    expect(res.text).toMatch(/oj_judge_duration_seconds_count\{language="Java"\} 1/);
    // Every judged submission: the A + B ones, two Circle Area, one Guess the Number.
    expect(res.text).toContain(`oj_judge_queue_wait_seconds_count ${JUDGED.length + 3}`);
    const own = await fetchText(`http://127.0.0.1:${worker.metricsPort}/metrics`);
    expect(own).toMatch(/oj_worker_jobs_total\{[^}]*kind="judge",language="Golang",verdict="AC"[^}]*\} 1/);
    // The compile checks of each seeding: checker and interactor before anything is made, then both again as saved
    // (answered from the worker's checker cache); two seedings made them (the one undone, then the real one).
    expect(own).toMatch(/oj_worker_jobs_total\{[^}]*kind="compile-check",language="C\+\+ 17 With O2",verdict="none"[^}]*\} 8/);
    expect(own).toMatch(/oj_worker_job_duration_seconds_count\{[^}]*kind="judge",language="Python3"[^}]*\} 3/);
  });
});
