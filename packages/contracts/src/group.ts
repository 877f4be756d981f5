/**
 * Groups (product §3–§7, §9): classes and teams with their own members and content. Field names are HOJ's
 * (Group, GroupMember, GroupVO, GroupMemberVO) so its client renders them unchanged.
 */

// Levels and auth values live in roles.ts (GroupMemberStatus 1–5, GroupAuth 1–3); level 5 is the owner.
import { GroupAuth, GroupMemberStatus } from './roles';

/** Group.status: 0 normal, 1 banned by root (HOJ). */
export enum GroupStatus {
  Normal = 0,
  Banned = 1,
}

/** Validation limits of product §5. */
export const GROUP_LIMITS = {
  nameMin: 5,
  nameMax: 25,
  shortNameMin: 5,
  shortNameMax: 10,
  briefMin: 5,
  briefMax: 50,
  descriptionMin: 5,
  descriptionMax: 1000,
  codeLength: 6,
  reasonMin: 5,
  reasonMax: 100,
} as const;

/** Texts of group answers (product §8 style: one sentence, shown as is). */
export const GROUP_ERR = {
  notFound: 'The group does not exist or has been banned.',
  notVisible: 'This group is not public: it cannot be visited.',
  nameLength: 'The group name must be 5 to 25 characters long.',
  shortNameLength: 'The group short name must be 5 to 10 characters long.',
  briefLength: 'The group brief must be 5 to 50 characters long.',
  descriptionLength: 'The group description must be 5 to 1000 characters long.',
  authInvalid: 'The group auth is required and must be 1 to 3.',
  codeLength: 'The invitation code must be 6 characters long.',
  nameExists: 'The group name already exists.',
  shortNameExists: 'The group short name already exists.',
  createAcCount: (n: number) => `Sorry, you cannot create a group yet: solve at least ${n} problems first.`,
  createDailyLimit: (n: number) => `Sorry, you have created ${n} groups today: try again tomorrow.`,
  createTotalLimit: (n: number) => `Sorry, you have already created ${n} groups: no more can be created.`,
  wrongCode: 'The invitation code is wrong.',
  reasonLength: 'The apply reason must be 5 to 100 characters long.',
  alreadyApplied: 'You have already applied: please wait for the answer.',
  alreadyMember: 'You are already a member of this group.',
  notInGroup: 'The user is not in the group.',
  ownerUnchangeable: "The group owner's level cannot be changed.",
  cannotDemoteMember: 'A member cannot be set back to applying or refused.',
  levelInvalid: 'The member level must be 1 to 5.',
  cannotRemoveSelf: 'You cannot remove yourself: exit the group instead.',
  cannotRemoveOwner: 'The group owner cannot be removed.',
  ownerCannotExit: 'The owner cannot exit the group: transfer it or dissolve it.',
  notMember: 'You are not a member of this group.',
  transferTarget: 'The group can only be transferred to one of its members.',
} as const;

/** Titles and contents of the 'mine' messages group events send (the codes tell the client which text). */
export const GROUP_MSG = {
  acceptedTitle: 'Your group application was accepted',
  accepted: (gid: number) => `Welcome: you are now a member of group #${gid}.`,
  refusedTitle: 'Your group application was refused',
  refused: (gid: number) => `The admins of group #${gid} refused your application.`,
  removedTitle: 'You were removed from a group',
  removed: (gid: number) => `An admin of group #${gid} removed you from the group.`,
  ownerTitle: 'You are now the owner of a group',
  owner: (gid: number) => `Group #${gid} was transferred to you.`,
} as const;

/** A group in get-group-list (HOJ GroupVO). `owner` is the owner's username. */
export interface GroupVO {
  id: number;
  avatar: string | null;
  owner: string;
  name: string;
  shortName: string;
  brief: string;
  description: string;
  auth: GroupAuth;
  visible: boolean;
  memberCount: number;
  gmtCreate: string;
}

/** get-group-detail (HOJ Group); `code` only for the group's owner and site root, null otherwise. */
export interface GroupDetail extends Omit<GroupVO, 'memberCount'> {
  uid: string;
  status: GroupStatus;
  code: string | null;
  memberCount: number;
  gmtModified: string;
}

/** A row of get-member-list and get-apply-list (HOJ GroupMemberVO). */
export interface GroupMemberVO {
  id: number;
  gid: number;
  uid: string;
  username: string;
  auth: GroupMemberStatus;
  reason: string | null;
  gmtCreate: string;
  gmtModify: string;
}

/** problem.applyPublicProgress (HOJ): a group problem proposed for the public bank. Null: not applied. */
export const ApplyPublicProgress = { Applying: 1, Public: 2, Refused: 3 } as const;
export type ApplyPublicProgress = (typeof ApplyPublicProgress)[keyof typeof ApplyPublicProgress];

/** Texts of the group's scoped content routes (problems, trainings, contests, exams, questions, discussion). */
export const GROUP_CONTENT_ERR = {
  gidRequired: 'The group id (gid) is required.',
  alreadyPublic: 'The problem is already in the public bank: its application cannot be cancelled.',
  progressInvalid: 'The progress must be 1 (applying), 2 (public) or 3 (refused).',
  notApplied: 'The problem has not been applied for the public bank.',
  notGroupProblem: "The problem is not one of this group's problems.",
  problemInUse: 'The problem is already in it.',
  rankTypeInvalid: 'The rank type must be 0 (ACM) or 1 (OI).',
} as const;
