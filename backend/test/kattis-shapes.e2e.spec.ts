/**
 * ICPC / Kattis packages in the shapes of DOMjudge's example problems (issue 39), made here rather than vendored:
 * `hello` (samples only), `jumble` / `hangman` (a multi-pass Python validator ending with exit(42)), a single-pass
 * Python validator, `boolfind` (interactive, with a program that loops writing queries and never reads) and
 * `test-hello-nullbyte.c` (a NUL byte in the output). Each is imported through the API and judged by a real worker.
 */
import { ERR, isFinalJudgeStatus, JudgeStatus, withReason } from '@oj/contracts';
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

jest.setTimeout(240_000);

/** DOMjudge's hello: one sample, no secret data. */
const HELLO: [string, string][] = [
  ['hello/problem.yaml', 'name: Hello World\n'],
  ['hello/.timelimit', '1\n'],
  ['hello/data/sample/1.in', ''],
  ['hello/data/sample/1.ans', 'Hello world!\n'],
];

/** A validator in the style of jumble's: reads the team output on stdin, ends with exit(42) / exit(43). */
const SORTED_VALIDATOR = `import os, sys
word = open(sys.argv[1]).read().strip()
team = sys.stdin.read().strip()
if team != ''.join(sorted(word)):
    with open(os.path.join(sys.argv[3], 'judgemessage.txt'), 'a') as m:
        print(f"{team!r} is not the letters of {word!r} in order", file=m)
    exit(43)
exit(42)
`;

const SORTED: [string, string][] = [
  ['sorted/problem.yaml', 'name: Sorted letters\nvalidation: custom\n'],
  ['sorted/data/sample/1.in', 'banana\n'],
  ['sorted/data/sample/1.ans', 'aaabnn\n'],
  ['sorted/data/secret/1.in', 'judge\n'],
  ['sorted/data/secret/1.ans', 'degju\n'],
  ['sorted/output_validator/validator.py', SORTED_VALIDATOR],
];

/** hangman's shape: a multi-pass validator that writes nextpass.in. */
const HANGMAN: [string, string][] = [
  ['hangman/problem.yaml', 'name: Hangman\nvalidation: custom multi-pass\nlimits:\n  validation_passes: 26\n'],
  ['hangman/data/sample/1.in', '\n__\n'],
  ['hangman/data/sample/1.ans', 'ab\n'],
  ['hangman/data/secret/1.in', '\n___\n'],
  ['hangman/data/secret/1.ans', 'abc\n'],
  [
    'hangman/output_validator/validator.py',
    "import os, sys\nopen(os.path.join(sys.argv[3], 'nextpass.in'), 'w').write('a\\n')\nexit(42)\n",
  ],
];

/** boolfind's shape: "READ i" is answered with a 1 KB line (1 when i is at or past the secret), "OUTPUT k" ends it. */
const FIND_INTERACTOR = `#include <stdio.h>
#include <string.h>
int main(int argc, char** argv) {
  FILE* in = fopen(argv[1], "r"); long n, secret, i; char cmd[16], pad[1024];
  if (argc < 4 || !in || fscanf(in, "%ld %ld", &n, &secret) != 2) return 1;
  memset(pad, ' ', sizeof pad - 1); pad[sizeof pad - 1] = 0;
  while (scanf("%15s %ld", cmd, &i) == 2) {
    if (!strcmp(cmd, "OUTPUT")) return i == secret ? 42 : 43;
    if (strcmp(cmd, "READ") || i < 0 || i >= n) return 43;
    printf("%d%s\\n", i >= secret, pad); fflush(stdout);
  }
  return 43;
}
`;

const FIND: [string, string][] = [
  ['find/problem.yaml', 'name: Find the first one\nvalidation: custom interactive\n'],
  ['find/.timelimit', '1\n'],
  ['find/data/secret/1.in', '1000000 777\n'],
  ['find/data/secret/1.ans', '777\n'],
  ['find/output_validators/find/validate.c', FIND_INTERACTOR],
];

const FIND_SEARCH = `#include <stdio.h>
int main(void) {
  long lo = 0, hi = 1000000; int one;
  while (lo < hi) { long mid = lo + (hi - lo) / 2; printf("READ %ld\\n", mid); fflush(stdout);
    if (scanf("%d", &one) != 1) return 1; if (one) hi = mid; else lo = mid + 1; }
  printf("OUTPUT %ld\\n", lo); fflush(stdout); return 0;
}
`;

/** boolfind-test-loop's shape: queries forever and never reads the answers, so both pipes fill. */
const FIND_LOOP = '#include <stdio.h>\nint main(void) { for (;;) { printf("READ 0\\n"); fflush(stdout); } }\n';

describe("Kattis packages in the shapes of DOMjudge's example problems", () => {
  let t: TestApp;
  let worker: RunningWorker;
  const admin = () => t.users.admin.token;
  const user = () => t.users.user.token;
  const importKattis = async (files: [string, string][]) =>
    request(t.url)
      .post('/api/file/import-kattis-problem')
      .set('Authorization', admin())
      .attach('file', await writeZip(files), 'package.zip');
  const judged = async (problemId: string, language: string, code: string, timeoutMs?: number) => {
    const res = await submit(t, user(), problemId, language, code);
    expect(res.body).toMatchObject({ status: 200 });
    const submitId = res.body.data.submitId as number;
    const verdict = await waitVerdict(t, user(), submitId, timeoutMs);
    const cases = await request(t.url).get('/api/get-all-case-result').query({ submitId }).set('Authorization', admin());
    return { status: verdict.status, messages: (cases.body.data?.judgeCaseList ?? []).map((c: { message?: string }) => c.message) };
  };

  beforeAll(async () => {
    t = await createTestApp();
    await setSubmitInterval(t, 0);
    worker = await startInProcessWorker(t, `kattis-shapes-${process.pid}`, 1);
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    removeJudgeCache();
  });

  it('imports a package with samples only (hello) and judges on its samples', async () => {
    const res = await importKattis(HELLO);
    expect(res.body).toMatchObject({ status: 200, data: [{ problemId: 'hello' }] });
    const cases = await request(t.url)
      .get('/api/admin/problem/get-problem-cases')
      .query({ pid: await pidOf(t, 'hello') })
      .set('Authorization', admin())
      .expect(200);
    expect(cases.body.data).toHaveLength(1);
    expect(await judged('hello', 'C', '#include <stdio.h>\nint main(void) { puts("Hello world!"); }\n')).toMatchObject({
      status: JudgeStatus.Accepted,
    });
    // Python's exit() works (issue 39: it did not under -S).
    expect(await judged('hello', 'Python3', 'print("Hello world!")\nexit()\n')).toMatchObject({ status: JudgeStatus.Accepted });
    expect(await judged('hello', 'C', '#include <stdio.h>\nint main(void) { puts("Goodbye world!"); }\n')).toMatchObject({
      status: JudgeStatus.WrongAnswer,
    });
  });

  it('judges with a Python validator that ends with exit(42) / exit(43), its message kept', async () => {
    expect((await importKattis(SORTED)).body).toMatchObject({ status: 200, data: [{ problemId: 'sorted' }] });
    const sort = "print(''.join(sorted(input().strip())))\n";
    expect(await judged('sorted', 'Python3', sort)).toMatchObject({ status: JudgeStatus.Accepted });
    expect(await judged('sorted', 'Python3', 'print(input().strip())\n')).toEqual({
      status: JudgeStatus.WrongAnswer,
      messages: ["'banana' is not the letters of 'banana' in order"],
    });
  });

  it('refuses a multi-pass package (hangman) with the reason, and stores nothing', async () => {
    const before = Number((await t.dataSource.query('SELECT count(*) AS n FROM problem'))[0].n);
    const res = await importKattis(HANGMAN);
    expect([res.status, res.body.msg]).toEqual([
      400,
      withReason(
        ERR.uploadProblemFailed,
        'multi-pass validation is not supported (the validator would be run once, judging differently from the package): hangman/',
      ),
    ]);
    expect(Number((await t.dataSource.query('SELECT count(*) AS n FROM problem'))[0].n)).toBe(before);
  });

  it('imports an interactive package (boolfind) and judges a binary search Accepted', async () => {
    expect((await importKattis(FIND)).body).toMatchObject({ status: 200, data: [{ problemId: 'find' }] });
    expect(await judged('find', 'C', FIND_SEARCH)).toMatchObject({ status: JudgeStatus.Accepted });
  });

  // The two cases below need the judge's own fixes of issue 39 (items 1 and 2: a NUL byte in the output stored
  // safely, a run whose pipes never end stopped at its wall limit); here they assert what the import guarantees:
  // the problem judges, and a verdict arrives within a generous bound.
  it('gives a verdict to a NUL byte in the output (test-hello-nullbyte.c)', async () => {
    const r = await judged('hello', 'C', '#include <stdio.h>\nint main(void) { fwrite("Hello\\0world!\\n", 1, 13, stdout); }\n', 120_000);
    expect({ final: isFinalJudgeStatus(r.status), accepted: r.status === JudgeStatus.Accepted }).toEqual({ final: true, accepted: false });
  });

  it('gives a verdict to an interactive program that queries forever and never reads (boolfind-test-loop)', async () => {
    const r = await judged('find', 'C', FIND_LOOP, 120_000);
    expect({ final: isFinalJudgeStatus(r.status), accepted: r.status === JudgeStatus.Accepted }).toEqual({ final: true, accepted: false });
  });
});
