/** Issue 38: a pending submission shows its place in the judge queue and the estimated wait, in both languages. */
import { act } from 'react';
import { createRoot, Root } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { JudgeStatus, SubmissionInfo } from '@oj/contracts';
import { QueuePlace, kitMessages } from '@oj/kit';
import { applySubmissionEvent } from '../src/pages/problem-detail/use-submission-watch';
import enUS from '../src/locales/en-US';
import zhCN from '../src/locales/zh-CN';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let host: HTMLDivElement;
let root: Root;
beforeEach(() => {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

const text = (locale: 'en-US' | 'zh-CN', node: React.ReactNode) => {
  act(() =>
    root.render(
      <IntlProvider locale={locale} messages={{ ...kitMessages[locale], ...(locale === 'en-US' ? enUS : zhCN) }}>
        {node}
      </IntlProvider>,
    ),
  );
  return host.textContent;
};

describe('queue place', () => {
  it('tells the place and the wait of a pending submission', () => {
    const place = <QueuePlace status={JudgeStatus.Pending} queuePosition={3} queueWaitSeconds={12} />;
    expect(text('en-US', place)).toBe('#3 in queue · about 12 s');
    expect(text('zh-CN', place)).toBe('排队第 3 位 · 约 12 秒');
  });

  it('tells only the place while no rate is known, and nothing once taken or judged', () => {
    expect(text('en-US', <QueuePlace status={JudgeStatus.Pending} queuePosition={1} queueWaitSeconds={null} />)).toBe('#1 in queue');
    expect(text('zh-CN', <QueuePlace status={JudgeStatus.Pending} queuePosition={1} queueWaitSeconds={null} />)).toBe('排队第 1 位');
    expect(text('en-US', <QueuePlace status={JudgeStatus.Pending} queuePosition={null} queueWaitSeconds={null} />)).toBe('');
    expect(text('en-US', <QueuePlace status={JudgeStatus.Compiling} queuePosition={2} queueWaitSeconds={4} />)).toBe('');
  });
});

describe('pushed events', () => {
  const waiting: SubmissionInfo = {
    submitId: 7,
    pid: 1,
    username: 'u',
    submitTime: '2024-01-01T00:00:00Z',
    status: JudgeStatus.Pending,
    language: 'C++',
    time: null,
    memory: null,
    queuePosition: 5,
    queueWaitSeconds: 30,
  };

  it('moves the place as the stream tells, and drops it once the submission is taken', () => {
    const moved = applySubmissionEvent(waiting, {
      submitId: 7,
      status: JudgeStatus.Pending,
      queuePosition: 2,
      queueWaitSeconds: 9,
      final: false,
    });
    expect(moved).toMatchObject({ status: JudgeStatus.Pending, queuePosition: 2, queueWaitSeconds: 9 });
    const taken = applySubmissionEvent(moved, { submitId: 7, status: JudgeStatus.Compiling, final: false });
    expect(taken).toMatchObject({ status: JudgeStatus.Compiling, queuePosition: null, queueWaitSeconds: null });
    const done = applySubmissionEvent(taken, { submitId: 7, status: JudgeStatus.Accepted, time: 3, memory: 1024, final: true });
    expect(done).toMatchObject({ status: JudgeStatus.Accepted, time: 3, memory: 1024, queuePosition: null });
  });

  it('keeps the place when a Pending event carries none', () => {
    expect(applySubmissionEvent(waiting, { submitId: 7, status: JudgeStatus.Pending, final: false })).toMatchObject({
      queuePosition: 5,
      queueWaitSeconds: 30,
    });
  });
});
