/** Typed group calls through kit's client (product §7 "Groups"); paths from the contracts' GROUP_API. */
import {
  PostingRules,
  Announcement,
  ContestInfo,
  DiscussionVO,
  ExamInfo,
  GROUP_API,
  GroupBody,
  GroupDetail,
  GroupListQuery,
  GroupMemberStatus,
  GroupMemberVO,
  GroupVO,
  Page,
  ProblemDetail,
  ProblemListItem,
  QuestionInfo,
  RankRow,
  SubmissionInfo,
  TrainingInfo,
} from '@oj/contracts';
import { api, call } from '@oj/kit';

export type { GroupBody, GroupDetail, GroupListQuery, GroupMemberVO, GroupVO } from '@oj/contracts';

export interface PageQuery {
  currentPage: number;
  limit: number;
}

export const getGroupList = (q: GroupListQuery) => call<Page<GroupVO>>(api.get(GROUP_API.list, { params: q }));
/** Silent: a missing or hidden group is the layout's not-found page, not a toast. */
export const getGroupDetail = (gid: number) => call<GroupDetail>(api.get(GROUP_API.detail, { params: { gid }, silent: true }));
/** The caller's level in the group (0 none, 1 applying, 2 refused, 3–5; root is not a level here). */
export const getGroupAuth = (gid: number) => call<GroupMemberStatus | 0>(api.get(GROUP_API.auth, { params: { gid }, silent: true }));
export const createGroup = (body: GroupBody) => call<null>(api.post(GROUP_API.group, body));
/** What creating a group asks of the caller (not in HOJ), shown before the form. */
export const getGroupCreateRules = () => call<PostingRules>(api.get('/get-group-create-rules', { silent: true }));
export const updateGroup = (body: GroupBody & { id: number }) => call<null>(api.put(GROUP_API.group, body));
export const deleteGroup = (gid: number) => call<null>(api.delete(GROUP_API.group, { params: { gid } }));

export const getMemberList = (gid: number, q: PageQuery & { keyword?: string }) =>
  call<Page<GroupMemberVO>>(api.get(GROUP_API.memberList, { params: { ...q, gid } }));
export const getApplyList = (gid: number, q: PageQuery) =>
  call<Page<GroupMemberVO>>(api.get(GROUP_API.applyList, { params: { ...q, gid } }));
/** Join (public), apply (protected, with a reason) or join with the invitation code (private). */
export const joinGroup = (gid: number, extra: { code?: string; reason?: string }) =>
  call<null>(api.post(GROUP_API.member, { gid, ...extra }));
/** A member's new level: accept (3), refuse (2), admin (4), member (3), owner transfer (5). */
export const updateMember = (gid: number, uid: string, auth: GroupMemberStatus) =>
  call<null>(api.put(GROUP_API.member, { gid, uid, auth }));
export const removeMember = (gid: number, uid: string) => call<null>(api.delete(GROUP_API.member, { params: { gid, uid } }));
export const exitGroup = (gid: number) => call<null>(api.delete(GROUP_API.exit, { params: { gid } }));

const page = <T>(path: string, gid: number, q: PageQuery) => call<Page<T>>(api.get(path, { params: { ...q, gid } }));

export const getAnnouncements = (gid: number, q: PageQuery, admin: boolean) =>
  page<Announcement>(admin ? GROUP_API.adminAnnouncementList : GROUP_API.announcementList, gid, q);
/**
 * The group's lists: members get the visible items; admins (`admin`) every item, hidden ones included, from the
 * get-admin-... twin (its rows are the tables' own: a problem's id is `id` there, `pid` in the members' list).
 */
export const getGroupProblems = (gid: number, q: PageQuery, admin = false) =>
  page<ProblemListItem & { id?: number }>(admin ? GROUP_API.adminProblemList : GROUP_API.problemList, gid, q);
export const getGroupQuestions = (gid: number, q: PageQuery) => page<QuestionInfo>(GROUP_API.questionList, gid, q);
export const getGroupTrainings = (gid: number, q: PageQuery, admin = false) =>
  page<TrainingInfo>(admin ? GROUP_API.adminTrainingList : GROUP_API.trainingList, gid, q);
export const getGroupContests = (gid: number, q: PageQuery, admin = false) =>
  page<ContestInfo>(admin ? GROUP_API.adminContestList : GROUP_API.contestList, gid, q);
export const getGroupExams = (gid: number, q: PageQuery, admin = false) =>
  page<ExamInfo>(admin ? GROUP_API.adminExamList : GROUP_API.examList, gid, q);
/** One question of the group's bank (admins). */
export const getGroupQuestion = (qid: number) => call<QuestionInfo>(api.get(GROUP_API.question, { params: { qid }, silent: true }));
export const getGroupDiscussions = (gid: number, q: PageQuery) => page<DiscussionVO>(GROUP_API.discussionList, gid, q);
/** type 0 ACM (solved, then submissions), 1 OI (score): HOJ's get-group-rank-list. */
export const getGroupRank = (gid: number, q: PageQuery & { type: number; searchUser?: string }) =>
  call<Page<RankRow & { rank?: number; solved?: number }>>(api.get(GROUP_API.rankList, { params: { ...q, gid } }));
export const createGroupDiscussion = (body: { gid: number; title: string; description: string; content: string; categoryId: number }) =>
  call<null>(api.post(GROUP_API.discussion, body));

/** A group problem as its members see it: the bank's detail call with the group's id (HOJ getProblemInfo). */
export const getGroupProblemDetail = (gid: number, problemId: string) =>
  call<ProblemDetail>(api.get('/get-problem-detail', { params: { problemId, gid }, silent: true }));
export const submitGroupProblem = (gid: number, pid: string, language: string, code: string) =>
  call<SubmissionInfo>(api.post('/submit-problem-judge', { pid, gid, language, code, cid: 0, isRemote: false }));

/** Group announcements (HOJ's Announcement body with the gid; status 0 visible, 1 hidden). */
export const saveAnnouncement = (body: { id?: number; gid: number; title: string; content: string; status: number }) =>
  call<null>(body.id ? api.put(GROUP_API.announcement, body) : api.post(GROUP_API.announcement, body));
export const deleteAnnouncement = (gid: number, aid: number) => call<null>(api.delete(GROUP_API.announcement, { params: { aid, gid } }));
