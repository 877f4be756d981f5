/**
 * Paths of the group calls (product §7 "Groups", HOJ's GroupController, GroupMemberController and the scoped
 * group controllers), relative to /api. One table for the group remote, the admin remote and the tests.
 */
export const GROUP_API = {
  list: '/get-group-list',
  detail: '/get-group-detail',
  access: '/get-group-access',
  auth: '/get-group-auth',
  group: '/group',
  memberList: '/group/get-member-list',
  applyList: '/group/get-apply-list',
  member: '/group/member',
  exit: '/group/exit',
  announcementList: '/group/get-announcement-list',
  adminAnnouncementList: '/group/get-admin-announcement-list',
  announcement: '/group/announcement',
  problemList: '/group/get-problem-list',
  adminProblemList: '/group/get-admin-problem-list',
  questionList: '/group/get-question-list',
  question: '/group/question',
  trainingList: '/group/get-training-list',
  adminTrainingList: '/group/get-admin-training-list',
  contestList: '/group/get-contest-list',
  adminContestList: '/group/get-admin-contest-list',
  examList: '/group/get-exam-list',
  adminExamList: '/group/get-admin-exam-list',
  discussionList: '/group/get-discussion-list',
  discussion: '/group/discussion',
  rankList: '/get-group-rank-list',
  applyPublic: '/group/apply-public',
} as const;

/** get-group-list's tabs: every visible group, or only the caller's (HOJ onlyMine). */
export interface GroupListQuery {
  currentPage: number;
  limit: number;
  keyword?: string;
  auth?: number;
  onlyMine?: boolean;
}

/** POST / PUT /api/group body (HOJ Group). */
export interface GroupBody {
  id?: number;
  name: string;
  shortName: string;
  brief: string;
  description: string;
  auth: number;
  code?: string | null;
  visible: boolean;
}
