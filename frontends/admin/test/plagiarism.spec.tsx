/**
 * Admin → plagiarism check (issue 35): the start form's body, following a running check until it is done (and no
 * longer), its pairs, a pair's two programs with the matching regions on the right lines of both sides, and the review
 * (a contest's "exclude from the official rank" only there, the row following the answer).
 */
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { AdapterRequest } from '@oj/kit';
import {
  PLAGIARISM_API,
  PLAGIARISM_LIMITS,
  PlagiarismCheckView,
  PlagiarismPairDetail,
  PlagiarismPairStatus,
  PlagiarismPairView,
  PlagiarismRegion,
} from '@oj/contracts';
import { api, setLocale } from '@oj/kit';
import PlagiarismPage from '../src/pages/plagiarism';
import { lineRegions } from '../src/pages/plagiarism/regions';
import { answer, mountPage, settle, unmountPage, until as untilHolds } from './page-harness';

jest.setTimeout(120_000);

const check = (over: Partial<PlagiarismCheckView> = {}): PlagiarismCheckView => ({
  id: 5,
  scope: 'contest',
  scopeId: 12,
  onlyAccepted: true,
  threshold: 60,
  status: 'done',
  progress: 100,
  submissions: 40,
  comparedPairs: 380,
  pairs: 1,
  confirmedPairs: 0,
  error: null,
  createdBy: 'root',
  createTime: '2026-12-01T10:00:00Z',
  finishTime: '2026-12-01T10:00:03Z',
  ms: 2900,
  ...over,
});

const A_CODE = [
  '#include <cstdio>',
  'int main() {',
  '  int a, b;',
  '  scanf("%d %d", &a, &b);',
  '  // mine',
  '',
  '  printf("%d\\n", a + b);',
  '}',
].join('\n');
const B_CODE = [
  '  printf("%d\\n", a + b);',
  '}',
  '#include <stdio.h>',
  '',
  'int main() {',
  '  int a, b;',
  '  scanf("%d %d", &a, &b);',
].join('\n');
/** region 0: a 2–4 ↔ b 5–7; region 1: a 7–8 ↔ b 1–2 */
const REGIONS: PlagiarismRegion[] = [
  { aFrom: 2, aTo: 4, bFrom: 5, bTo: 7 },
  { aFrom: 7, aTo: 8, bFrom: 1, bTo: 2 },
];

const pairView = (over: Partial<PlagiarismPairView> = {}): PlagiarismPairView => ({
  id: 31,
  checkId: 5,
  pid: 1001,
  displayId: 'A',
  language: 'C++',
  method: 'tokens',
  similarity: 87.5,
  aPercent: 90,
  bPercent: 85,
  aSubmitId: 700,
  aUid: 'u-alice',
  aUsername: 'alice',
  bSubmitId: 702,
  bUid: 'u-bob',
  bUsername: 'bob',
  status: 'open',
  reviewedBy: null,
  ...over,
});

type Sent = { method: string; url: string; params: Record<string, unknown>; body: unknown };

describe('the regions of a program', () => {
  it('gives each line the first region it lies in, within the program', () => {
    const overlapping = [...REGIONS, { aFrom: 3, aTo: 12, bFrom: 1, bTo: 1 }];
    expect(lineRegions(overlapping, 'a', 9)).toEqual([undefined, undefined, 0, 0, 0, 2, 2, 1, 1, 2]);
    expect(lineRegions(REGIONS, 'b', 7)).toEqual([undefined, 1, 1, undefined, undefined, 0, 0, 0]);
  });
});

describe('the plagiarism page', () => {
  let sent: Sent[] = [];
  /** what GET checks answers */
  let checks: PlagiarismCheckView[] = [];
  /** what the following GET check answers, one read at a time, the last one staying (none: the listed check) */
  let reads: PlagiarismCheckView[] = [];
  let pairs: PlagiarismPairView[] = [];
  let unofficial: string[] | undefined;
  let root: Root | null = null;

  beforeAll(() => {
    api.defaults.adapter = async (config: AdapterRequest) => {
      const method = String(config.method).toUpperCase();
      const body = config.data ? JSON.parse(config.data as string) : undefined;
      const params = { ...(config.params as Record<string, unknown>) };
      sent.push({ method, url: String(config.url), params, body });
      let data: unknown = null;
      if (config.url === PLAGIARISM_API.check && method === 'POST')
        data = check({ id: 50, scope: body.scope, scopeId: body.id, status: 'waiting', progress: 0, finishTime: null, ms: null });
      if (config.url === PLAGIARISM_API.check && method === 'GET')
        data = (reads.length > 1 ? reads.shift() : reads[0]) ?? checks.find((c) => c.id === params.id);
      if (config.url === PLAGIARISM_API.checks) data = checks;
      if (config.url === PLAGIARISM_API.pairs) {
        const rows = pairs.filter((p) => p.checkId === params.checkId && (!params.status || p.status === params.status));
        data = { records: rows, total: rows.length, size: params.limit, current: params.currentPage, pages: 1 };
      }
      if (config.url === PLAGIARISM_API.pair && method === 'GET') {
        const row = pairs.find((p) => p.id === params.id)!;
        data = { ...row, aCode: A_CODE, bCode: B_CODE, regions: REGIONS, unofficial } satisfies PlagiarismPairDetail;
      }
      if (config.url === PLAGIARISM_API.pair && method === 'PUT') {
        pairs = pairs.map((p) => (p.id === body.id ? { ...p, status: body.status, reviewedBy: 'root' } : p));
        data = pairs.find((p) => p.id === body.id);
      }
      return answer(config, data);
    };
  });

  const until = (what: string, check: () => boolean) => untilHolds(check, what);
  const $ = (selector: string) => document.querySelector(selector) as HTMLElement | null;
  const click = (selector: string) => act(async () => $(selector)!.click());
  const checkReads = () => sent.filter((s) => s.url === PLAGIARISM_API.check && s.method === 'GET');
  const line = (side: 'a' | 'b', n: number) => $(`[data-testid="plagiarism-code-${side}"] [data-line="${n}"]`)!;

  async function render(path: string) {
    await act(async () => setLocale('en-US'));
    root = await mountPage(
      <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <Routes>
          <Route path="/contest/:contestID/plagiarism" element={<PlagiarismPage />} />
          <Route path="/exam/:examID/plagiarism" element={<PlagiarismPage />} />
          <Route path="/problem/:problemId/plagiarism" element={<PlagiarismPage />} />
        </Routes>
      </MemoryRouter>,
    );
  }
  const unmount = async () => {
    await unmountPage(root);
    root = null;
  };

  beforeEach(() => {
    sent = [];
    checks = [];
    reads = [];
    pairs = [];
    unofficial = undefined;
  });

  afterEach(async () => {
    await unmount();
    document.body.innerHTML = '';
    await act(async () => setLocale('zh-CN'));
  });

  it('starts a check of the route’s scope with the form’s values, follows it, and stops reading it once left', async () => {
    reads = [check({ id: 50, scope: 'exam', scopeId: 4, status: 'waiting', progress: 0 })];
    await render('/exam/4/plagiarism');
    await until('the list of checks was read', () => sent.some((s) => s.url === PLAGIARISM_API.checks));
    expect(sent.find((s) => s.url === PLAGIARISM_API.checks)?.params).toEqual({ scope: 'exam', id: 4 });

    // the defaults: accepted submissions only, the contract's default threshold
    await until('the form', () => !!$('[data-testid="plagiarism-start"]'));
    expect(($('[data-testid="plagiarism-threshold"]') as HTMLInputElement).value).toBe(String(PLAGIARISM_LIMITS.defaultThreshold));
    await click('[data-testid="plagiarism-start"]');
    await until('the first start', () => sent.some((s) => s.method === 'POST'));

    // then switched off and a threshold of 75
    await click('[data-testid="plagiarism-only-accepted"]');
    const input = $('[data-testid="plagiarism-threshold"]') as HTMLInputElement;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    await act(async () => {
      setValue.call(input, '75');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await click('[data-testid="plagiarism-start"]');
    await until('the second start', () => sent.filter((s) => s.method === 'POST').length === 2);
    expect(sent.filter((s) => s.method === 'POST').map((s) => [s.url, s.body])).toEqual([
      [PLAGIARISM_API.check, { scope: 'exam', id: 4, onlyAccepted: true, threshold: 60 }],
      [PLAGIARISM_API.check, { scope: 'exam', id: 4, onlyAccepted: false, threshold: 75 }],
    ]);

    // the started check is the one shown, waiting, and read again while it waits
    await until('the started check shown', () => $('[data-testid="plagiarism-check-status"]')?.getAttribute('data-status') === 'waiting');
    await until('a read of the started check', () => checkReads().length > 0);
    expect(checkReads()[0].params).toEqual({ id: 50 });
    await unmount();
    const readsWhenLeft = checkReads().length;
    await settle(2500);
    expect(checkReads().length).toBe(readsWhenLeft);
  });

  it('reads a running check every second until it is done, then no more, and lists its pairs', async () => {
    // newest first: the running check is the one chosen; an older finished one stays in the list
    checks = [check({ id: 5, status: 'running', progress: 40, finishTime: null, ms: null }), check({ id: 4 })];
    reads = [check({ id: 5, status: 'running', progress: 70, finishTime: null, ms: null }), check({ id: 5, pairs: 2 })];
    pairs = [pairView(), pairView({ id: 32, similarity: 64, aUsername: 'carol', bUsername: 'dave', method: 'characters' })];
    await render('/contest/12/plagiarism');

    const status = () => $('[data-testid="plagiarism-check-status"]')?.getAttribute('data-status');
    const progress = () => $('[data-testid="plagiarism-progress"]')?.getAttribute('aria-valuenow');
    await until('the running check', () => status() === 'running');
    expect(progress()).toBe('40');
    expect($('[data-testid="plagiarism-pairs"]')).toBeNull();
    await until('the second reading', () => progress() === '70');
    expect(status()).toBe('running');
    await until('the check done', () => status() === 'done');
    expect(checkReads().map((s) => s.params)).toEqual([{ id: 5 }, { id: 5 }]);
    expect(progress()).toBe('100');
    expect($('[data-testid="plagiarism-figures"]')?.textContent).toContain('380');

    await until('the pairs', () => document.querySelectorAll('[data-testid="plagiarism-pairs"] tr[data-row-key]').length === 2);
    expect(sent.filter((s) => s.url === PLAGIARISM_API.pairs).map((s) => s.params)).toEqual([{ checkId: 5, currentPage: 1, limit: 10 }]);
    const first = $('[data-testid="plagiarism-pairs"] tr[data-row-key="31"]')!.textContent!;
    expect(first).toContain('alice');
    expect(first).toContain('bob');
    expect(first).toContain('87.5%');
    expect($('[data-testid="plagiarism-pairs"] tr[data-row-key="32"] [data-testid="plagiarism-method-characters"]')).not.toBeNull();

    // done: no more reads
    await settle(2500);
    expect(checkReads().length).toBe(2);

    // the status filter asks the server for that state only
    await act(async () => ($('[data-testid="plagiarism-status-filter"] input[value="confirmed"]') as HTMLElement).click());
    await until('the filtered read', () => sent.filter((s) => s.url === PLAGIARISM_API.pairs).length === 2);
    expect(sent.filter((s) => s.url === PLAGIARISM_API.pairs)[1].params).toEqual({
      checkId: 5,
      currentPage: 1,
      limit: 10,
      status: 'confirmed',
    });
  });

  it('shows a pair’s two programs with each matching region on its lines in both, in one colour per region', async () => {
    checks = [check()];
    pairs = [pairView()];
    await render('/contest/12/plagiarism');
    await until('the pair row', () => !!$('[data-testid="plagiarism-view"]'));
    await click('[data-testid="plagiarism-view"]');
    await until('the pair', () => !!$('[data-testid="plagiarism-code-b"] [data-line="7"]'));
    expect(sent.find((s) => s.url === PLAGIARISM_API.pair)?.params).toEqual({ id: 31 });

    const regionOf = (side: 'a' | 'b') =>
      [...document.querySelectorAll(`[data-testid="plagiarism-code-${side}"] [data-line]`)].map((el) => el.getAttribute('data-region'));
    expect(regionOf('a')).toEqual([null, '0', '0', '0', null, null, '1', '1']);
    expect(regionOf('b')).toEqual(['1', '1', null, null, '0', '0', '0']);
    // line numbers and the code of each line
    expect(line('a', 4).textContent).toBe('4  scanf("%d %d", &a, &b);');
    expect(line('b', 3).textContent).toBe('3#include <stdio.h>');

    // a region has one colour on both sides, another region another one; unmatched lines none
    const colour = (side: 'a' | 'b', n: number) => line(side, n).style.background;
    expect(colour('a', 2)).not.toBe('');
    expect(colour('a', 2)).toBe(colour('b', 5));
    expect(colour('a', 7)).toBe(colour('b', 1));
    expect(colour('a', 7)).not.toBe(colour('a', 2));
    expect(colour('a', 5)).toBe('');

    const header = $('[data-testid="plagiarism-pair"]')!.textContent!;
    expect(header).toContain('#700');
    expect(header).toContain('#702');
    expect(header).toContain('87.5%');
  });

  it('confirms a contest pair with the ticked username leaving the official rank, and the row follows', async () => {
    checks = [check()];
    pairs = [pairView()];
    unofficial = [];
    await render('/contest/12/plagiarism');
    await until('the pair row', () => !!$('[data-testid="plagiarism-view"]'));
    await click('[data-testid="plagiarism-view"]');
    await until('the exclusion choice', () => !!$('[data-testid="plagiarism-exclude"] input[value="bob"]'));
    const box = (u: string) => $(`[data-testid="plagiarism-exclude"] input[value="${u}"]`) as HTMLInputElement;
    expect([box('alice').checked, box('bob').checked]).toEqual([false, false]);

    await act(async () => box('bob').click());
    await click('[data-testid="plagiarism-confirm"]');
    await until('the review', () => sent.some((s) => s.method === 'PUT'));
    expect(sent.filter((s) => s.method === 'PUT').map((s) => [s.url, s.body])).toEqual([
      [PLAGIARISM_API.pair, { id: 31, status: 'confirmed', excludeFromRank: ['bob'] }],
    ]);

    const rowStatus = () =>
      $('[data-testid="plagiarism-pairs"] tr[data-row-key="31"] [data-testid="plagiarism-pair-status"]')?.getAttribute('data-status');
    await until('the row confirmed', () => rowStatus() === PlagiarismPairStatus.Confirmed);
    // bob is now shown as already excluded (ticked, fixed); alice can still be chosen
    expect([box('bob').checked, box('bob').disabled, box('alice').checked, box('alice').disabled]).toEqual([true, true, false, false]);
    // and the check's figures are read again (its count of confirmed pairs)
    expect(checkReads().map((s) => s.params)).toEqual([{ id: 5 }]);
  });

  it('reviews a pair of an exam without any rank choice: confirm, dismiss, reopen', async () => {
    checks = [check({ scope: 'exam', scopeId: 4 })];
    pairs = [pairView()];
    await render('/exam/4/plagiarism');
    await until('the pair row', () => !!$('[data-testid="plagiarism-view"]'));
    await click('[data-testid="plagiarism-view"]');
    await until('the pair', () => !!$('[data-testid="plagiarism-confirm"]'));
    expect($('[data-testid="plagiarism-exclude"]')).toBeNull();
    // an open pair cannot be reopened
    expect(($('[data-testid="plagiarism-reopen"]') as HTMLButtonElement).disabled).toBe(true);

    const puts = () => sent.filter((s) => s.method === 'PUT').map((s) => s.body);
    const pairStatus = () => $('[data-testid="plagiarism-pair"] [data-testid="plagiarism-pair-status"]')?.getAttribute('data-status');
    await click('[data-testid="plagiarism-confirm"]');
    await until('confirmed', () => pairStatus() === 'confirmed');
    await click('[data-testid="plagiarism-dismiss"]');
    await until('dismissed', () => pairStatus() === 'dismissed');
    await click('[data-testid="plagiarism-reopen"]');
    await until('open again', () => pairStatus() === 'open');
    expect(puts()).toEqual([
      { id: 31, status: 'confirmed' },
      { id: 31, status: 'dismissed' },
      { id: 31, status: 'open' },
    ]);
  });
});
