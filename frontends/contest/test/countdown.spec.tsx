/** The header's clock in jsdom: a scheduled contest turns Running when its countdown reaches zero, no reload. */
import { act, useState } from 'react';
import { createRoot, Root } from 'react-dom/client';
import { LocaleProvider, setLocale } from '@oj/kit';
import { ContestStatusTag } from '../src/components/contest-tags';
import { ContestCountdown } from '../src/components/contest-countdown';
import { useContestClock } from '../src/lib/clock';
import { contestMessages } from '../src/locales';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Clock({ startTime, endTime, now }: { startTime: string; endTime: string; now: string }) {
  const [offset] = useState(() => new Date(now).getTime() - Date.now());
  const clock = useContestClock({ startTime, endTime, now }, offset);
  if (!clock) return null;
  return (
    <div>
      <ContestStatusTag status={clock.status} />
      <ContestCountdown countdown={clock.countdown} startTime={startTime} />
      <span data-testid="progress">{clock.progress}</span>
    </div>
  );
}

let root: Root;
let host: HTMLElement;
beforeEach(() => {
  jest.useFakeTimers();
  setLocale('en-US');
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  jest.useRealTimers();
});

it('moves from Scheduled to Running when the countdown reaches zero', async () => {
  const serverNow = Date.now() + 3600_000; // the server runs an hour ahead of this client
  const startTime = new Date(serverNow + 3000).toISOString();
  const endTime = new Date(serverNow + 3000 + 7200_000).toISOString();
  await act(async () =>
    root.render(
      <LocaleProvider messages={contestMessages}>
        <Clock startTime={startTime} endTime={endTime} now={new Date(serverNow).toISOString()} />
      </LocaleProvider>,
    ),
  );
  const status = () => host.querySelector('[data-testid="contest-status"]')!;
  const countdown = () => host.querySelector('[data-testid="contest-countdown"]')!;
  expect(status().textContent).toBe('Scheduled');
  expect(countdown().textContent).toBe('Starts in 00:00:03');
  expect(host.querySelector('[data-testid="progress"]')!.textContent).toBe('0');

  await act(async () => {
    jest.advanceTimersByTime(2000);
  });
  expect(countdown().textContent).toBe('Starts in 00:00:01');

  await act(async () => {
    jest.advanceTimersByTime(1000);
  });
  expect(status().textContent).toBe('Running');
  expect(status().getAttribute('data-status')).toBe('0');
  expect(countdown().textContent).toBe('Ends in 02:00:00');
});

it('shows Start At and a humanised time when the start is more than a week away', async () => {
  const now = new Date();
  const startTime = new Date(now.getTime() + (8 * 86400 + 3600) * 1000).toISOString();
  const endTime = new Date(now.getTime() + 9 * 86400 * 1000).toISOString();
  await act(async () =>
    root.render(
      <LocaleProvider messages={contestMessages}>
        <Clock startTime={startTime} endTime={endTime} now={now.toISOString()} />
      </LocaleProvider>,
    ),
  );
  const text = host.querySelector('[data-testid="contest-countdown"]')!.textContent;
  expect(text).toMatch(/^Start At \d{4}-\d\d-\d\d \d\d:\d\d:\d\d \(in 8 d 1 h\)$/);
});
