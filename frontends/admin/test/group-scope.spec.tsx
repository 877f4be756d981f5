/**
 * The admin editors' scope (issue 17): mounted by a group (admin/group-editors) they call the /api/group twins
 * of their routes with the gid; inside the admin app the same screens call the site's admin routes. Requests
 * are read at kit's client (its transport answers), so the whole screen runs as in the browser.
 */
import { act } from 'react';
import { createRoot, Root } from 'react-dom/client';
import type { AdapterRequest } from '@oj/kit';
import { Page } from '@oj/contracts';
import { api, LocaleProvider, setLocale } from '@oj/kit';
import { GroupContestProblems, GroupProblemEditor, GroupTrainingProblems } from '../src/group-editors';
import { MESSAGES } from '../src/i18n';
import { ContestProblems } from '../src/pages/contest/problems';
import { groupClient, groupRoute, siteClient } from '../src/scope';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
jest.setTimeout(240_000);

interface Sent {
  method: string;
  url: string;
  params: Record<string, unknown>;
  body: unknown;
}
let sent: Sent[] = [];
let answers: Record<string, unknown> = {};
const page = <T,>(records: T[]): Page<T> => ({ records, total: records.length, size: 10, current: 1, pages: 1 });

beforeAll(() => {
  api.defaults.adapter = async (config: AdapterRequest) => {
    const method = String(config.method).toUpperCase();
    const body = config.data instanceof FormData ? config.data : config.data ? JSON.parse(config.data as string) : undefined;
    sent.push({ method, url: String(config.url), params: { ...(config.params as object) }, body });
    const data = answers[`${method} ${config.url}`] ?? null;
    return { data: { status: 200, msg: 'success', data }, status: 200, headers: {}, config };
  };
});

let root: Root | null = null;
let host: HTMLElement;
async function render(node: React.ReactNode) {
  host = document.createElement('div');
  document.body.appendChild(host);
  await act(async () => {
    root = createRoot(host);
    root.render(node);
  });
}
const settle = () =>
  act(async () => {
    await new Promise((r) => setTimeout(r, 50));
  });
async function until(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i++) await settle();
}
const calls = (method: string, url: string) => sent.filter((s) => s.method === method && s.url === url);

beforeEach(() => {
  sent = [];
  answers = {};
  setLocale('en-US');
});
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  await act(async () => setLocale('zh-CN'));
});

/** Clicks a row's delete link, then the confirmation's OK. */
async function confirmDelete() {
  const link = [...document.querySelectorAll('a')].find((a) => a.textContent === 'Delete') as HTMLElement;
  await act(async () => link.click());
  await until(() => !!document.querySelector('.ant-popconfirm .ant-btn-primary'));
  await act(async () => (document.querySelector('.ant-popconfirm .ant-btn-primary') as HTMLElement).click());
}

describe('scoped client', () => {
  it('turns a site route into its group twin with the gid in the query and the body', async () => {
    const c = groupClient(5);
    await c.post('/admin/problem/compile-spj', { code: 'x', language: 'C++' });
    await c.post('/admin/problem', { problem: { title: 'T' }, samples: [] });
    const form = new FormData();
    form.append('file', new Blob(['zip']));
    await c.post('/file/upload-testcase-zip', form);
    await c.get('/admin/training', { params: { tid: 4 } });
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      'POST /group/compile-spj',
      'POST /group/problem',
      'POST /file/upload-testcase-zip',
      'GET /group/training',
    ]);
    expect(sent.every((s) => s.params.gid === 5)).toBe(true);
    expect(sent[0].body).toEqual({ code: 'x', language: 'C++', gid: 5 });
    // HOJ's ProblemDTO carries the gid in the problem it wraps
    expect(sent[1].body).toEqual({ problem: { title: 'T', gid: 5 }, samples: [], gid: 5 });
    expect((sent[2].body as FormData).get('gid')).toBe('5');
    expect(sent[3].params).toEqual({ tid: 4, gid: 5 });
  });

  it('refuses a route without a group twin instead of writing site-wide, and leaves site calls as written', async () => {
    expect(() => groupRoute('/admin/user')).toThrow('no group route for /admin/user');
    await siteClient.get('/admin/problem', { params: { pid: 3 } });
    expect(sent).toEqual([{ method: 'GET', url: '/admin/problem', params: { pid: 3 }, body: undefined }]);
  });
});

describe('contest problems in both scopes', () => {
  // HOJ's answer: a page of bank problems and each one's contest link by bank problem id.
  const LIST = {
    problemList: page([{ id: 3, problemId: 'P-3', title: 'Sum bank', author: 'root', type: 0, auth: 1 }]),
    contestProblemMap: { 3: { id: 9, cid: 7, pid: 3, displayId: 'A', displayTitle: 'Sum', color: null } },
  };

  it('in a group: lists through group/get-contest-problem-list and removes by pid and cid', async () => {
    answers['GET /group/get-contest-problem-list'] = LIST;
    await render(<GroupContestProblems gid={5} id={7} />);
    await until(() => !!document.body.textContent?.includes('P-3'));
    expect(calls('GET', '/group/get-contest-problem-list')[0].params).toMatchObject({ cid: 7, gid: 5 });
    // the group's own bank is offered beside the public one
    expect(document.querySelector('[data-testid="admin-contest-add-group-problem"]')).not.toBeNull();
    await confirmDelete();
    await until(() => calls('DELETE', '/group/contest-problem').length > 0);
    expect(calls('DELETE', '/group/contest-problem')[0].params).toEqual({ pid: 3, cid: 7, gid: 5 });
    expect(sent.some((s) => s.url.startsWith('/admin/'))).toBe(false);
  });

  it('on the site: lists through admin/contest/get-problem-list and removes the link by id', async () => {
    answers['GET /admin/contest/get-problem-list'] = LIST;
    await render(
      <LocaleProvider messages={MESSAGES}>
        <ContestProblems cid={7} onCreateProblem={() => undefined} onEditProblem={() => undefined} />
      </LocaleProvider>,
    );
    await until(() => !!document.body.textContent?.includes('P-3'));
    expect(calls('GET', '/admin/contest/get-problem-list')[0].params).toEqual({ cid: 7, currentPage: 1, limit: 10 });
    expect(document.querySelector('[data-testid="admin-contest-add-group-problem"]')).toBeNull();
    await confirmDelete();
    await until(() => calls('DELETE', '/admin/contest/contest-problem').length > 0);
    expect(calls('DELETE', '/admin/contest/contest-problem')[0].params).toEqual({ id: 9 });
    expect(sent.some((s) => s.url.startsWith('/group/'))).toBe(false);
  });
});

describe('other editors in a group', () => {
  it("the training's problems come from group/get-training-problem-list and are removed through group/training-problem", async () => {
    answers['GET /group/get-training-problem-list'] = {
      problemList: page([{ id: 3, problemId: 'P-3', title: 'Sum', author: 'a', difficulty: 0 }]),
      trainingProblemMap: { '3': { id: 11, tid: 4, pid: 3, displayId: 'T1', rank: 1 } },
    };
    await render(<GroupTrainingProblems gid={5} id={4} />);
    await until(() => !!document.body.textContent?.includes('P-3'));
    expect(calls('GET', '/group/get-training-problem-list')[0].params).toMatchObject({ tid: 4, queryExisted: true, gid: 5 });
    await confirmDelete();
    await until(() => calls('DELETE', '/group/training-problem').length > 0);
    expect(calls('DELETE', '/group/training-problem')[0].params).toEqual({ tid: 4, pid: 3, gid: 5 });
  });

  it("the problem editor loads the group's problem and cases (and the public tags and languages)", async () => {
    await render(<GroupProblemEditor gid={5} id={3} />);
    await until(() => calls('GET', '/group/get-problem-cases').length > 0 && calls('GET', '/group/problem').length > 0);
    expect(calls('GET', '/group/problem')[0].params).toEqual({ pid: 3, gid: 5 });
    expect(calls('GET', '/group/get-problem-cases')[0].params).toEqual({ pid: 3, gid: 5 });
    expect(calls('GET', '/get-all-problem-tags')).toHaveLength(1);
    expect(calls('GET', '/languages')).toHaveLength(1);
    expect(sent.some((s) => s.url.startsWith('/admin/'))).toBe(false);
  });
});
