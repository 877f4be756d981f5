import { JudgeMode, ProblemAuth, ProblemType } from '@oj/contracts';
import { readZip, writeZip } from '../../../core/archive/safe-zip';
import { buildHojArchiveFiles, parseHojArchive } from './hoj-format';
import { parseFps } from './fps-format';
import { parseQdojArchive } from './qdoj-format';
import { hydroMemoryMb, hydroTimeMs, parseHydroArchive } from './hydro-format';
import { emptyProblem } from '../../problem/imported-problem';

const map = (entries: [string, string][]) => new Map(entries.map(([k, v]) => [k, Buffer.from(v)]));

describe('HOJ zip format', () => {
  const json = {
    problem: {
      problemId: 'P1000',
      title: 'A+B',
      description: 'Add',
      input: 'two ints',
      output: 'sum',
      timeLimit: 2000,
      memoryLimit: 128,
      stackLimit: 64,
      difficulty: 9,
      auth: 2,
      type: 1,
      isRemoveEndBlank: false,
      openCaseResult: false,
      examples: '<input>1 2</input><output>3</output><input>2 2</input><output>4</output>',
    },
    languages: ['C++', 'Python3'],
    samples: [
      { input: '1.in', output: '1.out', score: 40 },
      { input: '2.in', output: '2.out', score: 60 },
    ],
    tags: ['math', 'math', ' easy '],
    codeTemplates: [{ language: 'C++', code: '//tpl' }],
    judgeMode: 'default',
  };

  it('reads every field, the case files and scores', () => {
    const [p] = parseHojArchive(
      map([
        ['p1000.json', JSON.stringify(json)],
        ['p1000/1.in', '1 2\n'],
        ['p1000/1.out', '3\n'],
        ['p1000/2.in', '2 2\n'],
        ['p1000/2.out', '4\n'],
      ]),
    );
    expect(p).toMatchObject({
      problemId: 'P1000',
      title: 'A+B',
      timeLimit: 2000,
      memoryLimit: 128,
      stackLimit: 64,
      difficulty: 6,
      auth: ProblemAuth.Private,
      type: ProblemType.OI,
      isRemoveEndBlank: false,
      openCaseResult: false,
      languages: ['C++', 'Python3'],
      tags: ['math', 'easy'],
      codeTemplates: [{ language: 'C++', code: '//tpl' }],
      examples: [
        { input: '1 2', output: '3' },
        { input: '2 2', output: '4' },
      ],
    });
    expect(p.cases.map((c) => [c.input.toString(), c.output.toString(), c.score])).toEqual([
      ['1 2\n', '3\n', 40],
      ['2 2\n', '4\n', 60],
    ]);
  });

  it('refuses a json whose case files are missing', () => {
    expect(() => parseHojArchive(map([['p.json', JSON.stringify(json)]]))).toThrow('missing case file 1.in/1.out for p');
  });

  it('refuses an archive without json and a broken json', () => {
    expect(() => parseHojArchive(map([['x/1.in', '1']]))).toThrow('no problem json found');
    expect(() => parseHojArchive(map([['p.json', '{oops']]))).toThrow('invalid json: p.json');
  });

  it('round-trips through the export writer', async () => {
    const p = emptyProblem();
    Object.assign(p, { problemId: 'X-1', title: 'T', tags: ['dp'], examples: [{ input: 'a', output: 'b' }] });
    p.cases = [{ input: Buffer.from('1'), output: Buffer.from('2'), score: 100 }];
    const zip = await writeZip(buildHojArchiveFiles([p]));
    const [back] = parseHojArchive(await readZip(zip));
    expect(back.problemId).toBe('X-1');
    expect(back.tags).toEqual(['dp']);
    expect(back.examples).toEqual([{ input: 'a', output: 'b' }]);
    expect(back.cases[0].output.toString()).toBe('2');
  });

  it('round-trips test groups and the checker convention; reads HOJ subtask modes; refuses groups that do not fit', async () => {
    const p = emptyProblem();
    Object.assign(p, { problemId: 'G', title: 'Groups', type: ProblemType.OI, checkerProtocol: 'domjudge' });
    p.caseGroups = [
      { groupNum: 1, score: 30, rule: 'all' },
      { groupNum: 2, score: 70, rule: 'sum' },
    ];
    p.cases = [1, 2, null].map((groupNum, i) => ({ input: Buffer.from(`${i}`), output: Buffer.from(`${i}`), score: 5, groupNum }));
    const files = buildHojArchiveFiles([p]);
    const json = JSON.parse(files.find(([n]) => n === 'G.json')![1].toString());
    // What HOJ itself reads: its subtask mode, each grouped case worth its group's score.
    expect(json.problem.judgeCaseMode).toBe('subtask_lowest');
    expect(json.samples.map((s: { score: number; groupNum: number | null }) => [s.score, s.groupNum])).toEqual([
      [30, 1],
      [70, 2],
      [5, null],
    ]);
    const [back] = parseHojArchive(await readZip(await writeZip(files)));
    expect(back.caseGroups).toEqual(p.caseGroups);
    expect(back.checkerProtocol).toBe('domjudge');
    expect(back.cases.map((c) => c.groupNum ?? null)).toEqual([1, 2, null]);

    // A HOJ export: subtask_average over the cases' scores.
    delete json.problem.caseGroups;
    json.problem.judgeCaseMode = 'subtask_average';
    json.samples = [
      { input: '1.in', output: '1.out', score: 10, groupNum: 4 },
      { input: '2.in', output: '2.out', score: 20, groupNum: 4 },
    ];
    const hoj = map([
      ['G.json', JSON.stringify(json)],
      ['G/1.in', '1'],
      ['G/1.out', '1'],
      ['G/2.in', '2'],
      ['G/2.out', '2'],
    ]);
    expect(parseHojArchive(hoj)[0].caseGroups).toEqual([{ groupNum: 4, score: 15, rule: 'sum' }]);
    json.problem.caseGroups = [{ groupNum: 9, score: 10, rule: 'all' }];
    hoj.set('G.json', Buffer.from(JSON.stringify(json)));
    expect(() => parseHojArchive(hoj)).toThrow('test groups do not fit');
  });
});

describe('FPS xml format', () => {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<fps version="1.2"><generator name="HUSTOJ"/>
<item>
<title><![CDATA[A+B Problem]]></title>
<time_limit unit="s">2</time_limit>
<memory_limit unit="mb">64</memory_limit>
<description><![CDATA[<p>add</p>]]></description>
<input><![CDATA[two]]></input>
<output><![CDATA[one]]></output>
<sample_input><![CDATA[1 2]]></sample_input>
<sample_output><![CDATA[3]]></sample_output>
<test_input><![CDATA[1 1
]]></test_input>
<test_output><![CDATA[2
]]></test_output>
<test_input><![CDATA[5 5
]]></test_input>
<test_output><![CDATA[10
]]></test_output>
<hint><![CDATA[none]]></hint>
<source><![CDATA[classic]]></source>
<spj language="C++"><![CDATA[int main(){}]]></spj>
</item>
</fps>`;

  it('reads limits with units, samples, tests and the special judge', () => {
    const [p] = parseFps(xml);
    expect(p).toMatchObject({
      title: 'A+B Problem',
      timeLimit: 2000,
      memoryLimit: 64,
      description: '<p>add</p>',
      hint: 'none',
      source: 'classic',
      examples: [{ input: '1 2', output: '3' }],
      judgeMode: JudgeMode.Special,
      spjCode: 'int main(){}',
      spjLanguage: 'C++',
    });
    expect(p.cases.map((c) => c.output.toString())).toEqual(['2\n', '10\n']);
  });

  it('refuses entity declarations and documents without items', () => {
    expect(() => parseFps('<!DOCTYPE x [<!ENTITY a "aaaa">]><fps></fps>')).toThrow('entity declarations are not allowed');
    expect(() => parseFps('<fps></fps>')).toThrow('no FPS items');
    expect(() => parseFps('<fps><item><title>x</title><test_input>1</test_input></item></fps>')).toThrow('unpaired test data in x');
  });
});

describe('QDOJ zip format', () => {
  it('reads problem.json with its testcase folder', () => {
    const json = {
      display_id: 'fps-1',
      title: 'Q',
      description: { format: 'html', value: '<p>d</p>' },
      input_description: { format: 'html', value: 'in' },
      output_description: { format: 'html', value: 'out' },
      hint: { format: 'html', value: '' },
      time_limit: 1500,
      memory_limit: 256,
      samples: [{ input: '1', output: '1' }],
      test_case_score: [
        { input_name: '1.in', output_name: '1.out', score: 50 },
        { input_name: '2.in', output_name: '2.out', score: 50 },
      ],
      template: { 'C++': { prepend: '#include <x>', template: 'int main(){}', append: '' } },
      spj: null,
      rule_type: 'OI',
      tags: ['greedy'],
    };
    const [p] = parseQdojArchive(
      map([
        ['1/problem.json', JSON.stringify(json)],
        ['1/testcase/1.in', 'a'],
        ['1/testcase/1.out', 'b'],
        ['1/testcase/2.in', 'c'],
        ['1/testcase/2.out', 'd'],
      ]),
    );
    expect(p).toMatchObject({
      problemId: 'fps-1',
      title: 'Q',
      description: '<p>d</p>',
      input: 'in',
      timeLimit: 1500,
      type: ProblemType.OI,
      tags: ['greedy'],
      codeTemplates: [{ language: 'C++', code: '#include <x>\nint main(){}' }],
    });
    expect(p.cases.map((c) => [c.input.toString(), c.score])).toEqual([
      ['a', 50],
      ['c', 50],
    ]);
  });

  it('refuses a problem whose listed case is missing', () => {
    const json = { title: 'Q', test_case_score: [{ input_name: '1.in', output_name: '1.out' }] };
    expect(() => parseQdojArchive(map([['1/problem.json', JSON.stringify(json)]]))).toThrow('missing case file 1.in/1.out');
  });
});

describe('Hydro zip format', () => {
  it('reads problem.yaml, the statement samples and testdata with config.yaml', () => {
    const [p] = parseHydroArchive(
      map([
        ['P1/problem.yaml', 'title: Hydro A+B\ntag:\n  - basic\npid: H1\n'],
        ['P1/problem_zh.md', 'Add.\n\n```input1\n1 2\n```\n\n```output1\n3\n```\n'],
        ['P1/testdata/config.yaml', 'time: 2s\nmemory: 64m\n'],
        ['P1/testdata/a1.in', '1 1'],
        ['P1/testdata/a1.out', '2'],
        ['P1/testdata/a2.in', '2 2'],
        ['P1/testdata/a2.out', '4'],
      ]),
    );
    expect(p).toMatchObject({
      title: 'Hydro A+B',
      problemId: 'H1',
      tags: ['basic'],
      timeLimit: 2000,
      memoryLimit: 64,
      examples: [{ input: '1 2\n', output: '3\n' }],
    });
    expect(p.cases.map((c) => c.input.toString())).toEqual(['1 1', '2 2']);
  });

  it('uses the cases and scores listed in config.yaml', () => {
    const [p] = parseHydroArchive(
      map([
        ['problem.yaml', 'title: T\n'],
        ['testdata/config.yaml', 'cases:\n  - input: x.in\n    output: x.out\n    score: 100\n'],
        ['testdata/x.in', '1'],
        ['testdata/x.out', '1'],
      ]),
    );
    expect(p.type).toBe(ProblemType.OI);
    expect(p.cases).toHaveLength(1);
    expect(p.cases[0].score).toBe(100);
  });

  it('makes test groups of subtasks of rule min (the default) or sum, and shares the score of other rules over their cases', () => {
    const files = (types: string[]) =>
      map([
        ['problem.yaml', 'title: T\n'],
        [
          'testdata/config.yaml',
          `subtasks:\n${types
            .map(
              (type, i) =>
                `  - score: ${40 + i * 20}\n${type ? `    type: ${type}\n` : ''}    cases:\n      - {input: ${i}a.in, output: ${i}a.out}\n      - {input: ${i}b.in, output: ${i}b.out}\n`,
            )
            .join('')}`,
        ],
        ...[0, 1].flatMap((i) =>
          ['a', 'b'].flatMap(
            (c) =>
              [
                [`testdata/${i}${c}.in`, '1'],
                [`testdata/${i}${c}.out`, '1'],
              ] as [string, string][],
          ),
        ),
      ]);
    const [grouped] = parseHydroArchive(files(['', 'sum']));
    expect(grouped.type).toBe(ProblemType.OI);
    expect(grouped.caseGroups).toEqual([
      { groupNum: 1, score: 40, rule: 'min' },
      { groupNum: 2, score: 60, rule: 'sum' },
    ]);
    expect(grouped.cases.map((c) => c.groupNum)).toEqual([1, 1, 2, 2]);
    const [shared] = parseHydroArchive(files(['max', 'min']));
    expect(shared.caseGroups).toBeUndefined();
    expect(shared.cases.map((c) => c.score)).toEqual([20, 20, 30, 30]);
  });

  it('converts Hydro limits', () => {
    expect(hydroTimeMs('1s')).toBe(1000);
    expect(hydroTimeMs('500ms')).toBe(500);
    expect(hydroMemoryMb('256m')).toBe(256);
    expect(hydroMemoryMb('1g')).toBe(1024);
    expect(hydroMemoryMb('512MB')).toBe(512);
  });

  it('refuses a problem without title or test data', () => {
    expect(() => parseHydroArchive(map([['problem.yaml', 'tag: []\n']]))).toThrow('problem without title: problem.yaml');
    expect(() => parseHydroArchive(map([['problem.yaml', 'title: T\n']]))).toThrow('no test cases found');
  });
});

describe('Hydro YAML alias limits', () => {
  it('refuses nested aliases that expand past the node limit, and keeps ordinary files', async () => {
    const { parseHydroArchive, expandedNodes, YAML_MAX_NODES } = await import('./hydro-format');
    const laughs = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 9; i++)
      laughs.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(10)
          .fill('*' + String.fromCharCode(96 + i))
          .join(', ')}]`,
      );
    const files = new Map<string, Buffer>([
      ['p/problem.yaml', Buffer.from('title: Bomb\n' + laughs.join('\n') + '\n')],
      ['p/problem.md', Buffer.from('statement')],
    ]);
    expect(() => parseHydroArchive(files)).toThrow('invalid yaml: p/problem.yaml');
    expect(expandedNodes({ a: [1, 2, 3] })).toBe(5);
    expect(expandedNodes(Array(10).fill(new Array(YAML_MAX_NODES / 5).fill(0)))).toBeGreaterThan(YAML_MAX_NODES);
  });
});
