/** The AC count and limits told above the group, post and comment forms (issue 37), in both languages. */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { DISCUSSION_ERR, GROUP_ERR, PostingRules } from '@oj/contracts';
import { LocaleProvider, PostingKind, PostingRulesNotice, setLocale } from '@oj/kit';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const rules = (over: Partial<PostingRules>): PostingRules => ({
  acRequired: 20,
  solved: 3,
  dailyLimit: 2,
  today: 0,
  totalLimit: 5,
  owned: 0,
  exempt: false,
  refusal: null,
  ...over,
});

async function render(r: PostingRules, kind: PostingKind): Promise<{ text: string; el: Element | null; done: () => void }> {
  const host = document.createElement('div');
  document.body.appendChild(host);
  const root = createRoot(host);
  await act(async () =>
    root.render(
      <LocaleProvider messages={{ 'zh-CN': {}, 'en-US': {} }}>
        <PostingRulesNotice rules={r} kind={kind} />
      </LocaleProvider>,
    ),
  );
  const el = host.querySelector(`[data-testid="posting-rules-${kind}"]`);
  return {
    text: host.textContent ?? '',
    el,
    done: () => {
      act(() => root.unmount());
      host.remove();
    },
  };
}

it('tells a student the group requirement with their own count, and the reason the create would be refused', async () => {
  setLocale('zh-CN');
  const r = await render(rules({ refusal: GROUP_ERR.createAcCount(20) }), 'group');
  expect(r.el?.getAttribute('data-allowed')).toBe('false');
  expect(r.text).toContain('请先通过 20 道题目');
  expect(r.text).toContain('创建团队需要至少通过 20 道题目，你已通过 3 道。');
  expect(r.text).toContain('每天最多创建 2 个团队');
  expect(r.text).toContain('每人最多拥有 5 个团队，你已有 0 个。');
  r.done();
});

it('tells the requirement of a post that is allowed, in en-US', async () => {
  setLocale('en-US');
  const r = await render(rules({ acRequired: 10, solved: 12, dailyLimit: 5, today: 1, totalLimit: null, owned: null }), 'post');
  expect(r.el?.getAttribute('data-allowed')).toBe('true');
  expect(r.text).toContain('Posting needs at least 10 solved problems; you have solved 12.');
  expect(r.text).toContain('At most 5 posts a day; 1 today.');
  r.done();
  const c = await render(
    rules({
      acRequired: 10,
      solved: 1,
      dailyLimit: null,
      today: null,
      totalLimit: null,
      owned: null,
      refusal: DISCUSSION_ERR.commentAcCount(10),
    }),
    'comment',
  );
  expect(c.text).toContain('Commenting needs at least 10 solved problems; you have solved 1.');
  c.done();
});

it('says nothing to admins', async () => {
  const r = await render(rules({ exempt: true }), 'group');
  expect(r.el).toBeNull();
  r.done();
});
