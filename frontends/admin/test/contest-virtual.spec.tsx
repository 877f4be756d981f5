/**
 * The contest editor's "allow virtual participation" switch (issue 35), the calls answered through kit's client:
 * on by default for a new contest, loaded from the stored contest when editing, and sent as `allowVirtual`.
 */
import { act } from 'react';
import type { Root } from 'react-dom/client';
import type { AdapterRequest } from '@oj/kit';
import {
  ADMIN_CONTEST_API,
  AfterEndSeal,
  ContestAuth,
  ContestStatus,
  ContestType,
  OiScoreType,
  RankShowName,
  SealMode,
} from '@oj/contracts';
import { api, setLocale } from '@oj/kit';
import { ContestEditor } from '../src/pages/contest/edit';
import { answer, mountPage, unmountPage, until } from './page-harness';

jest.setTimeout(300_000);

const stored = (allowVirtual: boolean) => ({
  id: 7,
  uid: 'u1',
  author: 'someone',
  title: 'Autumn Cup',
  description: '',
  type: ContestType.ACM,
  auth: ContestAuth.Public,
  pwd: null,
  startTime: '2026-10-01T08:00:00.000Z',
  endTime: '2026-10-01T13:00:00.000Z',
  duration: 5 * 3600,
  status: ContestStatus.Ended,
  now: '2026-12-01T08:00:00.000Z',
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
  allowVirtual,
});

let storedContest = stored(true);
let sent: { method: string; url: string; body: Record<string, unknown> | undefined }[] = [];
let root: Root | null = null;

beforeAll(() => {
  api.defaults.adapter = async (config: AdapterRequest) => {
    const method = String(config.method).toUpperCase();
    const body = config.data ? JSON.parse(config.data as string) : undefined;
    sent.push({ method, url: String(config.url), body });
    const data = config.url === ADMIN_CONTEST_API.contest ? (method === 'GET' ? storedContest : { ...storedContest, ...body }) : null;
    return answer(config, data);
  };
});

const theSwitch = () => document.querySelector('[data-testid="contest-allow-virtual"]') as HTMLElement | null;
const saves = () => sent.filter((s) => s.url === ADMIN_CONTEST_API.contest && s.method !== 'GET');

async function renderEditor(cid: number | null) {
  root = await mountPage(<ContestEditor cid={cid} />);
  await until(() => !!theSwitch(), 'the switch');
}

async function save() {
  const button = Array.from(document.querySelectorAll('button')).find((b) => b.textContent?.replace(/\s/g, '') === 'Save')!;
  await act(async () => button.click());
  await until(() => saves().length > 0, 'a save');
}

beforeEach(async () => {
  sent = [];
  storedContest = stored(true);
  await act(async () => setLocale('en-US'));
});
afterEach(async () => {
  await unmountPage(root);
  root = null;
  await act(async () => setLocale('zh-CN'));
});

it('sends allowVirtual: false once the admin switches it off', async () => {
  await renderEditor(7);
  expect(document.body.textContent).toContain('Allow virtual participation after the end');
  expect(theSwitch()!.getAttribute('aria-checked')).toBe('true');

  await act(async () => theSwitch()!.click());
  expect(theSwitch()!.getAttribute('aria-checked')).toBe('false');
  await save();
  expect(saves()).toHaveLength(1);
  expect(saves()[0].method).toBe('PUT');
  expect(saves()[0].body).toMatchObject({ id: 7, title: 'Autumn Cup', allowVirtual: false });
});

it('loads the stored value when editing, and sends it back unchanged', async () => {
  storedContest = stored(false);
  await renderEditor(7);
  expect(theSwitch()!.getAttribute('aria-checked')).toBe('false');
  await save();
  expect(saves()[0].body).toMatchObject({ id: 7, allowVirtual: false });
});

it('is on for a new contest', async () => {
  await renderEditor(null);
  expect(theSwitch()!.getAttribute('aria-checked')).toBe('true');
});
