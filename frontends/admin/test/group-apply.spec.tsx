/**
 * /admin/group-problem/apply (product §2, issue 17): the applied group problems with their progress; an applying
 * one is accepted or refused through admin/group-problem/change-progress, then the list is read again; the
 * others offer no action. Requests are read at kit's client.
 */
import { act } from 'react';
import { createRoot, Root } from 'react-dom/client';
import type { AdapterRequest } from '@oj/kit';
import { ADMIN_GROUP_PROBLEM_API, ApplyPublicProgress, GroupProblemApplyRow, Page } from '@oj/contracts';
import { api, LocaleProvider, setLocale } from '@oj/kit';
import { MESSAGES } from '../src/i18n';
import GroupProblemApplyPage from '../src/pages/group/apply';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
jest.setTimeout(240_000);

const row = (id: number, progress: ApplyPublicProgress): GroupProblemApplyRow => ({
  id,
  gid: 2,
  applyPublicProgress: progress,
  problemId: `G-${id}`,
  title: `Problem ${id}`,
  author: 'teacher',
  type: 0,
  judgeMode: 'default',
});

let rows: GroupProblemApplyRow[] = [];
let sent: { method: string; url: string; params: Record<string, unknown>; body: unknown }[] = [];

beforeAll(() => {
  api.defaults.adapter = async (config: AdapterRequest) => {
    const method = String(config.method).toUpperCase();
    const body = config.data ? JSON.parse(config.data as string) : undefined;
    sent.push({ method, url: String(config.url), params: { ...(config.params as object) }, body });
    let data: unknown = null;
    if (config.url === ADMIN_GROUP_PROBLEM_API.list) {
      data = { records: rows, total: rows.length, size: 10, current: 1, pages: 1 } satisfies Page<GroupProblemApplyRow>;
    }
    if (config.url === ADMIN_GROUP_PROBLEM_API.changeProgress) {
      // as the server: the row takes its new progress
      rows = rows.map((r) => (r.id === body.pid ? { ...r, applyPublicProgress: body.progress } : r));
    }
    return { data: { status: 200, msg: 'success', data }, status: 200, headers: {}, config };
  };
});

let root: Root | null = null;
const settle = () =>
  act(async () => {
    await new Promise((r) => setTimeout(r, 50));
  });
async function until(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i++) await settle();
}
async function render() {
  const host = document.createElement('div');
  document.body.appendChild(host);
  await act(async () => {
    root = createRoot(host);
    root.render(
      <LocaleProvider messages={MESSAGES}>
        <GroupProblemApplyPage />
      </LocaleProvider>,
    );
  });
}
const lists = () => sent.filter((s) => s.url === ADMIN_GROUP_PROBLEM_API.list).length;
const progressOf = (id: number) => document.querySelector(`tr[data-row-key="${id}"] .ant-tag`)?.textContent;

async function decide(testId: string) {
  await act(async () => (document.querySelector(`[data-testid="${testId}"]`) as HTMLElement).click());
  await until(() => !!document.querySelector('.ant-popconfirm .ant-btn-primary'));
  await act(async () => (document.querySelector('.ant-popconfirm .ant-btn-primary') as HTMLElement).click());
}

beforeEach(() => {
  sent = [];
  rows = [row(1, ApplyPublicProgress.Applying), row(2, ApplyPublicProgress.Applying), row(3, ApplyPublicProgress.Public)];
});
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  await act(async () => setLocale('zh-CN'));
});

describe('group problem apply review', () => {
  it('shows each progress; accepting and refusing send change-progress and list again (en-US)', async () => {
    setLocale('en-US');
    await render();
    await until(() => !!document.body.textContent?.includes('G-3'));
    expect(progressOf(1)).toBe('Applying');
    expect(progressOf(3)).toBe('Public');
    // only applying rows can be decided
    expect(document.querySelector('[data-testid="group-apply-accept-3"]')).toBeNull();
    expect(document.querySelector('[data-testid="group-apply-refuse-3"]')).toBeNull();

    const before = lists();
    await decide('group-apply-accept-1');
    await until(() => progressOf(1) === 'Public');
    const accept = sent.find((s) => s.url === ADMIN_GROUP_PROBLEM_API.changeProgress);
    expect(accept).toMatchObject({ method: 'PUT', body: { pid: 1, problemId: 'G-1', progress: ApplyPublicProgress.Public } });
    expect(lists()).toBeGreaterThan(before);
    expect(document.querySelector('[data-testid="group-apply-accept-1"]')).toBeNull();

    await decide('group-apply-refuse-2');
    await until(() => progressOf(2) === 'Refused');
    expect(sent.filter((s) => s.url === ADMIN_GROUP_PROBLEM_API.changeProgress)[1].body).toEqual({
      pid: 2,
      problemId: 'G-2',
      progress: ApplyPublicProgress.Refused,
    });
  });

  it('says so in zh-CN when nothing was applied', async () => {
    rows = [];
    await render();
    await until(() => lists() > 0 && !!document.body.textContent?.includes('暂无公开申请'));
    expect(document.body.textContent).toContain('团队题目公开申请');
    expect(document.body.textContent).toContain('暂无公开申请');
  });
});
