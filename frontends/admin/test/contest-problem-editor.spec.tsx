/**
 * The bank problem editor on a contest route (/admin/contest/:contestID/problem/:problemId/edit): the
 * contest part is shown, the visibility is not, and saving goes to /api/admin/contest/problem with the
 * contest and the display id, then back to the contest's problems. (One render: the editor takes tens of
 * seconds to mount in jsdom on a busy machine; the create route's display-id rule is in contestProblem.spec.)
 */
import { act } from 'react';
import { createRoot, Root } from 'react-dom/client';
import { JudgeMode, ProblemAuth, ProblemType, UserInfo } from '@oj/contracts';
import { authStore, setLocale } from '@oj/kit';
import { AdminApp } from '../src/AdminApp';
import * as contestApi from '../src/pages/contest/api';

jest.mock('../src/api/admin', () => ({
  ...jest.requireActual('../src/api/admin'),
  getLanguages: jest.fn(async () => [
    { id: 'C++', name: 'C++', contentType: 'text/x-c++src', runCommand: '', sourceFile: '', isSpj: true },
  ]),
  getAllTags: jest.fn(async () => []),
}));
jest.mock('../src/pages/contest/api', () => ({
  ...jest.requireActual('../src/pages/contest/api'),
  getContestProblemDetail: jest.fn(),
  createContestOnlyProblem: jest.fn(async () => ({})),
  updateContestProblemForm: jest.fn(async () => ({})),
  getContestProblemPage: jest.fn(async () => ({ records: [], total: 0, size: 10, current: 1, pages: 0 })),
}));

const mocked = contestApi as jest.Mocked<typeof contestApi>;
jest.setTimeout(600_000);
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;

const settle = () =>
  act(async () => {
    await new Promise((r) => setTimeout(r, 100));
  });

async function renderAt(path: string) {
  window.history.pushState({}, '', path);
  const host = document.createElement('div');
  document.body.appendChild(host);
  await act(async () => {
    root = createRoot(host);
    root.render(<AdminApp />);
  });
  // The lazy editor chunk, then its data.
  for (let i = 0; i < 100 && !document.querySelector('#problem-submit'); i++) await settle();
}

const STORED = {
  id: 3,
  problemId: 'C-3',
  title: 'Stored',
  author: 'someone',
  type: ProblemType.ACM,
  judgeMode: JudgeMode.Default,
  timeLimit: 1000,
  memoryLimit: 256,
  stackLimit: 128,
  description: 'd',
  input: '',
  output: '',
  examples: [],
  difficulty: 0,
  auth: ProblemAuth.Contest,
  codeShare: true,
  isRemoveEndBlank: true,
  openCaseResult: true,
  isUploadCase: true,
  isFileIO: false,
  tags: [],
  languages: ['C++'],
  codeTemplates: [],
  problemCases: [{ input: '1.in', output: '1.out' }],
  contestProblem: { id: 9, cid: 7, pid: 3, displayId: 'C', displayTitle: 'Shown', color: '#ff0000' },
};

beforeEach(() => {
  const user: UserInfo = { uid: 'u1', username: 'someone', roleList: ['admin'] };
  localStorage.setItem('token', 'Bearer test-token');
  localStorage.setItem('userInfo', JSON.stringify(user));
  authStore.set(user);
  setLocale('en-US');
  mocked.getContestProblemDetail.mockResolvedValue(STORED as never);
});

afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  localStorage.clear();
  authStore.set(null);
  jest.clearAllMocks();
  await act(async () => setLocale('zh-CN'));
});

describe('problem editor inside a contest', () => {
  it('edits a contest problem: loads it by contest, shows the contest part, saves through the contest call', async () => {
    await renderAt('/admin/contest/7/problem/3/edit');
    expect(mocked.getContestProblemDetail).toHaveBeenCalledWith(3, 7, expect.objectContaining({ gid: null }));
    expect(document.body.textContent).toContain('Edit the Contest Problem');
    expect((document.querySelector('#problem-displayId') as HTMLInputElement).value).toBe('C');
    expect(document.body.textContent).not.toContain('Visibility');

    await act(async () => (document.querySelector('#problem-submit') as HTMLButtonElement).click());
    for (let i = 0; i < 20 && !mocked.updateContestProblemForm.mock.calls.length; i++) await settle();
    expect(mocked.updateContestProblemForm).toHaveBeenCalledTimes(1);
    expect(mocked.updateContestProblemForm.mock.calls[0][0]).toMatchObject({
      cid: 7,
      displayId: 'C',
      displayTitle: 'Shown',
      color: '#ff0000',
      problem: { id: 3, problemId: 'C-3', title: 'Stored' },
    });
    await settle();
    expect(window.location.pathname).toBe('/admin/contest/7/problems');
  });
});
