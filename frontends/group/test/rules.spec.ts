import { GroupAuth } from '@oj/contracts';
import { assignableLevels, canManageMember, canOpen, canTransferTo, groupMenu, joinKind } from '../src/lib/rules';

const v = (level: number, isRoot = false) => ({ level, isRoot, loggedIn: true });

describe('group menu (product §2 children, §6)', () => {
  it('shows outsiders, applicants and refused users only the home page', () => {
    for (const level of [0, 1, 2]) expect(groupMenu(v(level), true)).toEqual(['']);
  });

  it('shows members the content without the question bank and the settings', () => {
    expect(groupMenu(v(3), true)).toEqual(['', 'announcement', 'problem', 'training', 'contest', 'exam', 'rank', 'discussion', 'member']);
  });

  it('adds the question bank for admins and the settings for the owner and root', () => {
    expect(groupMenu(v(4), true)).toEqual([
      '',
      'announcement',
      'problem',
      'question',
      'training',
      'contest',
      'exam',
      'rank',
      'discussion',
      'member',
    ]);
    expect(groupMenu(v(5), true)).toContain('setting');
    expect(groupMenu(v(0, true), true)).toHaveLength(11);
  });

  it('drops the discussion while openGroupDiscussion is off, except for root', () => {
    expect(groupMenu(v(5), false)).not.toContain('discussion');
    expect(groupMenu(v(0, true), false)).toContain('discussion');
    expect(canOpen('discussion', v(3), false)).toBe(false);
    expect(canOpen('setting', v(4), true)).toBe(false);
  });
});

describe('joining and member management (product §4)', () => {
  it('asks nothing of a public group, a reason of a protected one, the code of a private one', () => {
    expect(joinKind(GroupAuth.Public)).toBe('join');
    expect(joinKind(GroupAuth.Protected)).toBe('apply');
    expect(joinKind(GroupAuth.Private)).toBe('code');
  });

  it('lets an admin give levels strictly below their own', () => {
    expect(assignableLevels(v(4))).toEqual([3]);
    expect(assignableLevels(v(5))).toEqual([3, 4]);
    expect(assignableLevels(v(0, true))).toEqual([3, 4]);
    expect(assignableLevels(v(3))).toEqual([]);
  });

  it('lets an admin manage members below their level, never the owner nor themselves', () => {
    expect(canManageMember(v(4), { auth: 3, username: 'a' }, 'me')).toBe(true);
    expect(canManageMember(v(4), { auth: 4, username: 'a' }, 'me')).toBe(false);
    expect(canManageMember(v(5), { auth: 4, username: 'a' }, 'me')).toBe(true);
    expect(canManageMember(v(5), { auth: 5, username: 'a' }, 'me')).toBe(false);
    expect(canManageMember(v(5), { auth: 3, username: 'me' }, 'me')).toBe(false);
    expect(canManageMember(v(3), { auth: 3, username: 'a' }, 'me')).toBe(false);
    expect(canManageMember(v(0, true), { auth: 4, username: 'a' }, 'root')).toBe(true);
  });

  it('lets only the owner or root transfer the group, to a member', () => {
    expect(canTransferTo(v(5), { auth: 3 })).toBe(true);
    expect(canTransferTo(v(4), { auth: 3 })).toBe(false);
    expect(canTransferTo(v(5), { auth: 1 })).toBe(false);
    expect(canTransferTo(v(0, true), { auth: 4 })).toBe(true);
  });
});
