import type { TestJudgeResult } from './judge';
import type { SubtaskResult } from './subtask';

/**
 * Payloads of the public problem, submission and rank calls (product §7 "Problems", "Rank") as the web
 * app reads them. Field names follow HOJ's where the spec does not show them.
 */

/** GET /api/get-all-problem-tags, and tags inside problems. */
export interface ProblemTagInfo {
  id: number;
  name: string;
  color?: string | null;
}

/** GET /api/get-problem-list query. */
export interface ProblemListQuery {
  currentPage: number;
  limit: number;
  keyword?: string;
  difficulty?: number;
  /** tag ids, sent HOJ style as tagId=1&tagId=2 */
  tagId?: number[];
  /** problem source: 'Mine' (local) or a remote OJ key */
  oj?: string;
}

/** One row of GET /api/get-problem-list. */
export interface ProblemListItem {
  pid: number;
  problemId: string;
  title: string;
  difficulty: number;
  type: number;
  source?: string | null;
  tags?: ProblemTagInfo[];
  total: number;
  ac: number;
}

/** POST /api/get-user-problem-status answer: problem pid → the user's result (-10 not submitted). */
export type UserProblemStatus = Record<string, { status: number; score?: number | null }>;

export interface ProblemStatistics {
  total: number;
  ac: number;
  wa?: number;
  tle?: number;
  mle?: number;
  re?: number;
  ce?: number;
  pe?: number;
  pa?: number;
  se?: number;
}

/** The problem as GET /api/get-problem-detail shows it to users. */
export interface PublicProblem {
  id: number;
  problemId: string;
  title: string;
  author?: string | null;
  type: number;
  judgeMode: string;
  /** ms */
  timeLimit: number;
  /** MB */
  memoryLimit: number;
  /** MB */
  stackLimit: number;
  description: string;
  input: string;
  output: string;
  /** HOJ's string, `<input>..</input><output>..</output>` repeated: read it with parseHojExamples. */
  examples: string;
  source?: string | null;
  difficulty: number;
  hint?: string | null;
  codeShare?: boolean;
  isFileIO?: boolean;
  ioReadFileName?: string | null;
  ioWriteFileName?: string | null;
}

/** GET /api/get-problem-detail (problemId) answer. */
export interface ProblemDetail {
  problem: PublicProblem;
  tags: ProblemTagInfo[];
  /** language names allowed for this problem */
  languages: string[];
  problemCount?: ProblemStatistics;
  /** language name → starting code */
  codeTemplate?: Record<string, string>;
}

/** GET /api/languages (pid, all) row. */
export interface LanguageOption {
  id?: number;
  name: string;
  description?: string;
  /** editor mode, e.g. text/x-c++src */
  contentType?: string;
  template?: string | null;
}

/** POST /api/submit-problem-judge body. `pid` is the problem's display ID (HOJ SubmitJudgeDTO). */
export interface SubmitJudgeRequest {
  pid: string;
  language: string;
  code: string;
  cid?: number;
  tid?: number | null;
  gid?: number | null;
  isRemote?: boolean;
}

/** A submission (answer of submit-problem-judge, rows of get-submission-list). */
export interface SubmissionInfo {
  submitId: number;
  pid: number;
  displayPid?: string;
  title?: string;
  uid?: string;
  username: string;
  submitTime: string;
  status: number;
  share?: boolean;
  /** ms */
  time?: number | null;
  /** KB */
  memory?: number | null;
  score?: number | null;
  /** bytes */
  length?: number | null;
  language: string;
  code?: string;
  errorMessage?: string | null;
  /** Who judged it: a judge server's name, or for a remote problem (issue 34) the site and its run, `HDU #41000001`. */
  judger?: string | null;
  /** A remote problem's submission: its run id on the remote site (HOJ's name; a number where the site's id is one). */
  vjudgeSubmitId?: number | string | null;
  /** While Pending: the place in the judge queue and the estimated wait (QueueEstimate; not in HOJ). */
  queuePosition?: number | null;
  queueWaitSeconds?: number | null;
}

/** GET /api/get-submission-detail (submitId) answer. */
export interface SubmissionDetail {
  submission: SubmissionInfo;
  codeShare?: boolean;
}

/** One test case of GET /api/get-all-case-result. */
export interface JudgeCaseInfo {
  caseId?: number;
  status: number;
  message?: string | null;
  time?: number | null;
  memory?: number | null;
  score?: number | null;
  /** HOJ's JudgeCase.groupNum: the case's group (subtask), null when ungrouped. */
  groupNum?: number | null;
  inputData?: string | null;
  outputData?: string | null;
  userOutput?: string | null;
}

/** GET /api/get-all-case-result answer. */
export interface CaseResults {
  judgeCaseList: JudgeCaseInfo[];
  /** Per group (subtask) scores, when the problem had groups when judged (not in HOJ). */
  subtaskList?: SubtaskResult[];
  /** 'default' / 'subtask_lowest' / ...; the web app only lists cases */
  judgeCaseMode?: string;
}

/** GET /api/get-submission-list query. */
export interface SubmissionListQuery {
  currentPage: number;
  limit: number;
  onlyMine?: boolean;
  /** problem display ID */
  problemID?: string;
  status?: number;
  username?: string;
}

/** POST /api/submit-problem-test-judge body ("run on custom input"); `pid` is the display ID. */
export interface TestJudgeRequest {
  pid: string;
  language: string;
  code: string;
  userInput: string;
  expectedOutput?: string | null;
  type: 'public' | 'contest' | 'group';
  isRemoteJudge?: boolean;
}

/** GET /api/get-test-judge-result (testJudgeKey) answer: Pending until the worker's result lands. */
export interface TestJudgeAnswer {
  status: number;
  result?: TestJudgeResult;
}

/** GET /api/get-rank-list row (type 0 ACM, 1 OI). */
export interface RankRow {
  uid: string;
  username: string;
  nickname?: string | null;
  avatar?: string | null;
  signature?: string | null;
  /** Distinct problems solved (HOJ ACMRankVO.ac; the ACM list is ordered by it). */
  ac: number;
  /** Submissions counted. */
  total: number;
  score?: number | null;
}
export const RankType = { ACM: 0, OI: 1 } as const;
