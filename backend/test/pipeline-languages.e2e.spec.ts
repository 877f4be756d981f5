/**
 * Judge breadth through the whole pipeline (HTTP → Bull → worker → verdict): languages beyond the
 * first five, the float-tolerance comparison set per problem in the admin editor, and the
 * languages call with the versions and factors the worker announces.
 */
import { JudgeStatus, LanguageInfo } from '@oj/contracts';
import request from 'supertest';
import { removeJudgeCache, RunningWorker, setSubmitInterval, startInProcessWorker, submit, waitVerdict } from './fixtures/pipeline-helpers';
import { createTestApp, TestApp } from './utils/test-app';

jest.setTimeout(240_000);

describe('judging pipeline: languages and float tolerance', () => {
  let t: TestApp;
  let worker: RunningWorker;
  let pid: number;
  const admin = () => t.users.admin.token;

  function body(problem: Record<string, unknown>, samples?: { input: string; output: string }[]) {
    return {
      problem: {
        problemId: 'DIV',
        title: 'Divide',
        description: 'a / b',
        timeLimit: 2000,
        memoryLimit: 256,
        stackLimit: 64,
        auth: 1,
        type: 0,
        ...problem,
      },
      ...(samples ? { samples } : {}),
      isUploadTestCase: false,
      languages: [],
      tags: [],
      codeTemplates: [],
    };
  }

  beforeAll(async () => {
    t = await createTestApp();
    await setSubmitInterval(t, 0);
    worker = await startInProcessWorker(t, `judge-breadth-${process.pid}`, 2);
    const res = await request(t.url)
      .post('/api/admin/problem')
      .set('Authorization', admin())
      .send(
        body({ floatAbsTolerance: 1e-6 }, [
          { input: '1 3\n', output: '0.333333333333\n' },
          { input: '10 4\n', output: '2.5\n' },
        ]),
      );
    expect(res.body.status).toBe(200);
    pid = res.body.data.id;
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    removeJudgeCache();
  });

  it('stores the tolerance and gives it back to the editor; a negative one is refused and changes nothing', async () => {
    const detail = await request(t.url).get('/api/admin/problem').query({ pid }).set('Authorization', admin());
    expect(detail.body.data).toMatchObject({ floatAbsTolerance: 1e-6, floatRelTolerance: null });
    const bad = await request(t.url)
      .put('/api/admin/problem')
      .set('Authorization', admin())
      .send(body({ id: pid, floatRelTolerance: -1 }));
    expect(bad.body.status).toBe(400);
    const again = await request(t.url).get('/api/admin/problem').query({ pid }).set('Authorization', admin());
    expect(again.body.data).toMatchObject({ floatAbsTolerance: 1e-6, floatRelTolerance: null });
  });

  const DIV_C = (fmt: string) => `#include <stdio.h>\nint main(){ double a,b; scanf("%lf %lf",&a,&b); printf("${fmt}\\n", a/b); }`;

  it('accepts an answer within the tolerance and refuses one beyond it', async () => {
    const ok = await submit(t, t.users.user.token, 'DIV', 'C', DIV_C('%.9f'));
    expect((await waitVerdict(t, t.users.user.token, ok.body.data.submitId)).status).toBe(JudgeStatus.Accepted);
    const rough = await submit(t, t.users.user.token, 'DIV', 'C', DIV_C('%.2f'));
    expect((await waitVerdict(t, t.users.user.token, rough.body.data.submitId)).status).toBe(JudgeStatus.WrongAnswer);
  });

  it('compares exactly again once the tolerance is cleared', async () => {
    const res = await request(t.url)
      .put('/api/admin/problem')
      .set('Authorization', admin())
      .send(body({ id: pid, floatAbsTolerance: null }));
    expect(res.body.status).toBe(200);
    const r = await submit(t, t.users.user.token, 'DIV', 'C', DIV_C('%.9f'));
    expect((await waitVerdict(t, t.users.user.token, r.body.data.submitId)).status).toBe(JudgeStatus.WrongAnswer);
    await request(t.url)
      .put('/api/admin/problem')
      .set('Authorization', admin())
      .send(body({ id: pid, floatAbsTolerance: 1e-6 }));
  });

  const PROGRAMS: [string, string, number][] = [
    [
      'Golang',
      'package main\nimport "fmt"\nfunc main() { var a, b float64; fmt.Scan(&a, &b); fmt.Printf("%.9f\\n", a/b) }',
      JudgeStatus.Accepted,
    ],
    [
      'Rust',
      'use std::io::Read;\nfn main() { let mut s = String::new(); std::io::stdin().read_to_string(&mut s).unwrap(); let v: Vec<f64> = s.split_whitespace().map(|x| x.parse().unwrap()).collect(); println!("{:.9}", v[0] / v[1]); }',
      JudgeStatus.Accepted,
    ],
    ['Ruby', 'a, b = gets.split.map(&:to_f)\nputs "%.9f" % (a / b)', JudgeStatus.Accepted],
    [
      'Haskell',
      'main :: IO ()\nmain = do\n  [a, b] <- map read . words <$> getLine :: IO [Double]\n  print (a / b + 1)',
      JudgeStatus.WrongAnswer,
    ],
    [
      'Kotlin',
      'package judge.demo\n\nfun main() { val (a, b) = readLine()!!.trim().split(" ").map { it.toDouble() }; println("%.9f".format(a / b)) }',
      JudgeStatus.Accepted,
    ],
    ['C', '#include <stdlib.h>\nint main(){ return system("/bin/sh -c true") == 0 ? 0 : 1; }', JudgeStatus.RuntimeError],
  ];

  it.each(PROGRAMS)('judges %s through the pipeline', async (language, code, expected) => {
    const res = await submit(t, t.users.user.token, 'DIV', language, code);
    expect(res.body.status).toBe(200);
    const verdict = await waitVerdict(t, t.users.user.token, res.body.data.submitId, 120_000);
    expect({ language, status: verdict.status }).toEqual({ language, status: expected });
  });

  it('lists the worker languages with versions, commands and factors', async () => {
    const res = await request(t.url).get('/api/languages').expect(200);
    const rows = res.body.data as LanguageInfo[];
    expect(rows.length).toBeGreaterThanOrEqual(20);
    expect(rows.find((l) => l.name === 'C++ 17 With O2')).toMatchObject({ version: expect.stringMatching(/^GCC \d+/), timeFactor: 1 });
    expect(rows.find((l) => l.name === 'Java')).toMatchObject({ timeFactor: 2, memoryExtraMb: 192 });
  });
});
