/**
 * Who sees what in a group (product §4, §6): the menu of the 11 children, the member actions an admin may take,
 * and the join form per auth. The server checks every one of these again; the UI only hides what it would refuse.
 */
import { GROUP_LIMITS, GroupAuth, GroupMemberStatus } from '@oj/contracts';

/** The viewer of a group: their level (0 none, 1 applying, 2 refused, 3 member, 4 admin, 5 owner) and site root. */
export interface GroupViewer {
  level: number;
  isRoot: boolean;
  loggedIn: boolean;
}

export const isMember = (v: GroupViewer): boolean => v.isRoot || v.level >= GroupMemberStatus.Member;
export const isGroupAdmin = (v: GroupViewer): boolean => v.isRoot || v.level >= GroupMemberStatus.Admin;
/** Owner or site root: settings, owner transfer, dissolving the group; admins of its contests, exams, trainings. */
export const isGroupRoot = (v: GroupViewer): boolean => v.isRoot || v.level >= GroupMemberStatus.Root;

export type GroupChild =
  '' | 'announcement' | 'problem' | 'question' | 'training' | 'contest' | 'exam' | 'rank' | 'discussion' | 'member' | 'setting';

/**
 * The group menu (product §2 children, §6 "Group menu shown if member"): home for everyone who may see the group;
 * the content screens for members and root; discussion only while openGroupDiscussion is on (root always);
 * the question bank (exam material with its answers) for group admins; settings for the owner and root.
 */
export function groupMenu(v: GroupViewer, openGroupDiscussion: boolean): GroupChild[] {
  if (!isMember(v)) return [''];
  const items: GroupChild[] = ['', 'announcement', 'problem'];
  if (isGroupAdmin(v)) items.push('question');
  items.push('training', 'contest', 'exam', 'rank');
  if (openGroupDiscussion || v.isRoot) items.push('discussion');
  items.push('member');
  if (isGroupRoot(v)) items.push('setting');
  return items;
}

/** Whether a child route may be shown to this viewer (a typed URL gets the same answer as the menu). */
export const canOpen = (child: GroupChild, v: GroupViewer, openGroupDiscussion: boolean): boolean =>
  groupMenu(v, openGroupDiscussion).includes(child);

/** What joining asks for (product §4): nothing (public), a reason (protected), the invitation code (private). */
export type JoinKind = 'join' | 'apply' | 'code';
export const joinKind = (auth: GroupAuth): JoinKind =>
  auth === GroupAuth.Public ? 'join' : auth === GroupAuth.Protected ? 'apply' : 'code';

/** Levels an admin may give a member: strictly below their own (the owner gives admin; root anything below owner). */
export function assignableLevels(v: GroupViewer): GroupMemberStatus[] {
  const top = v.isRoot ? GroupMemberStatus.Root : v.level;
  return [GroupMemberStatus.Member, GroupMemberStatus.Admin].filter((l) => l < top) as GroupMemberStatus[];
}

/** A member row the viewer may change or remove: below the viewer's level, never the owner, never oneself. */
export const canManageMember = (v: GroupViewer, member: { auth: number; username: string }, me?: string): boolean =>
  member.auth < GroupMemberStatus.Root && member.username !== me && (v.isRoot || member.auth < v.level) && isGroupAdmin(v);

/** The owner transfers the group to one of its members (the old owner becomes an admin). */
export const canTransferTo = (v: GroupViewer, member: { auth: number }): boolean =>
  isGroupRoot(v) && member.auth >= GroupMemberStatus.Member && member.auth < GroupMemberStatus.Root;

/** Length rules of product §5, as [min, max] per field of the group form. */
export const GROUP_FIELD_LIMITS = {
  name: [GROUP_LIMITS.nameMin, GROUP_LIMITS.nameMax],
  shortName: [GROUP_LIMITS.shortNameMin, GROUP_LIMITS.shortNameMax],
  brief: [GROUP_LIMITS.briefMin, GROUP_LIMITS.briefMax],
  description: [GROUP_LIMITS.descriptionMin, GROUP_LIMITS.descriptionMax],
  reason: [GROUP_LIMITS.reasonMin, GROUP_LIMITS.reasonMax],
} as const;
