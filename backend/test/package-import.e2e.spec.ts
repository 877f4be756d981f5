import { ERR, JudgeStatus, withReason } from '@oj/contracts';
import request from 'supertest';
import { writeZip } from '../src/core/archive/safe-zip';
import {
  pidOf,
  removeJudgeCache,
  RunningWorker,
  setSubmitInterval,
  startInProcessWorker,
  submit,
  waitVerdict,
} from './fixtures/pipeline-helpers';
import { createTestApp, TestApp } from './utils/test-app';

jest.setTimeout(180_000);

/** Kattis output validator: accepts an even number not below the judge's answer, says why not in judgemessage.txt. */
const VALIDATOR = `#include <cstdio>
#include <string>
#include "verdicts.h"
int main(int argc, char** argv) {
  if (argc < 4) return 1;
  FILE* ans = fopen(argv[2], "r"); long least = 0, x = 0;
  if (!ans || fscanf(ans, "%ld", &least) != 1) return 1;
  FILE* msg = fopen((std::string(argv[3]) + "judgemessage.txt").c_str(), "w");
  if (scanf("%ld", &x) != 1) { fprintf(msg, "no number"); return REJECT; }
  if (x % 2 != 0 || x < least) { fprintf(msg, "%ld is odd or below %ld", x, least); return REJECT; }
  return ACCEPT;
}
`;

const EVEN_PACKAGE: [string, string][] = [
  ['even/problem.yaml', 'name: Even Above\nvalidation: custom\nlimits:\n  memory: 128\n'],
  ['even/.timelimit', '2\n'],
  [
    'even/problem_statement/problem.en.md',
    'Print an even number not below n.\n\n## Input\n\nOne number n.\n\n## Output\n\nAn even number.\n',
  ],
  ['even/data/sample/1.in', '3\n'],
  ['even/data/sample/1.ans', '4\n'],
  ['even/data/secret/1.in', '10\n'],
  ['even/data/secret/1.ans', '10\n'],
  ['even/data/secret/2.in', '7\n'],
  ['even/data/secret/2.ans', '8\n'],
  ['even/output_validators/even/validate.cpp', VALIDATOR],
  ['even/output_validators/even/verdicts.h', '#define ACCEPT 42\n#define REJECT 43\n'],
];

/** testlib checker: the answer's number, or any number within 1 of it. */
const POLYGON_CHECKER = `#include "testlib.h"
#include "near.h"
int main(int argc, char* argv[]) {
  registerTestlibCmd(argc, argv);
  long long want = ans.readLong(), got = ouf.readLong();
  if (!near(want, got)) quitf(_wa, "expected %lld, found %lld", want, got);
  quitf(_ok, "close enough");
}
`;

const polygonXml = (tests: string, groups: string) => `<?xml version="1.0" encoding="utf-8" standalone="no"?>
<problem revision="7" short-name="near-double" url="https://polygon.codeforces.com/p/x/near-double">
  <names><name language="english" value="Near Double"/></names>
  <judging cpu-name="Intel" cpu-speed="3600" input-file="" output-file="">
    <testset name="tests">
      <time-limit>1000</time-limit>
      <memory-limit>268435456</memory-limit>
      <test-count>4</test-count>
      <input-path-pattern>tests/%02d</input-path-pattern>
      <answer-path-pattern>tests/%02d.a</answer-path-pattern>
      <tests>${tests}</tests>
      ${groups}
    </testset>
  </judging>
  <assets>
    <checker name="check.cpp" type="testlib"><source path="files/check.cpp" type="cpp.g++17"/></checker>
  </assets>
</problem>`;

const POLYGON_PACKAGE: [string, string][] = [
  [
    'problem.xml',
    polygonXml(
      `<test method="manual" sample="true" points="10"/>
       <test method="manual" points="25" group="1"/>
       <test method="generated" cmd="gen 5" points="25" group="1"/>
       <test method="manual" points="40"/>`,
      '<groups><group name="1" points-policy="complete-group"/></groups>',
    ),
  ],
  ['files/check.cpp', POLYGON_CHECKER],
  ['files/near.h', 'bool near(long long a, long long b) { return a - b <= 1 && b - a <= 1; }\n'],
  ['statements/english/problem-properties.json', JSON.stringify({ legend: 'Double it.', input: 'n', output: '2n, give or take one' })],
  ['tests/01', '1\n'],
  ['tests/01.a', '2\n'],
  ['tests/02', '5\n'],
  ['tests/02.a', '10\n'],
  ['tests/03', '50\n'],
  ['tests/03.a', '100\n'],
  ['tests/04', '7\n'],
  ['tests/04.a', '14\n'],
];

const SCORING_PACKAGE: [string, string][] = [
  ['problem.yaml', 'name: Halves\ntype: scoring\nvalidator_flags: float_tolerance 1e-3\n'],
  ['data/sample/1.in', '1\n'],
  ['data/sample/1.ans', '0.5\n'],
  ['data/secret/g1/testdata.yaml', 'accept_score: 40\ngrader_flags: min\n'],
  ['data/secret/g1/a.in', '3\n'],
  ['data/secret/g1/a.ans', '1.5\n'],
  ['data/secret/g1/b.in', '5\n'],
  ['data/secret/g1/b.ans', '2.5\n'],
  ['data/secret/g2/testdata.yaml', 'accept_score: 30\n'],
  ['data/secret/g2/c.in', '-7\n'],
  ['data/secret/g2/c.ans', '-3.5\n'],
  ['data/secret/g2/d.in', '9\n'],
  ['data/secret/g2/d.ans', '4.5\n'],
];

describe('ICPC / Kattis and Polygon package import, judged for real', () => {
  let t: TestApp;
  let worker: RunningWorker;
  const admin = () => t.users.admin.token;
  const importKattis = (zip: Buffer) =>
    request(t.url).post('/api/file/import-kattis-problem').set('Authorization', admin()).attach('file', zip, 'package.zip');
  const count = async (table: string) => Number((await t.dataSource.query(`SELECT count(*) AS n FROM ${table}`))[0].n);

  beforeAll(async () => {
    t = await createTestApp();
    await setSubmitInterval(t, 0);
    worker = await startInProcessWorker(t, `kattis-${process.pid}`, 1);
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    removeJudgeCache();
  });

  it('imports a pass-fail package with its output validator and judges by the Kattis convention', async () => {
    const res = await importKattis(await writeZip(EVEN_PACKAGE));
    expect(res.body).toMatchObject({ status: 200, data: [{ problemId: 'even' }] });
    const pid = await pidOf(t, 'even');
    const detail = await request(t.url).get('/api/admin/problem').query({ pid }).set('Authorization', admin()).expect(200);
    expect(detail.body.data).toMatchObject({
      title: 'Even Above',
      description: 'Print an even number not below n.',
      input: 'One number n.',
      output: 'An even number.',
      timeLimit: 2000,
      memoryLimit: 128,
      judgeMode: 'spj',
      spjLanguage: 'C++',
      checkerProtocol: 'domjudge',
      type: 0,
    });
    const cases = await request(t.url).get('/api/admin/problem/get-problem-cases').query({ pid }).set('Authorization', admin()).expect(200);
    expect(cases.body.data).toHaveLength(3);

    const next = 'n = int(input())\nprint(n + 2 if n % 2 == 0 else n + 1)\n';
    const ac = await submit(t, t.users.user.token, 'even', 'Python3', next);
    expect(await waitVerdict(t, t.users.user.token, ac.body.data.submitId)).toMatchObject({ status: JudgeStatus.Accepted });
    const echo = await submit(t, t.users.admin.token, 'even', 'Python3', 'print(input())\n');
    const submitId = echo.body.data.submitId;
    expect(await waitVerdict(t, admin(), submitId)).toMatchObject({ status: JudgeStatus.WrongAnswer });
    const result = await request(t.url).get('/api/get-all-case-result').query({ submitId }).set('Authorization', admin()).expect(200);
    expect(result.body.data.judgeCaseList[0]).toMatchObject({ status: JudgeStatus.WrongAnswer, message: '3 is odd or below 4' });
  });

  it('imports a scoring package: its secret folders become test groups, its validator flags the float tolerance', async () => {
    const res = await importKattis(await writeZip(SCORING_PACKAGE));
    expect(res.body.status).toBe(200);
    const { id: pid, problemId } = res.body.data[0];
    const detail = await request(t.url).get('/api/admin/problem').query({ pid }).set('Authorization', admin()).expect(200);
    expect(detail.body.data).toMatchObject({
      title: 'Halves',
      type: 1,
      judgeMode: 'default',
      floatAbsTolerance: 1e-3,
      caseGroups: [
        { groupNum: 1, score: 40, rule: 'min' },
        { groupNum: 2, score: 60, rule: 'sum' },
      ],
      ioScore: 100,
    });
    // Right within the tolerance except for negative numbers: group 1 whole, half of group 2.
    const code = 'n = int(input())\nprint(f"{n / 2 + 0.0001:.4f}" if n > 0 else 0)\n';
    const sub = await submit(t, t.users.user.token, problemId, 'Python3', code);
    expect(await waitVerdict(t, t.users.user.token, sub.body.data.submitId)).toMatchObject({
      status: JudgeStatus.PartialAccepted,
      score: 40 + 30,
    });
  });

  it('imports a Polygon full package: testlib checker with its header, complete-group points, samples', async () => {
    const res = await request(t.url)
      .post('/api/file/import-polygon-problem')
      .set('Authorization', admin())
      .attach('file', await writeZip(POLYGON_PACKAGE), 'polygon.zip');
    expect(res.body).toMatchObject({ status: 200, data: [{ problemId: 'near-double' }] });
    const pid = res.body.data[0].id;
    const detail = await request(t.url).get('/api/admin/problem').query({ pid }).set('Authorization', admin()).expect(200);
    expect(detail.body.data).toMatchObject({
      title: 'Near Double',
      description: 'Double it.',
      timeLimit: 1000,
      memoryLimit: 256,
      type: 1,
      judgeMode: 'spj',
      checkerProtocol: 'testlib',
      caseGroups: [{ groupNum: 1, score: 50, rule: 'all' }],
      ioScore: 100,
    });
    // Off by one is fine (the checker); wrong for n >= 50 loses the whole group 1.
    const code = 'n = int(input())\nprint(2 * n + 1 if n < 50 else 0)\n';
    const sub = await submit(t, t.users.user.token, 'near-double', 'Python3', code);
    const submitId = sub.body.data.submitId;
    expect(await waitVerdict(t, t.users.user.token, submitId)).toMatchObject({ status: JudgeStatus.PartialAccepted, score: 10 + 40 });
    const result = await request(t.url).get('/api/get-all-case-result').query({ submitId }).set('Authorization', admin()).expect(200);
    expect(result.body.data.judgeCaseList.find((c: { caseId: number }) => c.caseId === 3)).toMatchObject({
      status: JudgeStatus.WrongAnswer,
      groupNum: 1,
      message: expect.stringContaining('expected 100, found 0'),
    });
    const bad = await request(t.url)
      .post('/api/file/import-polygon-problem')
      .set('Authorization', admin())
      .attach('file', await writeZip(POLYGON_PACKAGE.filter(([n]) => n !== 'tests/03')), 'standard.zip');
    expect([bad.status, bad.body.msg]).toEqual([
      400,
      withReason(ERR.uploadProblemFailed, 'test 3 or its answer is missing (a full package is needed)'),
    ]);
  });

  it("refuses bad packages with 'Upload Problem Failed' and the importer's reason, and stores nothing", async () => {
    const before = await count('problem');
    const bad: [[string, string][], string][] = [
      [EVEN_PACKAGE.filter(([name]) => name !== 'even/data/secret/2.ans'), 'input without answer: bad/data/secret/2.in'],
      [EVEN_PACKAGE.filter(([name]) => !name.includes('output_validators')), 'custom validation without an output validator: bad/'],
      [
        [...EVEN_PACKAGE, ['even/output_validators/even/other.cpp', 'int main(){}']],
        'the output validator must be one C, C++ or Python source, found 2',
      ],
      [EVEN_PACKAGE.filter(([name]) => !name.includes('/data/')), 'no test cases in data/secret or data/sample: bad/'],
      [[['even/problem.yaml', 'name: [unclosed'], ...EVEN_PACKAGE.slice(1)], 'invalid yaml: bad/problem.yaml'],
    ];
    for (const [files, reason] of bad) {
      const res = await importKattis(await writeZip(files.map(([n, c]) => [n.replace('even/', 'bad/'), c])));
      expect([res.status, res.body.msg]).toEqual([400, withReason(ERR.uploadProblemFailed, reason)]);
    }
    expect(await count('problem')).toBe(before);
  });
});
