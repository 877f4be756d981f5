/**
 * The group screens in jsdom with the group calls answered in memory: the list with its badges, member counts
 * and empty state; the create dialog's §5 texts and the body it sends; the not-found page of a missing group;
 * the join dialog per auth (reason for a protected group, code for a private one); accepting an application.
 */
import '../../kit/test/jsdom-setup';
import { act } from 'react';
import { createRoot, Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { GROUP_ERR, GroupAuth, GroupDetail, GroupMemberVO, GroupStatus, GroupVO, Page, PostingRules } from '@oj/contracts';
import { DEFAULT_WEBSITE_CONFIG, LocaleProvider, authStore, setLocale, websiteConfigStore } from '@oj/kit';
import { GroupRoutes } from '../src/root';
import { groupMessages } from '../src/locales';
import * as api from '../src/api/group';

jest.mock('../src/api/group');
jest.setTimeout(180_000);
const mocked = api as jest.Mocked<typeof api>;

const page = <T,>(records: T[]): Page<T> => ({ records, total: records.length, size: 10, current: 1, pages: 1 });

const vo = (over: Partial<GroupVO>): GroupVO => ({
  id: 1,
  avatar: null,
  owner: 'teacher',
  name: 'Algorithms 101',
  shortName: 'algo1',
  brief: 'Weekly practice',
  description: 'We practise every week.',
  auth: GroupAuth.Public,
  visible: true,
  memberCount: 12,
  gmtCreate: '2026-01-01T00:00:00Z',
  ...over,
});
const detail = (over: Partial<GroupDetail>): GroupDetail => ({
  ...vo({}),
  uid: 'teacher-uid',
  status: GroupStatus.Normal,
  code: null,
  gmtModified: '',
  ...over,
});

let root: Root | null = null;
let host: HTMLElement;

async function renderAt(path: string) {
  host = document.createElement('div');
  document.body.appendChild(host);
  const r = createRoot(host);
  root = r;
  await act(async () =>
    r.render(
      <LocaleProvider messages={groupMessages}>
        <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
          <GroupRoutes />
        </MemoryRouter>
      </LocaleProvider>,
    ),
  );
  await wait(30);
}
async function unmount() {
  const r = root;
  root = null;
  if (r) await act(async () => r.unmount());
  host?.remove();
  document.body.innerHTML = '';
}
const wait = (ms: number) => act(async () => void (await new Promise((r) => setTimeout(r, ms))));
/** Anywhere on the page: dialogs render in a portal outside the app's element. */
const q = (sel: string) => document.body.querySelector(sel) as HTMLElement | null;
const all = (sel: string) => Array.from(document.body.querySelectorAll(sel)) as HTMLElement[];
const click = async (sel: string) => {
  const el = q(sel);
  if (!el) throw new Error(`no ${sel}`);
  await act(async () => el.click());
  await wait(30);
};
/** Types into an input as a user would (React listens to the native input event). */
async function type(sel: string, value: string) {
  const el = q(sel) as HTMLInputElement | HTMLTextAreaElement;
  if (!el) throw new Error(`no ${sel}`);
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const errors = () => all('.ant-form-item-explain-error').map((e) => e.textContent);

beforeEach(() => {
  localStorage.clear();
  setLocale('en-US');
  websiteConfigStore.set({ config: { ...DEFAULT_WEBSITE_CONFIG, openGroupDiscussion: true }, loaded: true });
  localStorage.setItem('token', 'Bearer t');
  authStore.set({ uid: 'student-uid', username: 'sam', roleList: ['default_user'] });
});
afterEach(async () => {
  await unmount();
  jest.resetAllMocks();
});

describe('group list', () => {
  it('shows each group with its auth badge, owner and member count, and an empty "mine" tab', async () => {
    mocked.getGroupList.mockImplementation(async (query) =>
      query.onlyMine ? page([]) : page([vo({}), vo({ id: 2, name: 'Secret Team', auth: GroupAuth.Private, memberCount: 1 })]),
    );
    await renderAt('/');
    const rows = all('[data-testid="group-row"]');
    expect(rows.map((r) => r.getAttribute('data-gid'))).toEqual(['1', '2']);
    expect(all('[data-testid="group-auth-tag"]').map((t) => t.textContent)).toEqual(['Public', 'Private']);
    expect(all('[data-testid="group-member-count"]').map((t) => t.textContent?.trim())).toEqual(['12 members', '1 member']);

    await click('[data-testid="group-tab-mine"]');
    expect(mocked.getGroupList).toHaveBeenLastCalledWith(expect.objectContaining({ onlyMine: true, currentPage: 1 }));
    expect(all('[data-testid="group-row"]')).toHaveLength(0);
    expect(document.body.textContent).toContain('You have not joined any group yet');
    await unmount();
  });

  const rules = (over: Partial<PostingRules> = {}): PostingRules => ({
    acRequired: 20,
    solved: 25,
    dailyLimit: 2,
    today: 0,
    totalLimit: 5,
    owned: 0,
    exempt: false,
    refusal: null,
    ...over,
  });

  it("tells the AC count and the student's own before the form, and keeps the form closed while it refuses", async () => {
    mocked.getGroupList.mockResolvedValue(page([]));
    mocked.getGroupCreateRules.mockResolvedValue(rules({ solved: 3, refusal: GROUP_ERR.createAcCount(20) }));
    await renderAt('/');
    await click('[data-testid="group-create"]');
    await wait(50);
    const notice = document.querySelector('[data-testid="posting-rules-group"]');
    expect(notice?.getAttribute('data-allowed')).toBe('false');
    expect(notice?.textContent).toContain('Creating a group needs at least 20 solved problems; you have solved 3.');
    expect((document.querySelector('[data-testid="group-form-name"]') as HTMLInputElement).disabled).toBe(true);
    expect((document.querySelector('[data-testid="group-create-submit"]') as HTMLButtonElement).disabled).toBe(true);
    await unmount();
  });

  it('refuses a group breaking the §5 rules with their texts and sends a valid one trimmed', async () => {
    mocked.getGroupList.mockResolvedValue(page([]));
    mocked.createGroup.mockResolvedValue(null);
    mocked.getGroupCreateRules.mockResolvedValue(rules());
    await renderAt('/');
    await click('[data-testid="group-create"]');
    await type('[data-testid="group-form-name"]', 'abc');
    await type('[data-testid="group-form-short-name"]', 'toolongshortname');
    await type('[data-testid="group-form-brief"]', 'hi');
    await type('[data-testid="group-form-description"]', 'x');
    await click('[data-testid="group-form-auth-3"]');
    await click('[data-testid="group-create-submit"]');
    await wait(100);
    expect(errors()).toEqual(
      expect.arrayContaining([
        'The group name must be 5 to 25 characters long.',
        'The group brief must be 5 to 50 characters long.',
        'The group description must be 5 to 1000 characters long.',
        'The invitation code must be 6 characters long.',
      ]),
    );
    expect(mocked.createGroup).not.toHaveBeenCalled();

    await type('[data-testid="group-form-name"]', '  Class of 2026  ');
    await type('[data-testid="group-form-short-name"]', 'cls26');
    await type('[data-testid="group-form-brief"]', 'Our class');
    await type('[data-testid="group-form-description"]', 'The class of 2026.');
    await type('[data-testid="group-form-code"]', 'ABC123');
    await click('[data-testid="group-create-submit"]');
    await wait(100);
    expect(errors()).toEqual([]);
    expect(mocked.createGroup).toHaveBeenCalledWith({
      name: 'Class of 2026',
      shortName: 'cls26',
      brief: 'Our class',
      description: 'The class of 2026.',
      auth: GroupAuth.Private,
      code: 'ABC123',
      visible: true,
    });
    await unmount();
  });
});

describe('group layout', () => {
  it('shows the not-found page for a missing group', async () => {
    mocked.getGroupDetail.mockRejectedValue(new Error('404'));
    mocked.getGroupAuth.mockResolvedValue(0);
    await renderAt('/404');
    expect(q('[data-testid="not-found"]')?.textContent).toContain('The group does not exist or has been banned.');
    await unmount();
  });

  it('lets an outsider of a protected group apply with a reason of 5 to 100 characters, and shows only home', async () => {
    mocked.getGroupDetail.mockResolvedValue(detail({ id: 7, auth: GroupAuth.Protected }));
    mocked.getGroupAuth.mockResolvedValue(0);
    mocked.joinGroup.mockResolvedValue(null);
    await renderAt('/7/problem');
    expect(q('[data-testid="group-no-access"]')?.textContent).toContain('Only the members of this group');
    expect(all('[data-testid^="group-menu-"]')).toHaveLength(0);
    expect(q('[data-testid="group-join"]')?.textContent).toBe('Apply to join');
    await click('[data-testid="group-join"]');
    await type('[data-testid="group-join-reason"]', 'hey');
    await click('[data-testid="group-join-submit"]');
    await wait(100);
    expect(errors()).toContain('The apply reason must be 5 to 100 characters long.');
    expect(mocked.joinGroup).not.toHaveBeenCalled();
    await type('[data-testid="group-join-reason"]', 'I am in this class');
    mocked.getGroupAuth.mockResolvedValue(1);
    await click('[data-testid="group-join-submit"]');
    await wait(100);
    expect(mocked.joinGroup).toHaveBeenCalledWith(7, { reason: 'I am in this class' });
    expect(q('[data-testid="group-applying"]')).not.toBeNull();
    await unmount();
  });

  it('asks the invitation code of a private group', async () => {
    mocked.getGroupDetail.mockResolvedValue(detail({ id: 8, auth: GroupAuth.Private }));
    mocked.getGroupAuth.mockResolvedValue(0);
    mocked.joinGroup.mockResolvedValue(null);
    await renderAt('/8');
    await click('[data-testid="group-join"]');
    expect(q('[data-testid="group-join-form-code"]')).not.toBeNull();
    await type('[data-testid="group-join-code"]', 'XYZ789');
    mocked.getGroupAuth.mockResolvedValue(3);
    await click('[data-testid="group-join-submit"]');
    await wait(100);
    expect(mocked.joinGroup).toHaveBeenCalledWith(8, { code: 'XYZ789' });
    // a member now: the content menu, no settings
    expect(q('[data-testid="group-menu-problem"]')).not.toBeNull();
    expect(q('[data-testid="group-menu-setting"]')).toBeNull();
    expect(q('[data-testid="group-exit"]')).not.toBeNull();
    await unmount();
  });
});

describe('members', () => {
  const member = (over: Partial<GroupMemberVO>): GroupMemberVO => ({
    id: 1,
    gid: 7,
    uid: 'u1',
    username: 'amy',
    auth: 3,
    reason: null,
    gmtCreate: '2026-01-01T00:00:00Z',
    gmtModify: '2026-01-01T00:00:00Z',
    ...over,
  });

  it("lets the owner accept an application and change a member's level", async () => {
    authStore.set({ uid: 'teacher-uid', username: 'teacher', roleList: ['default_user'] });
    mocked.getGroupDetail.mockResolvedValue(detail({ id: 7, auth: GroupAuth.Protected }));
    mocked.getGroupAuth.mockResolvedValue(5);
    mocked.getMemberList.mockResolvedValue(page([member({ uid: 't', username: 'teacher', auth: 5 }), member({})]));
    mocked.getApplyList.mockResolvedValue(page([member({ uid: 'u2', username: 'sam', auth: 1, reason: 'I am in this class' })]));
    mocked.updateMember.mockResolvedValue(null);
    await renderAt('/7/member');
    expect(q('[data-testid="group-menu-setting"]')).not.toBeNull();
    const rows = all('[data-testid="group-member-row"]');
    expect(rows.map((r) => r.getAttribute('data-username'))).toEqual(['teacher', 'amy']);
    // the owner's own row has no actions, the member's has level, remove and transfer
    expect(rows[0].querySelector('[data-testid="group-member-remove"]')).toBeNull();
    expect(rows[1].querySelector('[data-testid="group-member-remove"]')).not.toBeNull();
    expect(rows[1].querySelector('[data-testid="group-member-transfer"]')).not.toBeNull();

    await click('[data-testid="group-apply-tab"]');
    expect(q('[data-testid="group-apply-row"]')?.textContent).toContain('I am in this class');
    // once accepted, the member list (its tab stays mounted) shows the new member without a reload (issue 37)
    mocked.getMemberList.mockResolvedValue(
      page([member({ uid: 't', username: 'teacher', auth: 5 }), member({}), member({ uid: 'u2', username: 'sam', auth: 3 })]),
    );
    await click('[data-testid="group-apply-accept"]');
    expect(mocked.updateMember).toHaveBeenCalledWith(7, 'u2', 3);
    await wait(50);
    expect(all('[data-testid="group-member-row"]').map((r) => r.getAttribute('data-username'))).toEqual(['teacher', 'amy', 'sam']);
    await unmount();
  });
});
