/**
 * The resolver's board in jsdom (issue 35): keys step and reveal a team, an award card waits for the next key, auto
 * play steps on its own, and a board of 10,000 teams renders only a window of rows.
 */
import { act } from 'react';
import { createRoot, Root } from 'react-dom/client';
import type { AcmProblemCell, ResolverData, ResolverTeam } from '@oj/contracts';
import { LocaleProvider, setLocale } from '@oj/kit';
import { AUTO_STEP_MS, ResolverBoard, resolverCell } from '../src/pages/resolver/resolver-board';
import { ResolverState } from '../src/pages/resolver/resolver-state';
import { contestMessages } from '../src/locales';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ac = (minute: number, errorNum = 0, isFirstAC = false): AcmProblemCell => ({
  isAC: true,
  ACTime: minute * 60,
  errorNum,
  tryNum: 0,
  isFirstAC,
});
const pend = (errorNum: number, tryNum: number): AcmProblemCell => ({ isAC: false, errorNum, tryNum, isFirstAC: false });
const team = (username: string, sealed: Record<string, AcmProblemCell>, final = sealed): ResolverTeam => ({
  uid: `u-${username}`,
  username,
  showName: username,
  school: null,
  isStar: false,
  sealed,
  final,
});
const data = (teams: ResolverTeam[]): ResolverData => ({
  cid: 1,
  title: 'Final',
  startTime: '2026-01-01T00:00:00Z',
  sealTime: '2026-01-01T04:00:00Z',
  endTime: '2026-01-01T05:00:00Z',
  penaltyMinutes: 20,
  problems: ['A', 'B'].map((displayId) => ({ displayId, title: `Problem ${displayId}`, color: null })),
  teams,
});

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

const render = async (d: ResolverData, state: ResolverState) =>
  act(async () =>
    root.render(
      <LocaleProvider messages={contestMessages}>
        <ResolverBoard data={d} state={state} onClose={() => undefined} />
      </LocaleProvider>,
    ),
  );
const press = (key: string) => act(async () => void window.dispatchEvent(new KeyboardEvent('keydown', { key })));
const board = () => host.querySelector('[data-testid="resolver-board"]')!;
const rows = () =>
  [...host.querySelectorAll('[data-testid="resolver-row"]')]
    .map((r) => [Number(r.getAttribute('data-pos')), r.getAttribute('data-username'), r.getAttribute('data-rank')] as const)
    .sort((a, b) => a[0] - b[0]);

describe('resolver board', () => {
  const small = () =>
    data([
      team('top', { A: ac(10, 0, true) }),
      team('mid', { A: ac(20) }),
      team('low', { A: pend(0, 1), B: pend(1, 1) }, { A: ac(250), B: ac(260, 1, true) }),
    ]);

  it('steps with Space, reveals a team with Enter, and shows awards until the next key', async () => {
    const d = small();
    const state = new ResolverState(d, { gold: 1, silver: 0, bronze: 0 });
    await render(d, state);
    expect(rows().map((r) => r[1])).toEqual(['top', 'mid', 'low']);
    expect(host.querySelector('[data-selected]')?.getAttribute('data-username')).toBe('low');
    expect(board().getAttribute('data-pending')).toBe('2');
    await press(' ');
    expect(board().getAttribute('data-pending')).toBe('1');
    expect(host.querySelector('[data-username="low"] [data-testid="resolver-cell-A"]')?.getAttribute('data-kind')).toBe('ac');
    await press('Enter');
    // low solved both and moved to the top; then mid (nothing), top (first on A) and low (gold, winner, first on B)
    // are finalised bottom up, and their awards wait in that order
    expect(rows().map((r) => r[1])).toEqual(['low', 'top', 'mid']);
    expect(board().getAttribute('data-done')).toBe('true');
    const award = () => host.querySelector('[data-testid="resolver-award"]');
    expect(award()?.getAttribute('data-uid')).toBe('u-top');
    expect(award()?.textContent).toContain('First to solve A Problem A');
    await press(' ');
    expect(award()?.getAttribute('data-uid')).toBe('u-low');
    expect(award()?.textContent).toContain('Champion');
    expect(award()?.textContent).toContain('Gold medal');
    await press('n');
    expect(award()).toBeNull();
  });

  it('auto play steps on its own until A stops it', async () => {
    const d = small();
    const state = new ResolverState(d, { gold: 0, silver: 0, bronze: 0 });
    await render(d, state);
    await press('a');
    expect(board().getAttribute('data-auto')).toBe('true');
    await act(async () => void jest.advanceTimersByTime(AUTO_STEP_MS + 10));
    expect(board().getAttribute('data-pending')).toBe('1');
    await press('A');
    await act(async () => void jest.advanceTimersByTime(5 * AUTO_STEP_MS));
    expect(board().getAttribute('data-pending')).toBe('1');
  });

  it('renders a window of rows of a 10,000-team board', async () => {
    const teams = Array.from({ length: 10_000 }, (_, i) =>
      team(`t${String(i).padStart(5, '0')}`, { A: pend(0, 1) }, { A: ac(240 + (i % 50)) }),
    );
    const d = data(teams);
    const state = new ResolverState(d);
    await render(d, state);
    expect(rows().length).toBeLessThan(60);
    await press(' ');
    // the bottom team solved A and moved to the top; still a window (plus the moving row)
    expect(rows().length).toBeLessThan(60);
    expect(state.teamAt(0).team.username).toBe('t09999');
  });

  it('writes cells as minute and tries, rejected tries, pending tries', () => {
    expect(resolverCell(ac(125, 2), false)).toEqual({ kind: 'ac', main: '125', sub: '3' });
    expect(resolverCell(ac(5, 0, true), false).kind).toBe('first');
    expect(resolverCell({ isAC: false, errorNum: 2, tryNum: 0, isFirstAC: false }, false)).toEqual({ kind: 'wrong', main: '-2', sub: '' });
    expect(resolverCell(pend(1, 3), true)).toEqual({ kind: 'pending', main: '+3?', sub: '-1' });
    expect(resolverCell(undefined, false).kind).toBe('none');
  });
});
