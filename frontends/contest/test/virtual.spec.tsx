/**
 * Virtual participation (issue 35) on the contest's screens in jsdom, the calls answered through kit's client
 * (`api.defaults.adapter`): the card of an ended contest starts a run only after the confirmation and the banner
 * then counts down by the server's clock; the problem page submits during the run (and not without one, nor after
 * it), with the upsolve link only for a problem the answer says is public; the rank page switches to the virtual
 * board, paged and polled, with the virtual rows marked.
 */
import '../../kit/test/jsdom-setup';
import { act } from 'react';
import { createRoot, Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import {
  AfterEndSeal,
  ContestAuth,
  ContestInfo,
  ContestStatus,
  ContestType,
  ERR,
  OiScoreType,
  RankShowName,
  SealMode,
  VIRTUAL_CONTEST_API,
  VirtualRun,
} from '@oj/contracts';
import type { AdapterRequest } from '@oj/kit';
import { DEFAULT_WEBSITE_CONFIG, LocaleProvider, api, authStore, setLocale, websiteConfigStore } from '@oj/kit';
import { ContestRoutes } from '../src/root';
import { contestMessages } from '../src/locales';
import { useVirtualRank } from '../src/pages/rank/use-virtual-rank';

// The problems remote's workspace (monaco) stands in as its props: the submit button disabled with the reason, and
// the submit call the page hands it.
jest.mock('problems/workspace', () => ({
  __esModule: true,
  default: (p: { disabledReason?: string | null; submit: (r: { language: string; code: string }) => Promise<unknown> }) => (
    <div data-testid="submit-panel">
      {p.disabledReason && <div data-testid="submit-disabled">{p.disabledReason}</div>}
      <button
        data-testid="submit-code"
        disabled={!!p.disabledReason}
        onClick={() => void p.submit({ language: 'C++', code: 'int main(){}' })}
      >
        Submit
      </button>
    </div>
  ),
}));
jest.setTimeout(120_000);

const HOUR = 3600_000;
/** The server's clock runs an hour ahead of this browser's: every countdown must follow the server's `now`. */
const SKEW = HOUR;
const serverNow = () => Date.now() + SKEW;

function endedContest(over: Partial<ContestInfo> = {}): ContestInfo {
  const now = serverNow();
  return {
    id: 5,
    uid: 'author-uid',
    author: 'author',
    title: 'Autumn Cup',
    description: 'Good luck',
    type: ContestType.ACM,
    auth: ContestAuth.Public,
    startTime: new Date(now - 3 * HOUR).toISOString(),
    endTime: new Date(now - HOUR).toISOString(),
    duration: 7200,
    status: ContestStatus.Ended,
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

function runningRun(msLeft = 2 * HOUR): VirtualRun {
  const now = serverNow();
  return {
    id: 1,
    cid: 5,
    uid: 'user-uid',
    username: 'amy',
    startTime: new Date(now + msLeft - 2 * HOUR).toISOString(),
    endTime: new Date(now + msLeft).toISOString(),
    now: new Date(now).toISOString(),
    status: 'running',
  };
}

const rankRow = (username: string, rank: number, isVirtual?: boolean) => ({
  rank,
  uid: `${username}-uid`,
  username,
  nickname: null,
  realname: null,
  school: null,
  avatar: null,
  gender: null,
  showName: username,
  isStar: false,
  ...(isVirtual === undefined ? {} : { isVirtual }),
  ac: 1,
  total: 1,
  penalty: 20,
  totalTime: 1200,
  submissionInfo: { A: { isAC: true, ACTime: 1200, errorNum: 0, tryNum: 0, isFirstAC: false } },
});

interface Sent {
  method: string;
  url: string;
  params: Record<string, unknown>;
  body: Record<string, unknown> | undefined;
}
let sent: Sent[] = [];
let server: {
  contest: ContestInfo;
  run: VirtualRun | null;
  problemExtra: Record<string, unknown>;
  problemAuth?: number;
};

function answer(req: Sent): unknown {
  switch (req.url) {
    case '/get-contest-info':
      return server.contest;
    case '/get-contest-access':
      return { access: true };
    case '/get-contest-not-read-announcement':
      return [];
    case '/get-contest-problem':
      return [{ id: 11, cid: 5, pid: 100, displayId: 'A', displayTitle: 'Sum', color: null, ac: 1, total: 2 }];
    case VIRTUAL_CONTEST_API.mine:
      return server.run;
    case VIRTUAL_CONTEST_API.start:
      server.run = runningRun();
      return server.run;
    case '/get-contest-problem-details':
      return {
        problem: {
          id: 100,
          problemId: 'A',
          title: 'Sum',
          type: 0,
          judgeMode: 'default',
          timeLimit: 1000,
          memoryLimit: 256,
          stackLimit: 128,
          description: 'Add',
          input: '',
          output: '',
          examples: '',
          difficulty: 0,
          ...(server.problemAuth === undefined ? {} : { auth: server.problemAuth }),
        },
        contestProblem: { id: 11, cid: 5, pid: 100, displayId: 'A', displayTitle: 'Sum', color: null },
        tags: [],
        languages: ['C++'],
        problemCount: null,
        myLatestSubmission: null,
        now: new Date(serverNow()).toISOString(),
        ...server.problemExtra,
      };
    case '/submit-problem-judge':
      return { submitId: 77, status: 5, cid: 0, displayPid: 'P1000' };
    case '/get-contest-rank':
      return { records: [rankRow('bob', 1)], total: 1, size: 50, current: 1, pages: 1 };
    case '/contest-submissions': {
      const row = (submitId: number, username: string, isVirtual?: boolean) => ({
        submitId,
        uid: `${username}-uid`,
        username,
        pid: 100,
        displayId: 'A',
        title: 'Sum',
        status: 0,
        time: 10,
        memory: 1024,
        score: null,
        length: 20,
        language: 'C++',
        submitTime: new Date(serverNow() - 2 * HOUR).toISOString(),
        cid: isVirtual ? 0 : 5,
        ...(isVirtual === undefined ? {} : { isVirtual }),
      });
      return { records: [row(78, 'amy', true), row(12, 'bob')], total: 2, size: 40, current: 1, pages: 1 };
    }
    case VIRTUAL_CONTEST_API.rank:
      return {
        records: [rankRow('bob', 1, false), rankRow('amy', 2, true)],
        total: 120,
        size: 50,
        current: Number(req.params.currentPage),
        pages: 3,
        elapsedMs: (42 * 60 + 5) * 1000,
        durationMs: 2 * HOUR,
      };
    default:
      return null;
  }
}

beforeAll(() => {
  api.defaults.adapter = async (config: AdapterRequest) => {
    const req: Sent = {
      method: String(config.method).toUpperCase(),
      url: String(config.url),
      params: { ...(config.params as object) },
      body: config.data ? JSON.parse(config.data as string) : undefined,
    };
    sent.push(req);
    return { data: { status: 200, msg: 'success', data: answer(req) }, status: 200, headers: {}, config };
  };
});

let root: Root | null = null;
let host: HTMLElement;

const settle = (ms = 30) =>
  act(async () => {
    await new Promise((r) => setTimeout(r, ms));
  });
async function until(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i++) await settle();
}

async function renderAt(path: string) {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  await act(async () =>
    root!.render(
      <LocaleProvider messages={contestMessages}>
        <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
          <ContestRoutes />
        </MemoryRouter>
      </LocaleProvider>,
    ),
  );
  await settle();
}

const q = (sel: string) => document.querySelector(sel);
const calls = (url: string) => sent.filter((s) => s.url === url);

beforeEach(() => {
  sent = [];
  server = { contest: endedContest(), run: null, problemExtra: {} };
  setLocale('en-US');
  websiteConfigStore.set({ config: DEFAULT_WEBSITE_CONFIG, loaded: true });
  localStorage.setItem('token', 'Bearer t');
  authStore.set({ uid: 'user-uid', username: 'amy', roleList: ['default_user'] });
});
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

describe('the virtual participation card and banner', () => {
  it('starts a run only after the confirmation, then counts down by the server clock on every screen', async () => {
    await renderAt('/5');
    await until(() => !!q('[data-testid="virtual-start"]'));
    expect(calls(VIRTUAL_CONTEST_API.mine)[0].params).toEqual({ cid: 5 });
    expect(q('[data-testid="virtual-banner"]')).toBeNull();

    await act(async () => (q('[data-testid="virtual-start"]') as HTMLElement).click());
    await until(() => !!q('[data-testid="virtual-confirm"]'));
    expect(q('[data-testid="virtual-confirm-text"]')!.textContent).toBe(
      "The contest's duration (2 h) starts now and cannot be paused. Your results are shown among the participants at the same " +
        'elapsed time, marked as virtual, and never count for the official rank or rating.',
    );
    // asking is not starting
    expect(calls(VIRTUAL_CONTEST_API.start)).toHaveLength(0);

    await act(async () => (q('[data-testid="virtual-confirm"]') as HTMLElement).click());
    await until(() => !!q('[data-testid="virtual-banner"]'));
    expect(calls(VIRTUAL_CONTEST_API.start)).toEqual([{ method: 'POST', url: VIRTUAL_CONTEST_API.start, params: {}, body: { cid: 5 } }]);
    const countdown = () => q('[data-testid="virtual-countdown"]')!;
    expect(countdown().getAttribute('data-kind')).toBe('toEnd');
    // two hours from the server's now, whatever this browser's clock says (an hour behind)
    expect(countdown().textContent).toMatch(/^Ends in (01:59:5\d|02:00:00)$/);
    const first = countdown().textContent;
    await settle(1100);
    expect(countdown().textContent).not.toBe(first);
    // the contest's own clock is still the one contest-countdown (browser tests find it by that id)
    expect(document.querySelectorAll('[data-testid="contest-countdown"]')).toHaveLength(1);
    expect(q('[data-testid="virtual-card"]')!.getAttribute('data-phase')).toBe('running');
    expect(q('[data-testid="virtual-banner"] a')!.getAttribute('href')).toBe('/5/rank?board=virtual');

    // the banner stays over the other screens of the contest
    await act(async () => (q('[data-testid="contest-menu-submission"]') as HTMLElement).click());
    await settle();
    expect(q('[data-testid="virtual-banner"] [data-testid="virtual-countdown"]')).not.toBeNull();
  });

  it('says the run ended, with the link to the virtual board, and shows no banner', async () => {
    server.run = { ...runningRun(), status: 'ended', endTime: new Date(serverNow() - 60_000).toISOString() };
    await renderAt('/5');
    await until(() => !!q('[data-testid="virtual-card"]'));
    expect(q('[data-testid="virtual-card"]')!.getAttribute('data-phase')).toBe('ended');
    expect(q('[data-testid="virtual-card"]')!.textContent).toContain('Your virtual participation ended.');
    expect(q('[data-testid="virtual-card"] [data-testid="virtual-board-link"]')!.getAttribute('href')).toBe('/5/rank?board=virtual');
    expect(q('[data-testid="virtual-start"]')).toBeNull();
    expect(q('[data-testid="virtual-banner"]')).toBeNull();
  });

  it('offers nothing where the contest does not allow it, and asks for no run', async () => {
    server.contest = endedContest({ allowVirtual: false });
    await renderAt('/5');
    await until(() => !!q('[data-testid="contest-overview"]'));
    await settle(100);
    expect(q('[data-testid="virtual-card"]')).toBeNull();
    expect(calls(VIRTUAL_CONTEST_API.mine)).toHaveLength(0);
  });

  it('offers nothing while the contest is running', async () => {
    const now = serverNow();
    server.contest = endedContest({
      status: ContestStatus.Running,
      startTime: new Date(now - HOUR).toISOString(),
      endTime: new Date(now + HOUR).toISOString(),
    });
    await renderAt('/5');
    await until(() => !!q('[data-testid="contest-overview"]'));
    await settle(100);
    expect(q('[data-testid="virtual-card"]')).toBeNull();
    expect(calls(VIRTUAL_CONTEST_API.mine)).toHaveLength(0);
  });
});

describe('the problem page after the end', () => {
  const submitButton = () => q('[data-testid="submit-code"]') as HTMLButtonElement;

  it('submits through the contest call during a running run', async () => {
    server.run = runningRun();
    await renderAt('/5/problem/A');
    await until(() => !!submitButton() && !!q('[data-testid="virtual-banner"]'));
    expect(submitButton().disabled).toBe(false);
    expect(q('[data-testid="submit-disabled"]')).toBeNull();
    await act(async () => submitButton().click());
    await until(() => calls('/submit-problem-judge').length > 0);
    expect(calls('/submit-problem-judge')[0].body).toMatchObject({ pid: 'A', cid: 5, language: 'C++' });
    // no upsolving during the run
    expect(q('[data-testid="upsolve-link"]')).toBeNull();
  });

  it('refuses without a run, as before', async () => {
    await renderAt('/5/problem/A');
    await until(() => !!submitButton());
    await settle(100);
    expect(submitButton().disabled).toBe(true);
    expect(q('[data-testid="submit-disabled"]')!.textContent).toBe(ERR.contestEnded);
  });

  it('stops again when the run ends', async () => {
    server.run = runningRun(1500);
    await renderAt('/5/problem/A');
    await until(() => !!submitButton() && !!q('[data-testid="virtual-banner"]'));
    expect(submitButton().disabled).toBe(false);
    await until(() => submitButton().disabled);
    expect(submitButton().disabled).toBe(true);
    expect(q('[data-testid="virtual-banner"]')).toBeNull();
  });

  it('links a problem public in the bank to its page for upsolving, and no other', async () => {
    server.problemAuth = 1;
    server.problemExtra = { bankProblemId: 'P1000' };
    await renderAt('/5/problem/A');
    await until(() => !!submitButton());
    expect(q('[data-testid="upsolve-link"]')!.getAttribute('href')).toBe('/problem/P1000');
    expect(q('[data-testid="upsolve-link"]')!.textContent).toBe('Upsolve: practise this problem');
    await act(async () => root?.unmount());
    document.body.innerHTML = '';

    // made for contests (3): not in the bank's public list
    server.problemAuth = 3;
    await renderAt('/5/problem/A');
    await until(() => !!submitButton());
    expect(q('[data-testid="upsolve-link"]')).toBeNull();
    await act(async () => root?.unmount());
    document.body.innerHTML = '';

    // an answer that does not say (today's get-contest-problem-details)
    server.problemAuth = undefined;
    server.problemExtra = {};
    await renderAt('/5/problem/A');
    await until(() => !!submitButton());
    expect(q('[data-testid="upsolve-link"]')).toBeNull();
  });
});

describe('the submission list with a run', () => {
  it("marks the caller's own virtual tries, and no other row", async () => {
    server.run = runningRun();
    await renderAt('/5/submission');
    await until(() => document.querySelectorAll('tbody tr[data-row-key]').length === 2);
    const rows = [...document.querySelectorAll('tbody tr[data-row-key]')];
    expect(rows.map((r) => [r.getAttribute('data-row-key'), !!r.querySelector('[data-testid="virtual-submission-tag"]')])).toEqual([
      ['78', true],
      ['12', false],
    ]);
    expect(rows[0].querySelector('[data-testid="virtual-submission-tag"]')!.textContent).toBe('Virtual');
  });
});

describe('the rank page with a run', () => {
  const virtualRadio = () => q('[data-testid="virtual-rank-switch"] input[value="virtual"]') as HTMLInputElement;

  it('switches to the virtual board at the run time, marks the virtual rows and pages it', async () => {
    server.run = runningRun();
    await renderAt('/5/rank');
    await until(() => !!virtualRadio() && calls('/get-contest-rank').length > 0);
    expect(q('[data-testid="contest-rank"]')!.getAttribute('data-board')).toBe('official');
    expect(calls(VIRTUAL_CONTEST_API.rank)).toHaveLength(0);

    await act(async () => virtualRadio().click());
    await until(() => calls(VIRTUAL_CONTEST_API.rank).length > 0 && !!q('[data-testid="virtual-row-tag"]'));
    expect(calls(VIRTUAL_CONTEST_API.rank)[0]).toMatchObject({ method: 'GET', params: { cid: 5, currentPage: 1, limit: 50 } });
    expect(q('[data-testid="virtual-rank-switch"]')!.textContent).toContain('Virtual board at 42:05');

    const rows = Array.from(document.querySelectorAll('.ant-table-row'));
    expect(rows.map((r) => r.querySelector('[data-testid="rank-user"]')!.getAttribute('data-username'))).toEqual(['bob', 'amy']);
    expect(rows.map((r) => !!r.querySelector('[data-testid="virtual-row-tag"]'))).toEqual([false, true]);
    expect(rows[1].querySelector('[data-testid="virtual-row-tag"]')!.textContent).toBe('Virtual');
    expect(rows.map((r) => r.getAttribute('data-virtual'))).toEqual([null, 'true']);
    // its own background on the name cell (a fixed cell paints its own)
    expect((rows[1].querySelectorAll('td')[1] as HTMLElement).style.background).not.toBe('');
    expect((rows[0].querySelectorAll('td')[1] as HTMLElement).style.background).toBe('');

    await act(async () => (q('.ant-pagination-item-2') as HTMLElement).click());
    await until(() => calls(VIRTUAL_CONTEST_API.rank).some((c) => c.params.currentPage === 2));
    expect(calls(VIRTUAL_CONTEST_API.rank).at(-1)!.params).toMatchObject({ cid: 5, currentPage: 2, limit: 50 });
  });

  it("opens the virtual board from the banner's link without reading the official one", async () => {
    server.run = runningRun();
    await renderAt('/5/rank?board=virtual');
    await until(() => !!q('[data-testid="virtual-row-tag"]'));
    expect(q('[data-testid="contest-rank"]')!.getAttribute('data-board')).toBe('virtual');
    expect(calls('/get-contest-rank')).toHaveLength(0);
  });

  it('shows no switch without a run', async () => {
    await renderAt('/5/rank');
    await until(() => calls('/get-contest-rank').length > 0);
    await settle(100);
    expect(q('[data-testid="virtual-rank-switch"]')).toBeNull();
    expect(calls(VIRTUAL_CONTEST_API.rank)).toHaveLength(0);
  });
});

describe('the virtual board polling', () => {
  function Probe({ running }: { running: boolean }) {
    const { page } = useVirtualRank({ cid: 5, currentPage: 1, limit: 50 }, true, running);
    return <span data-testid="probe">{page?.records.length ?? '-'}</span>;
  }

  it('reads the board again every 10 s while the run is running, and not after', async () => {
    jest.useFakeTimers();
    try {
      host = document.createElement('div');
      document.body.appendChild(host);
      root = createRoot(host);
      const flush = () => act(async () => void (await jest.advanceTimersByTimeAsync(0)));
      await act(async () => root!.render(<Probe running />));
      await flush();
      expect(calls(VIRTUAL_CONTEST_API.rank)).toHaveLength(1);
      await act(async () => void (await jest.advanceTimersByTimeAsync(9_000)));
      expect(calls(VIRTUAL_CONTEST_API.rank)).toHaveLength(1);
      await act(async () => void (await jest.advanceTimersByTimeAsync(1_000)));
      expect(calls(VIRTUAL_CONTEST_API.rank)).toHaveLength(2);

      // the run ends: the final board once, then no more reads
      await act(async () => root!.render(<Probe running={false} />));
      await flush();
      expect(calls(VIRTUAL_CONTEST_API.rank)).toHaveLength(3);
      await act(async () => void (await jest.advanceTimersByTimeAsync(30_000)));
      expect(calls(VIRTUAL_CONTEST_API.rank)).toHaveLength(3);
    } finally {
      jest.useRealTimers();
    }
  });
});
