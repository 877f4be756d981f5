/** The custom-input run says what it is (issue 21): "run finished" with nothing compared, a compile error's text alone. */
import { act, createElement } from 'react';
import { Root, createRoot } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { JudgeStatus, TestJudgeAnswer } from '@oj/contracts';
import { kitMessages } from '../../kit/src/i18n/locale-provider';
import zhCN from '../src/locales/zh-CN';
import { TestJudge } from '../src/pages/problem-detail/test-judge';

jest.mock('../src/api/problems', () => ({
  submitTestJudge: jest.fn(async () => 'key-1'),
  getTestJudgeResult: jest.fn(),
}));
const api = require('../src/api/problems') as { getTestJudgeResult: jest.Mock };

(globalThis as unknown as { IS_REACT_ACT_ENVIRONMENT: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
window.matchMedia =
  window.matchMedia ||
  ((() => ({
    matches: false,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia);

let root: Root;
let host: HTMLElement;
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

async function runWith(answer: TestJudgeAnswer): Promise<HTMLElement> {
  api.getTestJudgeResult.mockResolvedValue(answer);
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  act(() =>
    root.render(
      createElement(
        IntlProvider,
        { locale: 'zh-CN', messages: { ...kitMessages['zh-CN'], ...zhCN } },
        createElement(TestJudge, { pid: '1001', language: 'C++', code: 'int main(){}', defaultInput: '1 2', validate: () => true }),
      ),
    ),
  );
  await act(async () => {
    (host.querySelector('[data-testid="test-judge-run"]') as HTMLElement).click();
    await new Promise((r) => setTimeout(r, 20));
  });
  return host;
}

const result = (status: number, extra: Partial<NonNullable<TestJudgeAnswer['result']>> = {}): TestJudgeAnswer => ({
  status,
  result: { status: status as never, time: 0, memory: 0, stdout: '', stderr: '', exitCode: 0, ...extra },
});

describe('test judge labels', () => {
  it('labels a clean run "运行完成" with no comparison, never "通过", and shows the output', async () => {
    const el = await runWith(result(JudgeStatus.Accepted, { stdout: '3\n', time: 12, memory: 2048 }));
    expect(el.querySelector('[data-testid="test-judge-finished"]')?.textContent).toBe('运行完成');
    expect(el.querySelector('[data-testid="test-judge-no-compare"]')?.textContent).toBe('没有预期输出，未作比对');
    expect(el.textContent).not.toContain('通过');
    expect(el.querySelector('[data-testid="test-judge-output"]')?.textContent).toBe('3\n');
    expect(el.textContent).toContain('12ms');
  });

  it('shows a compile error as its text alone: no time, memory or output box', async () => {
    const el = await runWith(result(JudgeStatus.CompileError, { compileInfo: "error: expected ';'", exitCode: 1 }));
    expect(el.querySelector('[data-testid="test-judge-compile-info"]')?.textContent).toBe("error: expected ';'");
    expect(el.querySelector('[data-testid="test-judge-output"]')).toBeNull();
    expect(el.textContent).not.toContain('0ms');
    expect(el.textContent).not.toContain('0KB');
    expect(el.querySelector('[data-testid="test-judge-finished"]')).toBeNull();
  });

  it('keeps the verdict of a run that failed (runtime error)', async () => {
    const el = await runWith(result(JudgeStatus.RuntimeError, { stderr: 'Segmentation fault', exitCode: 139 }));
    expect(el.querySelector('[data-testid="test-judge-finished"]')).toBeNull();
    expect(el.textContent).toContain('Segmentation fault');
  });
});
