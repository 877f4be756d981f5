import { JudgeMode, ProblemType } from '@oj/contracts';
import { ArchiveError } from '../../../core/archive/safe-zip';
import { parseKattisArchive } from './kattis-format';

const map = (entries: [string, string][]) => new Map(entries.map(([k, v]) => [k, Buffer.from(v)]));

const PASS_FAIL: [string, string][] = [
  ['hello/problem.yaml', 'name: Hello\nvalidation: custom\nlimits:\n  memory: 64\nkeywords: greeting easy\n'],
  ['hello/.timelimit', '2\n'],
  [
    'hello/problem_statement/problem.en.tex',
    '\\problemname{Ignored}\nSay it.\n\\section*{Input}\nA number.\n\\section*{Output}\nA word.\n',
  ],
  ['hello/data/sample/1.in', '1\n'],
  ['hello/data/sample/1.ans', 'one\n'],
  ['hello/data/secret/10.in', '10\n'],
  ['hello/data/secret/10.ans', 'ten\n'],
  ['hello/data/secret/2.in', '2\n'],
  ['hello/data/secret/2.ans', 'two\n'],
  ['hello/output_validators/check/check.cpp', '#include "helper.h"\n#include "testlib.h"\nint main(){ return helper(); }\n'],
  ['hello/output_validators/check/helper.h', 'int helper(){ return 42; }\n'],
];

describe('ICPC / Kattis packages', () => {
  it('reads a pass-fail package with its limits, statement, samples first, names in natural order and its validator', () => {
    const [p] = parseKattisArchive(map(PASS_FAIL));
    expect(p).toMatchObject({
      problemId: 'hello',
      title: 'Hello',
      description: 'Say it.',
      input: 'A number.',
      output: 'A word.',
      timeLimit: 2000,
      memoryLimit: 64,
      type: ProblemType.ACM,
      judgeMode: JudgeMode.Special,
      spjLanguage: 'C++',
      checkerProtocol: 'domjudge',
      tags: ['greeting', 'easy'],
      examples: [{ input: '1\n', output: 'one\n' }],
    });
    expect(p.cases.map((c) => c.input.toString().trim())).toEqual(['1', '2', '10']);
    // The header beside the validator is inlined; testlib.h stays the judge's.
    expect(p.spjCode).toContain('int helper(){ return 42; }');
    expect(p.spjCode).toContain('#include "testlib.h"');
    expect(p.spjCode).not.toContain('#include "helper.h"');
  });

  it('makes the secret folders of a scoring package test groups, with their score and rule', () => {
    const files = map([
      ['problem.yaml', 'name: {en: Groups}\ntype: scoring\nvalidator_flags: float_tolerance 1e-6\nlimits: {time_limit: 1.5}\n'],
      ['data/sample/a.in', '1\n'],
      ['data/sample/a.ans', '1\n'],
      ['data/secret/group1/testdata.yaml', 'accept_score: 30\ngrader_flags: min\n'],
      ['data/secret/group1/x.in', '2\n'],
      ['data/secret/group1/x.ans', '2\n'],
      ['data/secret/group1/y.in', '3\n'],
      ['data/secret/group1/y.ans', '3\n'],
      ['data/secret/group2/testdata.yaml', 'accept_score: 35\n'],
      ['data/secret/group2/z.in', '4\n'],
      ['data/secret/group2/z.ans', '4\n'],
      ['data/secret/group2/w.in', '5\n'],
      ['data/secret/group2/w.ans', '5\n'],
    ]);
    const [p] = parseKattisArchive(files);
    expect(p).toMatchObject({ title: 'Groups', type: ProblemType.OI, judgeMode: JudgeMode.Default, timeLimit: 1500 });
    expect(p).toMatchObject({ floatAbsTolerance: 1e-6, floatRelTolerance: 1e-6 });
    expect(p.problemId).toBeUndefined();
    expect(p.caseGroups).toEqual([
      { groupNum: 1, score: 30, rule: 'min' },
      { groupNum: 2, score: 70, rule: 'sum' },
    ]);
    expect(p.cases.map((c) => [c.input.toString().trim(), c.groupNum ?? null])).toEqual([
      ['1', null],
      ['2', 1],
      ['3', 1],
      ['5', 2],
      ['4', 2],
    ]);
  });

  it('reads custom interactive validation (legacy) and the draft type list as an interactive problem', () => {
    for (const yaml of ['name: I\nvalidation: custom interactive\n', 'name: I\ntype: [pass-fail, interactive]\n']) {
      const [p] = parseKattisArchive(
        map([
          ['problem.yaml', yaml],
          ['data/secret/1.in', '5\n'],
          ['data/secret/1.ans', '5\n'],
          ['output_validator/interactor.py', 'import sys\nsys.exit(42)\n'],
        ]),
      );
      expect(p).toMatchObject({
        judgeMode: JudgeMode.Interactive,
        spjLanguage: 'Python3',
        checkerProtocol: 'domjudge',
        type: ProblemType.ACM,
      });
    }
  });

  it.each([
    ['no problem.yaml', [['data/secret/1.in', '1']]],
    [
      'an input without its answer',
      [
        ['problem.yaml', 'name: X'],
        ['data/secret/1.in', '1'],
      ],
    ],
    [
      'an answer without its input',
      [
        ['problem.yaml', 'name: X'],
        ['data/secret/1.in', '1'],
        ['data/secret/1.ans', '1'],
        ['data/secret/2.ans', '2'],
      ],
    ],
    ['no test data at all', [['problem.yaml', 'name: X']], 'no test cases in data/secret or data/sample: ./'],
    [
      'multi-pass validation (legacy)',
      [
        ['x/problem.yaml', 'name: X\nvalidation: custom multi-pass\nlimits:\n  validation_passes: 2'],
        ['x/data/secret/1.in', '1'],
        ['x/data/secret/1.ans', '1'],
        ['x/output_validator/validator.py', 'exit(42)'],
      ],
      'multi-pass validation is not supported (the validator would be run once, judging differently from the package): x/',
    ],
    [
      'multi-pass validation (the draft type list)',
      [
        ['problem.yaml', 'name: X\ntype: [pass-fail, multi-pass]'],
        ['data/secret/1.in', '1'],
        ['data/secret/1.ans', '1'],
        ['output_validator/validator.py', 'exit(42)'],
      ],
      'multi-pass validation is not supported',
    ],
    [
      'custom validation without a validator',
      [
        ['problem.yaml', 'name: X\nvalidation: custom'],
        ['data/secret/1.in', '1'],
        ['data/secret/1.ans', '1'],
      ],
    ],
    [
      'a validator of two sources',
      [
        ['problem.yaml', 'name: X\nvalidation: custom'],
        ['data/secret/1.in', '1'],
        ['data/secret/1.ans', '1'],
        ['output_validators/v/a.cpp', 'int main(){}'],
        ['output_validators/v/b.cpp', 'int f(){}'],
      ],
    ],
    [
      'a problem.yaml that is not a mapping',
      [
        ['problem.yaml', '- a\n- b'],
        ['data/secret/1.in', '1'],
        ['data/secret/1.ans', '1'],
      ],
    ],
    [
      'an empty test group',
      [
        ['problem.yaml', 'name: X\ntype: scoring'],
        ['data/secret/g/testdata.yaml', 'accept_score: 1'],
      ],
    ],
  ] as [string, [string, string][], string?][])('refuses %s', (_what, entries, ...reason) => {
    expect(() => parseKattisArchive(map(entries))).toThrow(ArchiveError);
    // The importer's reason travels to the admin (appended to 'Upload Problem Failed').
    if (reason.length) expect(() => parseKattisArchive(map(entries))).toThrow(reason[0]);
  });

  it('judges a package with samples only on its samples, as DOMjudge judges its hello', () => {
    const [p] = parseKattisArchive(
      map([
        ['hello/problem.yaml', 'name: Hello World\n'],
        ['hello/data/sample/1.in', ''],
        ['hello/data/sample/1.ans', 'Hello world!\n'],
      ]),
    );
    expect(p).toMatchObject({ problemId: 'hello', title: 'Hello World', examples: [{ input: '', output: 'Hello world!\n' }] });
    expect(p.cases.map((c) => [c.input.toString(), c.output.toString()])).toEqual([['', 'Hello world!\n']]);
  });
});
