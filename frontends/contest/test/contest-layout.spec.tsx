/**
 * The /contest/:id screens in jsdom with the contest calls answered in memory: the password form and the
 * disabled menu of a protected contest before its start, the seal notice on the rank and the public board
 * of a sealed one, followed users on the rank, and the unread announcements popup.
 */
import '../../kit/test/jsdom-setup';
import { act } from 'react';
import { createRoot, Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { AfterEndSeal, ContestAuth, ContestInfo, ContestStatus, ContestType, OiScoreType, RankShowName, SealMode } from '@oj/contracts';
import { DEFAULT_WEBSITE_CONFIG, LocaleProvider, authStore, setLocale, websiteConfigStore } from '@oj/kit';
import { ContestRoutes } from '../src/root';
import { contestMessages } from '../src/locales';
import * as api from '../src/api/contest';

jest.mock('../src/api/contest');
// antd's table and menu render slowly in jsdom on a busy machine (the first test, which also loads antd, took over
// 30 s at load 20): a slow machine waits, a wrong page still fails on its expectations.
jest.setTimeout(120_000);
const mocked = api as jest.Mocked<typeof api>;

function contest(over: Partial<ContestInfo>): ContestInfo {
  const now = Date.now();
  return {
    id: 5,
    uid: 'author-uid',
    author: 'author',
    title: 'Autumn Cup',
    description: 'Good luck',
    type: ContestType.ACM,
    auth: ContestAuth.Public,
    startTime: new Date(now - 3600_000).toISOString(),
    endTime: new Date(now + 3600_000).toISOString(),
    duration: 7200,
    status: ContestStatus.Running,
    now: new Date(now).toISOString(),
    sealRank: false,
    sealMode: SealMode.LastHour,
    sealRankTime: null,
    afterEndSeal: AfterEndSeal.AutoUnseal,
    rankUnsealed: false,
    oiRankScoreType: OiScoreType.Recent,
    starAccount: [],
    rankShowName: RankShowName.Username,
    openPrint: false,
    openAccountLimit: false,
    accountLimitRule: null,
    visible: true,
    gid: null,
    allowVirtual: true,
    ...over,
  };
}

let root: Root;
let host: HTMLElement;

async function renderAt(path: string) {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  await act(async () =>
    root.render(
      <LocaleProvider messages={contestMessages}>
        <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
          <ContestRoutes />
        </MemoryRouter>
      </LocaleProvider>,
    ),
  );
  await act(async () => {
    await new Promise((r) => setTimeout(r, 20));
  });
}

const q = (sel: string) => host.querySelector(sel);

beforeEach(() => {
  setLocale('en-US');
  websiteConfigStore.set({ config: DEFAULT_WEBSITE_CONFIG, loaded: true });
  localStorage.setItem('token', 'Bearer t');
  authStore.set({ uid: 'user-uid', username: 'amy', roleList: ['default_user'] });
  mocked.getContestAccess.mockResolvedValue({ access: false });
  mocked.getNotReadAnnouncements.mockResolvedValue([]);
  mocked.getContestProblems.mockResolvedValue([]);
  mocked.getContestRank.mockResolvedValue({ records: [], total: 0, size: 50, current: 1, pages: 0 });
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  jest.resetAllMocks();
});

it('shows a protected contest before its start with the password form and the menu disabled', async () => {
  const now = Date.now();
  const info = contest({
    auth: ContestAuth.Protected,
    status: ContestStatus.Scheduled,
    startTime: new Date(now + 600_000).toISOString(),
    endTime: new Date(now + 4200_000).toISOString(),
  });
  mocked.getContestInfo.mockResolvedValue({ data: info, receivedAt: now });
  await renderAt('/5');

  expect(q('[data-testid="contest-title"]')!.textContent).toBe('Autumn Cup');
  expect(q('[data-testid="contest-status"]')!.getAttribute('data-status')).toBe(String(ContestStatus.Scheduled));
  expect(q('[data-testid="contest-countdown"]')!.textContent).toMatch(/^Starts in 00:(09|10):\d\d$/);
  expect(q('[data-testid="contest-progress"]')!.getAttribute('data-percent')).toBe('0');
  expect(q('[data-testid="contest-password-form"]')!.textContent).toContain('enter its password to submit');
  const rank = q('[data-testid="contest-menu-rank"]')!;
  expect(rank.className).toContain('ant-menu-item-disabled');
  expect(mocked.getContestAccess).toHaveBeenCalledWith(5);
});

it('tells a contestant the rank is sealed and since when', async () => {
  const now = Date.now();
  const info = contest({ sealRank: true, sealMode: SealMode.LastHour, endTime: new Date(now + 1800_000).toISOString() });
  mocked.getContestInfo.mockResolvedValue({ data: info, receivedAt: now });
  await renderAt('/5/rank');

  expect(q('[data-testid="seal-notice"]')!.textContent).toMatch(
    /^The board is sealed since \d{4}-\d\d-\d\d \d\d:\d\d:\d\d: later submissions/,
  );
  expect(mocked.getContestRank).toHaveBeenCalledWith(expect.objectContaining({ cid: 5, currentPage: 1, removeStar: false }), false);
  expect(q('[data-testid="contest-password-form"]')).toBeNull();
});

const announcement = {
  id: 7,
  cid: 5,
  title: 'Clarification',
  content: 'A fits in 64 bits',
  uid: 'author-uid',
  visible: true,
  gmtCreate: new Date().toISOString(),
  gmtModified: new Date().toISOString(),
};

it('pops up an unread announcement over the overview, but not over the announcement screen', async () => {
  mocked.getContestInfo.mockResolvedValue({ data: contest({}), receivedAt: Date.now() });
  mocked.getNotReadAnnouncements.mockResolvedValue([announcement]);
  mocked.getContestAnnouncements.mockResolvedValue({ records: [announcement], total: 1, size: 10, current: 1, pages: 1 });
  await renderAt('/5');
  expect(document.querySelector('[data-testid="unread-announcement"]')!.textContent).toContain('Clarification');
  await act(async () => root.unmount());
  host.remove();
  document.body.innerHTML = '';

  await renderAt('/5/announcement');
  expect(q('[data-testid="contest-announcements"]')!.textContent).toContain('Clarification');
  expect(document.querySelector('[data-testid="unread-announcement"]')).toBeNull();
});

it('shows nobody when only followed users are asked for and none is followed', async () => {
  mocked.getContestInfo.mockResolvedValue({ data: contest({}), receivedAt: Date.now() });
  const row = {
    rank: 1,
    uid: 'bob-uid',
    username: 'bob',
    nickname: null,
    realname: null,
    school: null,
    avatar: null,
    gender: 'secrecy',
    showName: 'bob',
    isStar: false,
    ac: 0,
    total: 0,
    penalty: 0,
    totalTime: 0,
    submissionInfo: {},
  };
  mocked.getContestRank.mockResolvedValue({ records: [row] as never, total: 1, size: 50, current: 1, pages: 1 });
  await renderAt('/5/rank');
  expect(host.querySelectorAll('[data-testid="rank-user"]')).toHaveLength(1);

  await act(async () =>
    (q('input[data-testid="rank-only-followed"], [data-testid="rank-only-followed"] input') as HTMLInputElement).click(),
  );
  await act(async () => {
    await new Promise((r) => setTimeout(r, 20));
  });
  expect(host.querySelectorAll('[data-testid="rank-user"]')).toHaveLength(0);
});

it('tells a visitor of the public board that it is sealed', async () => {
  authStore.set(null);
  localStorage.removeItem('token');
  const now = Date.now();
  const info = contest({ sealRank: true, sealMode: SealMode.LastHour, endTime: new Date(now + 1800_000).toISOString() });
  mocked.getContestOutsideInfo.mockResolvedValue({ data: { contest: info, problemList: [] }, receivedAt: now });
  mocked.getOutsideScoreboard.mockResolvedValue({ records: [], total: 0, size: 50, current: 1, pages: 0 });
  await renderAt('/acm-scoreboard/5');

  expect(q('[data-testid="public-scoreboard"]')).not.toBeNull();
  expect(q('[data-testid="seal-notice"]')!.textContent).toMatch(/^The board is sealed since \d{4}-\d\d-\d\d \d\d:\d\d:\d\d: later/);
});

it('pages the public board and ranks the contests of ?cids= with it', async () => {
  authStore.set(null);
  localStorage.removeItem('token');
  const now = Date.now();
  mocked.getContestOutsideInfo.mockResolvedValue({ data: { contest: contest({}), problemList: [] }, receivedAt: now });
  const user = { uid: 'u1', username: 'amy', nickname: null, realname: null, school: null, avatar: null, gender: null, showName: 'amy' };
  const row = { ...user, rank: 1, isStar: false, ac: 0, total: 0, penalty: 0, totalTime: 0, submissionInfo: {}, cid: 6 };
  mocked.getOutsideScoreboard.mockResolvedValue({ records: [row], total: 120, size: 50, current: 1, pages: 3 });
  await renderAt('/acm-scoreboard/5?cids=6,x,5,6');

  expect(mocked.getOutsideScoreboard).toHaveBeenLastCalledWith(
    expect.objectContaining({ cid: 5, currentPage: 1, limit: 50, externalCidList: [6] }),
  );
  expect(q('[data-testid="merged-contests"]')!.textContent).toBe('Ranked together with contests #6');
  expect(host.querySelectorAll('.ant-pagination-item')).toHaveLength(3);
  await act(async () => (q('.ant-pagination-item-2') as HTMLElement).click());
  expect(mocked.getOutsideScoreboard).toHaveBeenLastCalledWith(expect.objectContaining({ currentPage: 2, limit: 50 }));
});

it('marks a print request printed only when the print window opened', async () => {
  authStore.set({ uid: 'author-uid', username: 'author', roleList: ['default_user'] });
  mocked.getContestInfo.mockResolvedValue({ data: contest({ openPrint: true }), receivedAt: Date.now() });
  const request = { id: 3, cid: 5, uid: 'amy-uid', username: 'amy', realname: null, content: 'x'.repeat(60), status: 0, gmtCreate: '' };
  mocked.getContestPrints.mockResolvedValue({ records: [request], total: 1, size: 10, current: 1, pages: 1 });
  mocked.checkContestPrint.mockResolvedValue(null);
  const open = jest.spyOn(window, 'open').mockReturnValue(null);
  await renderAt('/5/admin-print');
  const printButton = () => q('[data-testid="contest-admin-print"] .ant-table-row button') as HTMLButtonElement;

  await act(async () => printButton().click());
  expect(open).toHaveBeenCalledTimes(1);
  expect(mocked.checkContestPrint).not.toHaveBeenCalled();

  const print = jest.fn();
  open.mockReturnValue({ document: document.implementation.createHTMLDocument(), print } as unknown as Window);
  await act(async () => printButton().click());
  expect(print).toHaveBeenCalledTimes(1);
  expect(mocked.checkContestPrint).toHaveBeenCalledWith(5, 3);
  open.mockRestore();
});

it('acknowledges the popup on the server too, so another browser does not show it again (issue 21)', async () => {
  mocked.getContestInfo.mockResolvedValue({ data: contest({}), receivedAt: Date.now() });
  mocked.getNotReadAnnouncements.mockResolvedValue([announcement]);
  mocked.readAnnouncements.mockResolvedValue(null);
  await renderAt('/5');
  const ok = document.querySelector('.ant-modal-footer .ant-btn-primary') as HTMLElement;
  await act(async () => ok.click());
  expect(mocked.readAnnouncements).toHaveBeenCalledWith(5, [7]);
  expect(JSON.parse(localStorage.getItem('contestReadAnnouncements:5') || '[]')).toEqual([7]);
});

it("offers a private contest's public board (外榜) only to its admins, never to others (issue 37)", async () => {
  const open = contest({ id: 5, title: 'Open Cup' });
  const closed = contest({ id: 6, title: 'Class Test', auth: ContestAuth.Private });
  mocked.getContestList.mockResolvedValue({ records: [open, closed], total: 2, size: 10, current: 1, pages: 1 });
  await renderAt('/');
  const links = () => Array.from(host.querySelectorAll('[data-testid="contest-outside-board"]')).map((a) => a.getAttribute('href'));
  expect(links()).toEqual(['/acm-scoreboard/5']);
  await act(async () => root.unmount());
  host.remove();

  authStore.set({ uid: 'author-uid', username: 'author', roleList: ['default_user'] });
  await renderAt('/');
  expect(links()).toEqual(['/acm-scoreboard/5', '/acm-scoreboard/6']);
});
