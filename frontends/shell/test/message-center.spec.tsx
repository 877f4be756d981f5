/**
 * /message/:kind in jsdom with the message calls answered in memory: the box badges are capped at 99, the
 * clean action deletes the whole box on the server and shows it empty, and a "mine" message with a code is
 * rendered in the reader's language (zh-CN here) while one without a code keeps its stored text.
 */
import '../../kit/test/jsdom-setup';
import { act } from 'react';
import { createRoot, Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { AdapterRequest } from '@oj/kit';
import { LIMITS, Page, SysMessage, UnreadCounts } from '@oj/contracts';
import { LocaleProvider, api, setLocale } from '@oj/kit';
import { MessageCenterPage } from '../src/pages/message/message-center';
import { shellMessages } from '../src/locales';

jest.setTimeout(30_000);

/** The server in memory: the counts, the "mine" box, and every call made. */
let counts: UnreadCounts;
let mine: SysMessage[];
const calls: string[] = [];
const page = <T,>(records: T[]): Page<T> => ({ records, total: records.length, size: 10, current: 1, pages: 1 });

beforeAll(() => {
  api.defaults.adapter = async (config: AdapterRequest) => {
    // As axios does: parameters given as undefined are not sent.
    const given = Object.entries((config.params ?? {}) as Record<string, unknown>).filter(([, v]) => v !== undefined);
    const params = new URLSearchParams(given.map(([k, v]) => [k, String(v)])).toString();
    calls.push(`${config.method?.toUpperCase()} ${config.url}${params ? '?' + params : ''}`);
    let data: unknown = null;
    if (config.url === '/msg/unread') data = counts;
    else if (config.url === '/msg/mine') data = page(mine);
    else if (config.url?.startsWith('/msg/')) data = page([]);
    if (config.url === '/msg/clean' && config.method === 'delete') {
      mine = [];
      counts = { ...counts, mine: 0 };
    }
    return { data: { status: 200, msg: 'success', data }, status: 200, headers: {}, config };
  };
});

const sys = (over: Partial<SysMessage>): SysMessage => ({
  id: 1,
  title: 'Your report was handled',
  content: 'Thank you for your report on discussion #12 "Spam": an administrator has handled it, and the discussion was hidden.',
  state: false,
  type: 'Mine',
  gmtCreate: new Date().toISOString(),
  ...over,
});

let root: Root;
let host: HTMLElement;
const settle = () => act(async () => void (await new Promise((r) => setTimeout(r, 30))));
async function renderAt(path: string, locale: 'zh-CN' | 'en-US') {
  setLocale(locale);
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  await act(async () =>
    root.render(
      <LocaleProvider messages={shellMessages}>
        <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
          <Routes>
            <Route path="/message/:kind" element={<MessageCenterPage />} />
          </Routes>
        </MemoryRouter>
      </LocaleProvider>,
    ),
  );
  await until(() => all('[data-testid="message-item"]').length > 0);
}
const q = (sel: string) => document.querySelector(sel) as HTMLElement | null;
/** Waits (up to 10 s of a busy machine) for what antd renders after its animations and timers. */
async function until(ok: () => boolean) {
  for (let i = 0; i < 200 && !ok(); i++) await settle();
}
const all = (sel: string) => [...document.querySelectorAll(sel)] as HTMLElement[];

beforeEach(() => {
  localStorage.setItem('token', 'Bearer t');
  calls.length = 0;
  counts = { comment: 150, reply: 99, like: 3, sys: 0, mine: 2 };
  mine = [
    sys({ id: 1, msgCode: 'discussionReportHandled', msgParams: { did: 12, title: 'Spam', outcome: 'hidden' } }),
    sys({ id: 2, title: 'Old notice', content: 'Stored text without a code', state: true }),
  ];
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  document.body.innerHTML = '';
});

it('caps the box badges at 99', async () => {
  await renderAt('/message/mine', 'en-US');
  const badge = (kind: string) => q(`[data-testid="message-badge-${kind}"]`)?.textContent;
  expect(LIMITS.badgeMax).toBe(99);
  expect(badge('discuss')).toBe('99+');
  expect(badge('reply')).toBe('99');
  expect(badge('like')).toBe('3');
  expect(badge('mine')).toBe('2');
});

it('renders a coded "mine" message in the reader\'s language and keeps the stored text of others', async () => {
  await renderAt('/message/mine', 'zh-CN');
  const titles = all('[data-testid="message-title"]').map((e) => e.textContent);
  const contents = all('[data-testid="message-content"]').map((e) => e.textContent);
  expect(titles).toEqual(['你的举报已处理', 'Old notice']);
  expect(contents).toEqual(['感谢你对讨论 #12「Spam」的举报：管理员已处理，该讨论已被隐藏。', 'Stored text without a code']);
  await act(async () => root.unmount());
  host.remove();

  await renderAt('/message/mine', 'en-US');
  expect(all('[data-testid="message-content"]')[0].textContent).toBe(mine[0].content);
});

it('cleans the whole box on the server and shows it empty', async () => {
  await renderAt('/message/mine', 'en-US');
  expect(all('[data-testid="message-item"]')).toHaveLength(2);
  await act(async () => q('[data-testid="message-clean"]')!.click());
  await until(() => !!q('.ant-popconfirm .ant-btn-primary'));
  const confirm = q('.ant-popconfirm .ant-btn-primary');
  expect(confirm).not.toBeNull();
  await act(async () => confirm!.click());
  await until(() => all('[data-testid="message-item"]').length === 0);
  expect(calls).toContain('DELETE /msg/clean?type=Mine');
  expect(all('[data-testid="message-item"]')).toHaveLength(0);
  expect(q('[data-testid="message-list"]')!.textContent).toContain('No messages');
});
