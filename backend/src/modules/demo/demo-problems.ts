/**
 * What the demo content says and judges with: three problems (A+B in every language, a float answer judged by a
 * testlib special judge, an interactive guessing game), with their test data, checker and interactor.
 * Reference solutions per language live with the tests (backend/test/fixtures/demo-solutions.ts).
 */
import { JudgeMode, ProblemAuth, ProblemType } from '@oj/contracts';
import type { ProblemDto } from '../problem/dto/problem.dto';

/** Language of the demo checker and interactor (testlib is on their include path). */
export const DEMO_CHECKER_LANGUAGE = 'C++ 17 With O2';

export type DemoCase = { input: string; output: string };

/** A+B: every case fits 64-bit sums (the last one overflows 32 bits on purpose). */
export const A_PLUS_B_CASES: DemoCase[] = [
  ['1 2', '3'],
  ['0 0', '0'],
  ['100 250', '350'],
  ['123456 654321', '777777'],
  ['999999 1', '1000000'],
  ['1000000000 1000000000', '2000000000'],
].map(([input, output]) => ({ input: input + '\n', output: output + '\n' }));

/** Circle area π·r², any answer within 1e-6 (absolute or relative) is right. */
export const CIRCLE_RADII = [1, 2, 10, 123, 1000];
export const CIRCLE_CASES: DemoCase[] = CIRCLE_RADII.map((r) => ({ input: `${r}\n`, output: `${(Math.PI * r * r).toFixed(9)}\n` }));

/** Guess the number: the secret of each case. */
export const GUESS_SECRETS = [1, 777, 500000000, 1000000000];
export const GUESS_CASES: DemoCase[] = GUESS_SECRETS.map((s) => ({ input: `${s}\n`, output: '\n' }));

export const CIRCLE_CHECKER = `#include "testlib.h"
// Special judge of the demo problem "Circle Area": the contestant's number must be within 1e-6 of the answer
// (absolute or relative, testlib's doubleCompare), and nothing but blanks may follow it.
int main(int argc, char* argv[]) {
  registerTestlibCmd(argc, argv);
  double want = ans.readDouble();
  double got = ouf.readDouble();
  ouf.skipBlanks();
  if (!ouf.seekEof()) quitf(_pe, "extra output after the number");
  if (!doubleCompare(want, got, 1e-6)) quitf(_wa, "expected %.9f, found %.9f", want, got);
  quitf(_ok, "%.9f is within 1e-6", got);
}
`;

export const GUESS_INTERACTOR = `#include "testlib.h"
// Interactor of the demo problem "Guess the Number": reads the secret from the test, answers each guess with
// <, > or =, and allows at most 30 guesses.
int main(int argc, char* argv[]) {
  registerInteraction(argc, argv);
  int secret = inf.readInt();
  for (int q = 1; q <= 30; q++) {
    int g = ouf.readInt(1, 1000000000, "guess");
    if (g == secret) { std::cout << "=" << std::endl; tout << q << std::endl; quitf(_ok, "found in %d guesses", q); }
    std::cout << (g < secret ? "<" : ">") << std::endl;
  }
  quitf(_wa, "no guess was right in 30 tries");
}
`;

function problem(fields: ProblemDto['problem'], cases: DemoCase[], tags: string[]): ProblemDto {
  return {
    problem: {
      auth: ProblemAuth.Public,
      type: ProblemType.ACM,
      timeLimit: 1000,
      memoryLimit: 256,
      stackLimit: 128,
      difficulty: 0,
      openCaseResult: true,
      isRemoveEndBlank: true,
      source: 'Demo content',
      ...fields,
    },
    samples: cases.map((c) => ({ ...c, score: 0 })),
    isUploadTestCase: false,
    // No list: every language the judges run.
    languages: [],
    tags: tags.map((name) => ({ name })),
    codeTemplates: [],
  };
}

export const A_PLUS_B: ProblemDto = problem(
  {
    problemId: '1000',
    title: 'A + B',
    description:
      'Read two integers **a** and **b** and print their sum.\n\nEvery language the judges offer is accepted: pick one in the editor and submit.',
    input: 'One line with two integers a and b (0 ≤ a, b ≤ 10^9), separated by a space.',
    output: 'One line with a + b.',
    hint: 'The sum can exceed 2^31 - 1: use a 64-bit integer (long long in C and C++, long in Java).',
    examples: [{ input: '1 2\n', output: '3\n' }],
  },
  A_PLUS_B_CASES,
  ['Demo', 'Beginner'],
);

export const CIRCLE_AREA: ProblemDto = problem(
  {
    problemId: '1001',
    title: 'Circle Area',
    description:
      'Given the radius r of a circle, print its area π·r².\n\nA special judge checks the answer: any number within 10^-6 of the exact area (absolute or relative error) is accepted, however many digits it has.',
    input: 'One integer r (1 ≤ r ≤ 1000).',
    output: 'The area of the circle.',
    hint: 'π is acos(-1) in C and C++, Math.PI in Java and JavaScript, math.pi in Python.',
    judgeMode: JudgeMode.Special,
    spjLanguage: DEMO_CHECKER_LANGUAGE,
    spjCode: CIRCLE_CHECKER,
    examples: [{ input: '1\n', output: '3.141592654\n' }],
  },
  CIRCLE_CASES,
  ['Demo', 'Special judge'],
);

export const GUESS_NUMBER: ProblemDto = problem(
  {
    problemId: '1002',
    title: 'Guess the Number',
    description:
      'This is an interactive problem. The judge has chosen an integer x (1 ≤ x ≤ 10^9). Print a guess g on its own line and flush the output; the judge answers `<` if x is greater than g, `>` if x is smaller, and `=` if you found it (then stop). You may guess at most 30 times.',
    input: 'The answers of the judge, one per line: <, > or =.',
    output: 'Your guesses, one per line, each followed by a flush (fflush(stdout), System.out.flush(), print(..., flush=True)).',
    hint: 'Binary search needs at most 30 guesses for 10^9 numbers.',
    judgeMode: JudgeMode.Interactive,
    spjLanguage: DEMO_CHECKER_LANGUAGE,
    spjCode: GUESS_INTERACTOR,
    examples: [],
  },
  GUESS_CASES,
  ['Demo', 'Interactive'],
);

export const DEMO_CONTEST = {
  title: 'Demo Contest (ACM)',
  description:
    'A sample ACM contest made on the first start, with the three demo problems. It is running now: open it, register, and submit. Admins can edit or delete it under Admin → Contest.',
  /** Days it stays running after the first start. */
  days: 30,
};

export const DEMO_TRAINING = {
  title: 'Getting Started',
  description: 'A first training: read input, print output, float answers and an interactive problem.',
  /** HOJ's admin refuses to save a training without a category. */
  category: { name: 'Basics', color: '#19be6b' },
};

export const DEMO_ANNOUNCEMENT = {
  title: 'Welcome to your online judge',
  content: [
    'This site was filled with demo content on its first start: three problems (A + B, Circle Area with a special judge, Guess the Number, an interactive one), a running ACM contest and a training.',
    '',
    'Log in as **root** with the password printed on the console at the first start (or the ROOT_PASSWORD you set), then open **Admin** (/admin/) to write your own problems, contests and announcements. Delete the demo content there when you no longer need it; it is never created again.',
  ].join('\n'),
};
