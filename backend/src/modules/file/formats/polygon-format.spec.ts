import { JudgeMode, ProblemType } from '@oj/contracts';
import { ArchiveError } from '../../../core/archive/safe-zip';
import { parsePolygonArchive } from './polygon-format';

const map = (entries: [string, string][]) => new Map(entries.map(([k, v]) => [k, Buffer.from(v)]));

const XML = (tests: string, groups = '', assets = '') => `<?xml version="1.0" encoding="utf-8" standalone="no"?>
<problem revision="3" short-name="sum-groups" url="https://polygon.codeforces.com/p/x/sum-groups">
  <names><name language="russian" value="Сумма"/><name language="english" value="Sum in Groups"/></names>
  <judging cpu-name="x" cpu-speed="3600" input-file="" output-file="">
    <testset name="tests">
      <time-limit>1500</time-limit>
      <memory-limit>67108864</memory-limit>
      <test-count>4</test-count>
      <input-path-pattern>tests/%02d</input-path-pattern>
      <answer-path-pattern>tests/%02d.a</answer-path-pattern>
      <tests>${tests}</tests>
      ${groups}
    </testset>
  </judging>
  <assets>${assets}</assets>
  <tags><tag value="math"/><tag value="implementation"/></tags>
</problem>`;

const TESTS = (n: number) =>
  Array.from({ length: n }, (_, i) => [
    [`tests/${String(i + 1).padStart(2, '0')}`, `${i + 1}\n`],
    [`tests/${String(i + 1).padStart(2, '0')}.a`, `${i + 1}\n`],
  ]).flat() as [string, string][];

describe('Polygon packages', () => {
  it('reads names, limits, statement sections, tags, samples, the testlib checker with its headers, and groups', () => {
    const [p] = parsePolygonArchive(
      map([
        [
          'problem.xml',
          XML(
            `<test method="manual" sample="true" points="0"/>
             <test method="manual" points="20" group="1"/><test method="generated" cmd="gen 1" points="20" group="1"/>
             <test method="manual" points="60" group="2"/>`,
            `<groups><group name="1" points-policy="complete-group"/><group name="2" points-policy="each-test"/></groups>`,
            `<checker name="check.cpp" type="testlib"><source path="files/check.cpp" type="cpp.g++17"/></checker>`,
          ),
        ],
        [
          'files/check.cpp',
          '#include "testlib.h"\n#include "util.h"\nint main(int c, char** v){ registerTestlibCmd(c, v); quitf(_ok, "%d", util()); }\n',
        ],
        ['files/util.h', 'int util(){ return 1; }\n'],
        ['files/testlib.h', '// the package copy is not used'],
        [
          'statements/english/problem-properties.json',
          JSON.stringify({ name: 'Sum', legend: 'Add them.', input: 'Numbers.', output: 'A sum.', notes: 'None.' }),
        ],
        ...TESTS(4),
      ]),
    );
    expect(p).toMatchObject({
      problemId: 'sum-groups',
      title: 'Sum in Groups',
      description: 'Add them.',
      input: 'Numbers.',
      output: 'A sum.',
      hint: 'None.',
      timeLimit: 1500,
      memoryLimit: 64,
      type: ProblemType.OI,
      judgeMode: JudgeMode.Special,
      spjLanguage: 'C++',
      tags: ['math', 'implementation'],
      examples: [{ input: '1\n', output: '1\n' }],
      caseGroups: [{ groupNum: 1, score: 40, rule: 'all' }],
    });
    expect(p.spjCode).toContain('int util(){ return 1; }');
    expect(p.spjCode).toContain('#include "testlib.h"');
    expect(p.cases.map((c) => [c.score, c.groupNum ?? null])).toEqual([
      [0, null],
      [0, 1],
      [0, 1],
      [60, null],
    ]);
  });

  it('reads an ACM problem with an interactor and file IO', () => {
    const xml = XML(
      '<test method="manual"/><test method="manual"/>',
      '',
      '<interactor><source path="files/interactor.cpp" type="cpp.g++17"/></interactor>',
    ).replace('input-file="" output-file=""', 'input-file="in.txt" output-file="out.txt"');
    const [p] = parsePolygonArchive(
      map([
        ['pkg/problem.xml', xml],
        ['pkg/files/interactor.cpp', 'int main(){}'],
        ...TESTS(2).map(([n, c]) => [`pkg/${n}`, c] as [string, string]),
      ]),
    );
    expect(p).toMatchObject({
      type: ProblemType.ACM,
      judgeMode: JudgeMode.Interactive,
      isFileIO: true,
      ioReadFileName: 'in.txt',
      ioWriteFileName: 'out.txt',
    });
    expect(p.cases).toHaveLength(2);
  });

  it.each([
    ['no problem.xml', [['tests/01', '1']]],
    [
      'a generated test missing (a standard package)',
      [['problem.xml', XML('<test method="manual"/><test method="generated" cmd="gen"/>')], ...TESTS(1)],
    ],
    [
      'an answer missing',
      [
        ['problem.xml', XML('<test method="manual"/>')],
        ['tests/01', '1'],
      ],
    ],
    ['broken XML', [['problem.xml', '<problem><judging>'], ...TESTS(1)]],
    ['an entity declaration', [['problem.xml', '<!DOCTYPE p [<!ENTITY a "x">]><problem/>'], ...TESTS(1)]],
    [
      'a checker source not in the archive',
      [['problem.xml', XML('<test/>', '', '<checker><source path="files/check.cpp" type="cpp.g++17"/></checker>')], ...TESTS(1)],
    ],
    [
      'a checker language the judge does not know',
      [
        ['problem.xml', XML('<test/>', '', '<checker><source path="files/check.dpr" type="delphi.7"/></checker>')],
        ['files/check.dpr', 'x'],
        ...TESTS(1),
      ],
    ],
  ] as [string, [string, string][]][])('refuses %s', (_what, entries) => {
    expect(() => parsePolygonArchive(map(entries))).toThrow(ArchiveError);
  });
});
