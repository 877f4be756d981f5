import { ApplyPublicProgress, GroupStatus, GroupVO } from './group';

/**
 * Group twins of the site admin routes (issue 17, HOJ's GroupProblemController, GroupContestController,
 * GroupTrainingController; exams and questions follow the same pattern). The admin remote's editors write
 * through these when they run inside a group (frontends/admin/src/scope), always with the group's `gid`
 * (query for GET/DELETE, body for POST/PUT, form field for uploads).
 */
export const GROUP_ADMIN_ROUTES: Readonly<Record<string, string>> = {
  // problems (HOJ GroupProblemController)
  '/admin/problem': '/group/problem',
  '/admin/problem/get-problem-list': '/group/get-admin-problem-list',
  '/admin/problem/get-problem-cases': '/group/get-problem-cases',
  '/admin/problem/compile-spj': '/group/compile-spj',
  '/admin/problem/compile-interactive': '/group/compile-interactive',
  '/admin/problem/change-problem-auth': '/group/change-problem-auth',
  // HOJ's upload takes the gid on the same route
  '/file/upload-testcase-zip': '/file/upload-testcase-zip',
  // contests (HOJ GroupContestController)
  '/admin/contest': '/group/contest',
  '/admin/contest/get-contest-list': '/group/get-admin-contest-list',
  '/admin/contest/change-contest-visible': '/group/change-contest-visible',
  '/admin/contest/get-problem-list': '/group/get-contest-problem-list',
  '/admin/contest/contest-problem': '/group/contest-problem',
  // the contest's problem editor: HOJ's POST /group/contest-problem takes the ProblemDTO with cid and display id
  '/admin/contest/problem': '/group/contest-problem',
  '/admin/contest/add-problem-from-public': '/group/add-contest-problem-from-public',
  '/admin/contest/announcement': '/group/contest-announcement',
  // trainings (HOJ GroupTrainingController)
  '/admin/training': '/group/training',
  '/admin/training/get-training-list': '/group/get-admin-training-list',
  '/admin/training/change-training-status': '/group/change-training-status',
  '/admin/training/get-problem-list': '/group/get-training-problem-list',
  '/admin/training/problem': '/group/training-problem',
  '/admin/training/add-problem-from-public': '/group/add-training-problem-from-public',
  // exams and the question bank (not in HOJ: the same names under /group)
  '/admin/exam': '/group/exam',
  '/admin/exam/get-exam-list': '/group/get-admin-exam-list',
  '/admin/exam/change-exam-visible': '/group/change-exam-visible',
  '/admin/exam/get-problem-list': '/group/get-exam-problem-list',
  '/admin/exam/add-problem-from-public': '/group/add-exam-problem-from-public',
  '/admin/exam/exam-problem': '/group/exam-problem',
  '/admin/exam/get-question-list': '/group/get-exam-question-list',
  '/admin/exam/add-question-from-bank': '/group/add-exam-question-from-group',
  '/admin/exam/exam-question': '/group/exam-question',
  '/admin/question': '/group/question',
  '/admin/question/get-question-list': '/group/get-question-list',
};

/** Group-only calls (no site twin): content taken from the group's own bank. */
export const GROUP_ONLY_API = {
  /** GET (pid, cid): the ContestProblem link of a group contest */
  contestProblemLink: '/group/contest-problem',
  /** POST (problemId, cid, displayId) as HOJ's @RequestParam */
  addContestProblemFromGroup: '/group/add-contest-problem-from-group',
  /** POST (problemId, tid) */
  addTrainingProblemFromGroup: '/group/add-training-problem-from-group',
  /** POST (problemId, eid, displayId) */
  addExamProblemFromGroup: '/group/add-exam-problem-from-group',
} as const;

/** Admin review of group problems proposed for the public bank (HOJ AdminGroupProblemController). */
export const ADMIN_GROUP_PROBLEM_API = {
  /** GET (currentPage, limit, keyword, gid): problems in the applying state */
  list: '/admin/group-problem/list',
  /** PUT ChangeGroupProblemProgressDTO { pid, progress } */
  changeProgress: '/admin/group-problem/change-progress',
} as const;

/** Root's group management (product §6): every group, banned ones included; ban/unban and delete use PUT/DELETE /group. */
export const ADMIN_GROUP_API = {
  /** GET (currentPage, limit, keyword, status) → Page<AdminGroupRow> */
  list: '/admin/group/get-group-list',
} as const;

/** A row of root's group list: the list's GroupVO with the ban status. */
export type AdminGroupRow = GroupVO & { status: GroupStatus };

/** A row of admin/group-problem/list (group-api's table): an applied group problem. */
export interface GroupProblemApplyRow {
  id: number;
  gid: number;
  applyPublicProgress: ApplyPublicProgress | null;
  problemId: string;
  title: string;
  author: string;
  type: number;
  judgeMode: string;
}
