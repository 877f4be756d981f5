import { JudgeMode, ProblemAuth, ProblemType } from '@oj/contracts';
import {
  evenScores,
  examplesToString,
  fromProblem,
  NEW_PROBLEM,
  ProblemFormValues,
  readExamples,
  readExtraFiles,
  stringToExamples,
  toProblemDto,
  validateProblem,
} from './problemForm';
const OK_CTX = { judgeCodeCompiled: false, judgeCodeChanged: false, testcaseUploaded: true };

function values(patch: Partial<ProblemFormValues> = {}): ProblemFormValues {
  return {
    ...NEW_PROBLEM,
    problemId: 'P1000',
    title: 'A+B',
    languages: ['C++'],
    samples: [{ input: '1.in', output: '1.out' }],
    ...patch,
  };
}
const ids = (v: ProblemFormValues, ctx = OK_CTX) => validateProblem(v, ctx).map((e) => e.id);

describe('problem examples in HOJ format', () => {
  it('round-trips examples, line breaks and empty fields included', () => {
    const examples = [
      { input: '1 2\n', output: '3' },
      { input: '', output: 'x\ny' },
    ];
    const text = examplesToString(examples);
    expect(text).toBe('<input>1 2\n</input><output>3</output><input></input><output>x\ny</output>');
    expect(stringToExamples(text)).toEqual(examples);
    expect(stringToExamples(null)).toEqual([]);
  });

  it('reads examples and extra files in either API shape', () => {
    expect(readExamples([{ input: '1', output: '2' }])).toEqual([{ input: '1', output: '2' }]);
    expect(readExamples('<input>1</input><output>2</output>')).toEqual([{ input: '1', output: '2' }]);
    expect(readExtraFiles({ 'a.h': 'x' })).toEqual([{ name: 'a.h', content: 'x' }]);
    expect(readExtraFiles('{"a.h":"x"}')).toEqual([{ name: 'a.h', content: 'x' }]);
    expect(readExtraFiles('not json')).toEqual([]);
  });
});

describe('OI scores', () => {
  it('spreads 100 points over the cases, the remainder on the last ones', () => {
    expect(evenScores(3)).toEqual([33, 33, 34]);
    expect(evenScores(4)).toEqual([25, 25, 25, 25]);
    expect(evenScores(7).reduce((a, b) => a + b, 0)).toBe(100);
    expect(evenScores(0)).toEqual([]);
  });
});

describe('problem rules (product §5)', () => {
  it('accepts a complete problem', () => {
    expect(ids(values())).toEqual([]);
  });

  it('needs an input or an output file name in file IO mode', () => {
    expect(ids(values({ isFileIO: true }))).toEqual(['admin.problemEdit.fileIoNameRequired']);
    expect(ids(values({ isFileIO: true, ioReadFileName: '  ' }))).toEqual(['admin.problemEdit.fileIoNameRequired']);
    expect(ids(values({ isFileIO: true, ioReadFileName: 'a.in' }))).toEqual([]);
    expect(ids(values({ isFileIO: true, ioWriteFileName: 'a.out' }))).toEqual([]);
  });

  it('refuses duplicated tags, case-insensitively', () => {
    const errors = validateProblem(values({ tags: ['DP', 'greedy', 'dp'] }), OK_CTX);
    expect(errors).toEqual([{ id: 'admin.problemEdit.tagDuplicated', values: { tag: 'dp' } }]);
  });

  it('needs special or interactive code that compiled after its last change', () => {
    const spj = values({ judgeMode: JudgeMode.Special, spjLanguage: 'C++', spjCode: 'int main(){}' });
    expect(ids(values({ judgeMode: JudgeMode.Interactive }))).toEqual(['admin.problemEdit.judgeCodeRequired']);
    expect(ids(spj, { ...OK_CTX, judgeCodeChanged: true })).toEqual(['admin.problemEdit.judgeCodeNotCompiled']);
    expect(ids(spj, { ...OK_CTX, judgeCodeChanged: true, judgeCodeCompiled: true })).toEqual([]);
    expect(ids(spj, { ...OK_CTX, judgeCodeChanged: false })).toEqual([]);
  });

  it('requires OI scores to be integers of at least 0', () => {
    const oi = (score: number | null) => values({ type: ProblemType.OI, samples: [{ input: 'a', output: 'b', score }] });
    expect(ids(oi(10))).toEqual([]);
    expect(ids(oi(0))).toEqual([]);
    expect(ids(oi(-1))).toEqual(['admin.problemEdit.scoreInvalid']);
    expect(ids(oi(1.5))).toEqual(['admin.problemEdit.scoreInvalid']);
    expect(ids(oi(null))).toEqual(['admin.problemEdit.scoreInvalid']);
  });

  it('requires test data: an uploaded zip, or typed cases that are not empty', () => {
    expect(ids(values(), { ...OK_CTX, testcaseUploaded: false })).toEqual(['admin.problemEdit.testcaseRequired']);
    expect(ids(values({ isUploadCase: false, samples: [] }))).toEqual(['admin.problemEdit.testcaseRequired']);
    expect(ids(values({ isUploadCase: false, samples: [{ input: '', output: '' }] }))).toEqual(['admin.problemEdit.caseEmpty']);
  });

  it('requires a display id, a title, a language and non-empty enabled templates', () => {
    expect(ids(values({ problemId: ' ', title: '', languages: [] }))).toEqual([
      'admin.problemEdit.problemIdRequired',
      'admin.problemEdit.titleRequired',
      'admin.problemEdit.languagesRequired',
    ]);
    expect(ids(values({ codeTemplates: { 'C++': { status: true, code: '' } } }))).toEqual(['admin.problemEdit.templateEmpty']);
  });
});

describe('ProblemDto mapping', () => {
  it('builds the create payload with HOJ names', () => {
    const dto = toProblemDto(
      values({
        examples: [{ input: '1 2', output: '3' }],
        tags: ['dp', 'new-tag'],
        languages: ['C++', 'Python3'],
        codeTemplates: { Python3: { status: true, code: 'print()' }, 'C++': { status: false, code: '' } },
        isFileIO: true,
        ioReadFileName: 'in.txt',
        userExtraFiles: [{ name: 'lib.h', content: '#pragma once' }],
      }),
      { allTags: [{ id: 7, name: 'dp', oj: 'ME' }], uploadTestcaseDir: 'b3c1e0f2-0000-4000-8000-000000000001', author: 'root' },
    );
    expect(dto.problem).toMatchObject({
      problemId: 'P1000',
      title: 'A+B',
      author: 'root',
      examples: [{ input: '1 2', output: '3' }],
      isFileIO: true,
      ioReadFileName: 'in.txt',
      ioWriteFileName: null,
      auth: ProblemAuth.Public,
      judgeMode: JudgeMode.Default,
      spjCode: null,
      userExtraFile: { 'lib.h': '#pragma once' },
      judgeExtraFile: null,
      isUploadCase: true,
    });
    expect(dto.tags).toEqual([
      { id: 7, name: 'dp', oj: 'ME' },
      { name: 'new-tag', oj: 'ME' },
    ]);
    expect(dto.languages).toEqual(['C++', 'Python3']);
    expect(dto.codeTemplates).toEqual([{ language: 'Python3', code: 'print()', status: true }]);
    expect(dto).toMatchObject({
      isUploadTestCase: true,
      uploadTestcaseDir: 'b3c1e0f2-0000-4000-8000-000000000001',
      changeModeCode: false,
    });
    expect(dto.samples).toEqual([{ input: '1.in', output: '1.out', score: null, groupNum: null }]);
  });

  it('keeps the stored cases when editing without a new zip (their scores and groups still sent), and sends typed cases as text', () => {
    const original = { ...toProblemDto(values(), { allTags: [] }).problem, id: 42 };
    const kept = toProblemDto(values(), { original, allTags: [] });
    expect(kept).toMatchObject({ isUploadTestCase: true, samples: [{ input: '1.in', output: '1.out', score: null, groupNum: null }] });
    expect(kept.uploadTestcaseDir).toBeUndefined();
    const typed = toProblemDto(values({ isUploadCase: false, samples: [{ input: '1 2\n', output: '3\n' }] }), {
      original,
      allTags: [],
    });
    expect(typed).toMatchObject({ isUploadTestCase: false, samples: [{ input: '1 2\n', output: '3\n' }] });
  });

  it('marks the judge code as changed and keeps the stored id when editing', () => {
    const original = { ...toProblemDto(values(), { allTags: [] }).problem, id: 42, author: 'amy' };
    const dto = toProblemDto(values({ judgeMode: JudgeMode.Special, spjLanguage: 'C++', spjCode: 'x' }), {
      original,
      allTags: [],
      author: 'root',
    });
    expect(dto.problem).toMatchObject({ id: 42, author: 'amy', spjCode: 'x', spjLanguage: 'C++', judgeMode: 'spj' });
    expect(dto.changeModeCode).toBe(true);
    const same = toProblemDto(values({ judgeMode: JudgeMode.Special, spjLanguage: 'C++', spjCode: 'x' }), {
      original: dto.problem,
      allTags: [],
    });
    expect(same.changeModeCode).toBe(false);
  });

  it('reads a stored problem back into the form', () => {
    const dto = toProblemDto(values({ type: ProblemType.OI, samples: [{ input: 'a', output: 'b', score: 100 }], tags: ['dp'] }), {
      allTags: [],
    });
    const form = fromProblem(
      {
        ...dto.problem,
        id: 1,
        tags: [{ id: 7, name: 'dp' }],
        languages: ['C++'],
        codeTemplates: [{ language: 'Python3', code: 'print()' }],
      },
      [{ input: '1.in', output: '1.out', score: 100 }],
    );
    expect(form).toMatchObject({
      problemId: 'P1000',
      type: ProblemType.OI,
      tags: ['dp'],
      languages: ['C++'],
      codeTemplates: { Python3: { status: true, code: 'print()' } },
      isUploadCase: true,
      samples: [{ input: '1.in', output: '1.out', score: 100, groupNum: null }],
    });
  });

  it('sends OI test groups with the cases, drops them for ACM, and reads them back', () => {
    const groups = [
      { groupNum: 1, score: 40, rule: 'all' as const },
      { groupNum: 2, score: 60, rule: 'min' as const },
    ];
    const samples = [
      { input: '1.in', output: '1.out', score: 0, groupNum: 1 },
      { input: '2.in', output: '2.out', score: 0, groupNum: 2 },
    ];
    const oi = toProblemDto(values({ type: ProblemType.OI, caseGroups: groups, samples }), { allTags: [] });
    expect(oi.problem.caseGroups).toEqual(groups);
    expect(oi.samples.map((s) => s.groupNum)).toEqual([1, 2]);
    const acm = toProblemDto(values({ caseGroups: groups, samples }), { allTags: [] });
    expect(acm.problem.caseGroups).toBeNull();
    expect(acm.samples.map((s) => s.groupNum)).toEqual([null, null]);
    const form = fromProblem({ ...oi.problem, id: 1, tags: [], languages: ['C++'], codeTemplates: [] }, samples);
    expect(form.caseGroups).toEqual(groups);
  });

  it('refuses groups that do not fit the cases; grouped cases need no score of their own', () => {
    const ctx = { ...OK_CTX, testcaseUploaded: true };
    const base = { type: ProblemType.OI, samples: [{ input: '1.in', output: '1.out', score: null, groupNum: 1 }] };
    expect(ids(values({ ...base, caseGroups: [{ groupNum: 1, score: 10, rule: 'all' }] }), ctx)).toEqual([]);
    expect(ids(values({ ...base, caseGroups: [{ groupNum: 2, score: 10, rule: 'all' }] }), ctx)).toEqual([
      'admin.problemEdit.caseGroupsInvalid',
    ]);
    expect(
      ids(
        values({
          ...base,
          caseGroups: [
            { groupNum: 1, score: 10, rule: 'all' },
            { groupNum: 3, score: 5, rule: 'min' },
          ],
        }),
        ctx,
      ),
    ).toEqual(['admin.problemEdit.caseGroupsInvalid']);
  });

  it('sends the checker convention of a special judge or interactor, testlib otherwise, and reads it back', () => {
    const spj = toProblemDto(values({ judgeMode: JudgeMode.Special, spjLanguage: 'C++', spjCode: 'x', checkerProtocol: 'domjudge' }), {
      allTags: [],
    });
    expect(spj.problem.checkerProtocol).toBe('domjudge');
    expect(toProblemDto(values({ checkerProtocol: 'domjudge' }), { allTags: [] }).problem.checkerProtocol).toBe('testlib');
    const form = fromProblem({ ...spj.problem, id: 1, tags: [], languages: ['C++'], codeTemplates: [] }, []);
    expect(form.checkerProtocol).toBe('domjudge');
    expect(
      fromProblem({ ...spj.problem, checkerProtocol: undefined, id: 1, tags: [], languages: [], codeTemplates: [] }, []).checkerProtocol,
    ).toBe('testlib');
  });

  it('reads an imported remote problem as judged by its site: saved without test data, languages or judge code, its cases kept', () => {
    const stored = toProblemDto(values({ title: 'A + B Problem' }), { allTags: [] }).problem;
    const remote = fromProblem({ ...stored, id: 9, isRemote: true, remoteOj: 'HDU', tags: [], languages: [], codeTemplates: [] }, []);
    expect(remote.remoteOj).toBe('HDU');
    // a local problem with no cases and no languages is refused; the remote one is not
    expect(ids({ ...remote, remoteOj: undefined }, { ...OK_CTX, testcaseUploaded: false })).toEqual([
      'admin.problemEdit.languagesRequired',
      'admin.problemEdit.testcaseRequired',
    ]);
    expect(ids(remote, { ...OK_CTX, testcaseUploaded: false })).toEqual([]);
    // still checked: what every problem needs
    expect(ids({ ...remote, title: '' }, { ...OK_CTX, testcaseUploaded: false })).toEqual(['admin.problemEdit.titleRequired']);
    const dto = toProblemDto(remote, { original: { ...stored, id: 9, isRemote: true, remoteOj: 'HDU' }, allTags: [] });
    expect(dto).toMatchObject({ isUploadTestCase: true, samples: [], languages: [] });
    expect(dto).not.toHaveProperty('uploadTestcaseDir');
    expect(fromProblem({ ...stored, id: 1, tags: [], languages: ['C++'], codeTemplates: [] }, []).remoteOj).toBeUndefined();
  });
});
