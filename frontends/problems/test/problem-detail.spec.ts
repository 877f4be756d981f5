import { codeProblem } from '../src/pages/problem-detail';
import { initialLanguage, loadCode, saveCode } from '../src/pages/problem-detail/code-storage';
import { parseSseChunk } from '../src/pages/problem-detail/use-submission-watch';
import { monacoLanguage } from '../src/editor/themes';

describe('code submit rules (product §5)', () => {
  it('refuses empty code and code over 65535 characters', () => {
    expect(codeProblem('   \n')).toBe('problems.submit.codeEmpty');
    expect(codeProblem('x'.repeat(65536))).toBe('problems.submit.codeTooLong');
    expect(codeProblem('x'.repeat(65535))).toBeNull();
  });
});

describe('code kept per problem', () => {
  it('restores the code and language of a problem', () => {
    saveCode('1001', { language: 'Python3', code: 'print(1)' });
    expect(loadCode('1001')).toEqual({ language: 'Python3', code: 'print(1)' });
    expect(loadCode('1002')).toBeNull();
  });

  it('starts with the stored language, else the last chosen, else C++', () => {
    const allowed = ['C', 'C++', 'Python3'];
    expect(initialLanguage(allowed, { language: 'Python3', code: '' }, 'C')).toBe('Python3');
    expect(initialLanguage(allowed, null, 'C')).toBe('C');
    expect(initialLanguage(allowed, null, 'Rust')).toBe('C++');
  });
});

describe('submission events', () => {
  it('parses complete SSE events and keeps the unfinished rest', () => {
    const { events, rest } = parseSseChunk(
      'data: {"submitId":1,"status":6,"final":false}\n\ndata: {"submitId":1,"status":7,"caseIndex":1,"caseCount":3,"final":false}\n\ndata: {"sub',
    );
    expect(events).toEqual([
      { submitId: 1, status: 6, final: false },
      { submitId: 1, status: 7, caseIndex: 1, caseCount: 3, final: false },
    ]);
    expect(rest).toBe('data: {"sub');
  });
});

describe('editor language', () => {
  it('maps judge language names to monaco modes', () => {
    expect(monacoLanguage('C++ 17 With O2')).toBe('cpp');
    expect(monacoLanguage('C')).toBe('cpp');
    expect(monacoLanguage('Java')).toBe('java');
    expect(monacoLanguage('JavaScript Node')).toBe('javascript');
    expect(monacoLanguage('Python3')).toBe('python');
    expect(monacoLanguage('Golang')).toBe('go');
    expect(monacoLanguage('C#')).toBe('csharp');
  });
});
