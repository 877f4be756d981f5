/**
 * /discussion/:id in jsdom with the discussion calls answered in memory: the report dialog refuses an empty
 * report (label and reason both empty) without calling the server, and sends a filled one; the report
 * button is not offered on one's own post; a like toggles the count.
 */
import '../../kit/test/jsdom-setup';
import { act } from 'react';
import { createRoot, Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { DISCUSSION_ERR, DiscussionStatus, DiscussionVO, PostingRules } from '@oj/contracts';
import { DEFAULT_WEBSITE_CONFIG, LocaleProvider, authStore, setLocale, websiteConfigStore } from '@oj/kit';
import { DiscussionDetailPage } from '../src/pages/discussion/discussion-detail';
import { problemsMessages } from '../src/locales';
import * as api from '../src/api/discussion';

jest.mock('../src/api/discussion');
jest.mock('@oj/kit/markdown', () => ({ Markdown: ({ source }: { source: string }) => <div data-testid="markdown">{source}</div> }), {
  virtual: true,
});
// antd's modal and select render slowly in jsdom on a busy machine
jest.setTimeout(30_000);
const mocked = api as jest.Mocked<typeof api>;

const post = (over: Partial<DiscussionVO> = {}): DiscussionVO =>
  ({
    id: 7,
    categoryId: 1,
    categoryName: 'General',
    title: 'How to read input?',
    description: 'd',
    content: 'Use **scanf**',
    pid: null,
    uid: 'author-uid',
    author: 'author',
    avatar: null,
    role: 'user',
    viewNum: 3,
    likeNum: 2,
    commentNum: 0,
    topPriority: false,
    gid: null,
    status: DiscussionStatus.Shown,
    gmtCreate: new Date().toISOString(),
    gmtModified: new Date().toISOString(),
    hasLike: false,
    ...over,
  }) as DiscussionVO;

let root: Root;
let host: HTMLElement;
const settle = () => act(async () => void (await new Promise((r) => setTimeout(r, 30))));

async function renderDetail() {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  await act(async () =>
    root.render(
      <LocaleProvider messages={problemsMessages}>
        <MemoryRouter initialEntries={['/discussion/7']} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
          <Routes>
            <Route path="/discussion/:discussionId" element={<DiscussionDetailPage />} />
          </Routes>
        </MemoryRouter>
      </LocaleProvider>,
    ),
  );
  await until(() => !!q('[data-testid="discussion-detail"]'));
}
const q = (sel: string) => document.querySelector(sel) as HTMLElement | null;
/** Waits (up to 10 s of a busy machine) for what antd renders after its animations and timers. */
async function until(ok: () => boolean) {
  for (let i = 0; i < 200 && !ok(); i++) await settle();
}
const click = async (el: Element | null) => {
  expect(el).not.toBeNull();
  await act(async () => void (el as HTMLElement).click());
  await settle();
};

beforeEach(() => {
  setLocale('en-US');
  websiteConfigStore.set({ config: DEFAULT_WEBSITE_CONFIG, loaded: true });
  localStorage.setItem('token', 'Bearer t');
  authStore.set({ uid: 'reader-uid', username: 'reader', roleList: ['default_user'] } as never);
  mocked.getCategories.mockResolvedValue([]);
  mocked.getComments.mockResolvedValue({ commentList: { records: [], total: 0, size: 10, current: 1, pages: 0 }, commentLikeMap: {} });
  mocked.reportDiscussion.mockResolvedValue(null);
  mocked.likeDiscussion.mockResolvedValue(null);
  mocked.getDiscussionRules.mockResolvedValue({ post: commentRules(0, null), comment: commentRules(0, null) });
});

/** Comment rules as get-discussion-rules answers them: `solved` of 10 needed. */
function commentRules(solved: number, refusal: string | null): PostingRules {
  return { acRequired: 10, solved, dailyLimit: null, today: null, totalLimit: null, owned: null, exempt: false, refusal };
}

it('tells the comment AC count above the box and keeps the box closed while it refuses', async () => {
  mocked.getDiscussionRules.mockResolvedValue({
    post: commentRules(2, DISCUSSION_ERR.postAcCount(10)),
    comment: commentRules(2, DISCUSSION_ERR.commentAcCount(10)),
  });
  mocked.getDiscussion.mockResolvedValue(post());
  await renderDetail();
  await until(() => !!q('[data-testid="posting-rules-comment"]'));
  expect(q('[data-testid="posting-rules-comment"]')!.textContent).toContain(
    'Commenting needs at least 10 solved problems; you have solved 2.',
  );
  expect((q('[data-testid="comment-input"]') as HTMLTextAreaElement).disabled).toBe(true);
  expect((q('[data-testid="comment-send"]') as HTMLButtonElement).disabled).toBe(true);
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  document.body.innerHTML = '';
  jest.resetAllMocks();
});

it('refuses an empty report without calling the server, then sends a filled one', async () => {
  mocked.getDiscussion.mockResolvedValue(post());
  await renderDetail();
  expect(q('[data-testid="discussion-detail"]')!.textContent).toContain('How to read input?');
  await click(q('[data-testid="discussion-report"]'));
  await until(() => !!q('[data-testid="report-submit"]'));
  expect(q('.ant-modal')).not.toBeNull();

  const empty = problemsMessages['en-US']['problems.discussion.reportEmpty'];
  await click(q('[data-testid="report-submit"]'));
  await until(() => !!document.body.textContent?.includes(empty));
  expect(mocked.reportDiscussion).not.toHaveBeenCalled();
  expect(document.body.textContent).toContain(empty);
  expect(q('.ant-modal-wrap')?.style.display).not.toBe('none');

  const reason = q('[data-testid="report-reason"]') as HTMLTextAreaElement;
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
    setter.call(reason, 'Posts the full answer');
    reason.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await click(q('[data-testid="report-submit"]'));
  await until(() => mocked.reportDiscussion.mock.calls.length > 0);
  expect(mocked.reportDiscussion).toHaveBeenCalledWith(7, '', 'Posts the full answer');
});

it("offers no report button on one's own post", async () => {
  authStore.set({ uid: 'author-uid', username: 'author', roleList: ['default_user'] } as never);
  mocked.getDiscussion.mockResolvedValue(post());
  await renderDetail();
  expect(q('[data-testid="discussion-detail"]')).not.toBeNull();
  expect(q('[data-testid="discussion-report"]')).toBeNull();
});

it('toggles the like and its count', async () => {
  mocked.getDiscussion.mockResolvedValue(post({ likeNum: 2, hasLike: false }));
  await renderDetail();
  const like = () => q('[data-testid="discussion-like"]')!;
  expect(like().textContent).toContain('2');
  await click(like());
  expect(mocked.likeDiscussion).toHaveBeenLastCalledWith(7, true);
  expect(like().textContent).toContain('3');
  await click(like());
  expect(mocked.likeDiscussion).toHaveBeenLastCalledWith(7, false);
  expect(like().textContent).toContain('2');
});
