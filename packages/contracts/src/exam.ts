/**
 * Exams and the question bank (issue 14; product §2–§8): payloads of the public exam calls (`/api/...`) and the
 * admin calls (`/api/admin/exam...`, `/api/admin/question...`), the answer formats and the scoring rules.
 *
 * Field names follow HOJ's style (ContestVO: `id`, `startTime`, `displayId`, `gmtCreate`...). Exam status and
 * auth are the contest ones (product §4): the exam module reuses the contest clock and access rules.
 */
import { ContestAuth, ContestStatus, ContestType, OiScoreType, RankShowName } from './contest';
import { LIMITS } from './limits';
import { QuestionType } from './problem';

/** Exam status (product §4): -1 scheduled, 0 running, 1 ended, moved by the clock as contests. */
export const ExamStatus = ContestStatus;
export type ExamStatus = ContestStatus;

/** Exam auth (product §4): 0 public, 1 private (password to enter), 2 protected (viewable, password to answer). */
export const ExamAuth = ContestAuth;
export type ExamAuth = ContestAuth;

/**
 * Exam type: how programming problems count in the paper. OI (default): partial points, the problem's share
 * of passed test points times its exam score; ACM: the exam score only when Accepted.
 */
export const ExamType = ContestType;
export type ExamType = ContestType;

/** Rank score type: which programming submission counts (the most recent or the highest). */
export const ExamRankScoreType = OiScoreType;
export type ExamRankScoreType = OiScoreType;

/** Question visibility (product §3): public bank, private (admins only), exam only (seen through an exam). */
export const QuestionAuth = { Public: 1, Private: 2, Exam: 3 } as const;
export type QuestionAuth = (typeof QuestionAuth)[keyof typeof QuestionAuth];

export const EXAM_LIMITS = {
  titleMax: 255,
  descriptionMax: 65535,
  passwordMax: LIMITS.accessPasswordMax,
  displayIdMax: 100,
  choicesMax: 26,
  choiceContentMax: 10_000,
  rightAnswerMax: 65535,
  /** a saved answer (text of an answer question, or the JSON of a blank question) */
  answerMax: 65535,
  tagsMax: 20,
  tagMax: 50,
  scoreMax: 10_000,
} as const;

/** Texts of exam errors (product §8 style). 'Wrong, please check your choice.' and the notices for a question without
 * choices or right answer are ERR.wrongChoice / ERR.questionNoChoices / ERR.questionNoAnswer. */
export const EXAM_ERR = {
  titleRequired: 'The exam title is required.',
  startBeforeEnd: 'The start time must be earlier than the end time.',
  durationPositive: 'The exam duration must be greater than zero.',
  passwordRequired: 'A private or protected exam needs a password.',
  wrongPassword: 'The exam password is wrong.',
  alreadyRegistered: 'You have already entered this exam.',
  notRegistered: 'Please enter the exam password first.',
  notStarted: 'The exam has not started yet.',
  examEnded: 'The exam has ended: answers can no longer be saved.',
  handedIn: 'You have handed in your paper: answers can no longer be saved.',
  questionNotInExam: 'The question is not in the exam.',
  questionAlreadyInExam: 'The question is already in the exam.',
  problemNotInExam: 'The problem is not in the exam.',
  problemAlreadyInExam: 'The problem is already in the exam.',
  displayIdRequired: 'The display ID is required.',
  displayIdExists: 'This display ID is already used in the exam.',
  questionDisplayIdExists: 'This question display ID already exists.',
  descriptionRequired: 'The question description is required.',
  typeInvalid: 'The question type must be choice, judge, blank or answer.',
  blankAnswerInvalid: 'A blank question needs one right answer per blank.',
  judgeAnswerInvalid: 'The right answer of a judge question is true or false.',
  answerInvalid: 'The answer does not fit the question type.',
  scoreInvalid: 'The score must be an integer from 0 to the question score.',
  scoresHidden: 'Scores are shown once the exam has ended.',
  questionInUse: 'The question is used by an exam.',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Answer formats and right answers

/** Letter of a choice by its position (0 → 'A'). */
export const choiceLetter = (index: number): string => String.fromCharCode(65 + index);

/** A choice of a choice question (product §3 "list of content and status"): `status` true marks a correct choice. */
export interface QuestionChoice {
  content: string;
  status: boolean;
}

/**
 * How answers are written (in `submit-question`'s `answer`, a paper's `answer`, a question's `rightAnswer`):
 * - choice: the letters chosen, sorted, no separator: `"AC"`. The right answer is derived from the choices' status.
 * - judge: `"true"` or `"false"`.
 * - blank: a JSON array with one string per blank (`encodeBlankAnswer`). The right answer is a JSON array with, per
 *   blank, the accepted alternatives (`encodeBlankRightAnswer`): `[["4","four"],["8"]]`.
 * - answer: free text; the right answer is the reference answer shown to markers (and to candidates if shared).
 */
export const JUDGE_ANSWER = { True: 'true', False: 'false' } as const;

export function normaliseChoiceAnswer(answer: string): string {
  return [
    ...new Set(
      answer
        .toUpperCase()
        .replace(/[^A-Z]/g, '')
        .split(''),
    ),
  ]
    .sort()
    .join('');
}

export function choicesRightAnswer(choices: readonly QuestionChoice[]): string {
  return choices.map((c, i) => (c.status ? choiceLetter(i) : '')).join('');
}

export function encodeBlankAnswer(blanks: readonly string[]): string {
  return JSON.stringify(blanks);
}

/** The blanks of an answer; a text that is not a JSON array of strings is one blank. */
export function decodeBlankAnswer(answer: string | null | undefined): string[] {
  if (!answer) return [];
  try {
    const v: unknown = JSON.parse(answer);
    if (Array.isArray(v)) return v.map((x) => (typeof x === 'string' ? x : String(x ?? '')));
  } catch {
    /* a plain text */
  }
  return [answer];
}

export function encodeBlankRightAnswer(blanks: readonly (readonly string[])[]): string {
  return JSON.stringify(blanks);
}

/** The accepted alternatives per blank; null when the text is not a list of lists (or strings) of strings. */
export function decodeBlankRightAnswer(rightAnswer: string | null | undefined): string[][] | null {
  if (!rightAnswer) return null;
  try {
    const v: unknown = JSON.parse(rightAnswer);
    if (!Array.isArray(v) || !v.length) return null;
    const out: string[][] = [];
    for (const b of v) {
      if (typeof b === 'string') out.push([b]);
      else if (Array.isArray(b) && b.length && b.every((x) => typeof x === 'string')) out.push(b as string[]);
      else return null;
    }
    return out;
  } catch {
    return null;
  }
}

/**
 * Blank normalisation (stated rule): Unicode NFKC (full-width letters, digits and punctuation become half-width),
 * trim, every run of white space becomes one space, letters compared without case.
 */
export function normaliseBlank(text: string): string {
  return text.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * Scoring rules (the backend's scoring engine applies them; screens may state them):
 * - single choice: the full score for exactly the right letter, else 0;
 * - multiple choice: the full score for exactly the right letters; a non-empty selection of right letters only
 *   (missing some, no wrong one) gets `floor(score × MULTIPLE_CHOICE_PARTIAL_RATIO)`; any wrong letter gives 0;
 * - judge: the full score or 0;
 * - blank: `floor(score × blanks right / blanks)`, each blank compared after `normaliseBlank` with every accepted
 *   alternative;
 * - answer: marked by hand (null until marked);
 * - programming: exam type OI `floor(score × judge score / problem total)` (partial points); ACM the full score
 *   when Accepted; the submission counted is the most recent or the highest (rank score type).
 */
export const MULTIPLE_CHOICE_PARTIAL_RATIO = 0.5;

// ---------------------------------------------------------------------------------------------------------------
// Exams

/** An exam as get-exam-info / get-exam-list answer it (never the password). */
export interface ExamInfo {
  id: number;
  /** the same as `id` (the name exam calls take) */
  eid: number;
  uid: string;
  author: string;
  title: string;
  description: string;
  type: ExamType;
  auth: ExamAuth;
  /** ISO times */
  startTime: string;
  endTime: string;
  /** seconds */
  duration: number;
  status: ExamStatus;
  /** server time of the answer (ISO), for client countdowns */
  now: string;
  /** candidates see their scores while the exam runs (product §6: real scores visible if ended, admin, or realScore) */
  realScore: boolean;
  /** papers are scored by the server as soon as the exam ends (else an admin starts it: score-exam-papers) */
  autoRealScore: boolean;
  rankScoreType: ExamRankScoreType;
  rankShowName: RankShowName;
  visible: boolean;
  gid: number | null;
  /** lock mode (issue 36): while it runs, candidates reach only this exam */
  lockMode?: boolean;
  /** allowed client address ranges (issue 36); only in the admin editor's answer */
  ipRanges?: string[];
  /** sum of the scores of every question and problem */
  totalScore: number;
  questionCount: number;
  problemCount: number;
  /** get-exam-list: how many users entered */
  count?: number;
  gmtCreate: string;
  gmtModified: string;
}

/** Filters of GET /api/get-exam-list and GET /api/admin/exam/get-exam-list. */
export interface ExamListQuery {
  currentPage?: number;
  limit?: number;
  status?: ExamStatus;
  auth?: ExamAuth;
  keyword?: string;
}

/** Body of POST /api/register-exam. */
export interface RegisterExamBody {
  eid: number;
  password?: string;
}

/** GET /api/get-exam-access (eid). */
export interface ExamAccessInfo {
  access: boolean;
  /** When the caller handed in their paper (`hand-in-exam`, not in HOJ), else null. */
  handedInAt: string | null;
}

/** A programming problem of an exam (get-exam-problem-list rows, admin rows). */
export interface ExamProblemItem {
  /** exam problem link id */
  id: number;
  eid: number;
  /** bank problem primary key */
  pid: number;
  displayId: string;
  displayTitle: string;
  color: string | null;
  score: number;
  /** get-exam-problem-list: the caller's best state (null before a first try); `myScore` only when scores show */
  myStatus?: number | null;
  myScore?: number | null;
}

/** A question as a candidate sees it inside an exam: never the right answer nor which choice is correct. */
export interface ExamQuestionView {
  /** exam question link id */
  id: number;
  eid: number;
  /** question (bank) primary key: the `questionId` of exam calls */
  questionId: number;
  displayId: string;
  type: QuestionType;
  /** choice questions: true when more than one letter may be chosen */
  multiple: boolean;
  description: string;
  /** choice questions: the contents (status never sent to candidates) */
  choices: { content: string }[];
  /** blank questions: how many blanks */
  blankCount: number;
  score: number;
  /** the caller's saved answer (null if none) */
  myAnswer: string | null;
}

/** GET /api/get-exam-question-status (eid): one row per question, in display order. */
export interface ExamQuestionStatusItem {
  questionId: number;
  displayId: string;
  type: QuestionType;
  answered: boolean;
  /** null unless scores show (product §6) and the question is scored */
  score: number | null;
  fullScore: number;
}

/** Body of POST /api/submit-question: saved and re-saved until the end. */
export interface SubmitQuestionBody {
  eid: number;
  questionId: number;
  /** see "Answer formats" above */
  answer: string;
}

/** A saved answer (submit-question, get-my-answer). */
export interface ExamAnswerInfo {
  eid: number;
  questionId: number;
  answer: string;
  /** null unless scores show (product §6) */
  score: number | null;
  gmtModified: string;
}

/** A bank question, whole (admin calls; get-question-detail for public questions, right answer only if shared). */
export interface QuestionInfo {
  id: number;
  displayId: string;
  type: QuestionType;
  multiple: boolean;
  description: string;
  choices: QuestionChoice[];
  /** see "Answer formats"; null in answers that must not show it */
  rightAnswer: string | null;
  /** candidates see the right answer in their paper after the end, and the public in get-question-detail */
  answerShare: boolean;
  auth: QuestionAuth;
  tags: string[];
  uid: string;
  author: string;
  gid: number | null;
  gmtCreate: string;
  gmtModified: string;
}

/** Body of POST/PUT /api/admin/question (`id` on PUT). */
export interface AdminQuestionBody {
  id?: number;
  displayId: string;
  type: QuestionType;
  multiple?: boolean;
  description: string;
  /** choice questions (the right answer follows the choices' status) */
  choices?: QuestionChoice[];
  /** judge, blank and answer questions */
  rightAnswer?: string | null;
  answerShare?: boolean;
  auth?: QuestionAuth;
  tags?: string[];
  gid?: number | null;
}

/** Filters of GET /api/admin/question/get-question-list. */
export interface AdminQuestionListQuery {
  currentPage?: number;
  limit?: number;
  keyword?: string;
  type?: QuestionType;
  auth?: QuestionAuth;
  /** the picker: only questions not yet in this exam */
  eid?: number;
  /** only the caller's own questions */
  onlyMine?: boolean;
}

/** A question of an exam for admins (GET /api/admin/exam/get-question-list). */
export interface AdminExamQuestionItem {
  id: number;
  eid: number;
  questionId: number;
  displayId: string;
  score: number;
  question: QuestionInfo;
}

/** Body of POST /api/admin/exam and PUT (with `id`); times ISO. */
export interface AdminExamBody {
  id?: number;
  title: string;
  description?: string;
  type?: ExamType;
  auth: ExamAuth;
  pwd?: string | null;
  startTime: string;
  endTime: string;
  duration?: number;
  realScore?: boolean;
  autoRealScore?: boolean;
  rankScoreType?: ExamRankScoreType;
  rankShowName?: RankShowName;
  visible?: boolean;
  /** Issue 36: allowed client address ranges (CIDR); absent keeps the stored ones. */
  ipRanges?: string[];
  /** Issue 36: lock mode; absent keeps the stored switch. */
  lockMode?: boolean;
  gid?: number | null;
}

/** GET /api/admin/exam (eid): the exam with its password, for the editor. */
export type AdminExamInfo = ExamInfo & { pwd: string | null };

/** PUT /api/admin/exam/change-exam-visible. */
export interface ChangeExamVisibleBody {
  eid: number;
  visible: boolean;
}

/** POST /api/admin/exam/add-problem-from-public. */
export interface AddExamProblemBody {
  eid: number;
  pid: number;
  displayId: string;
  displayTitle?: string;
  color?: string | null;
  score: number;
}

/** PUT /api/admin/exam/exam-problem. */
export interface UpdateExamProblemBody {
  id: number;
  displayId?: string;
  displayTitle?: string;
  color?: string | null;
  score?: number;
}

/** POST /api/admin/exam/add-question-from-bank. */
export interface AddExamQuestionBody {
  eid: number;
  questionId: number;
  displayId: string;
  score: number;
}

/** POST /api/admin/exam/exam-question: a question written in place (exam-only visibility unless `auth` says). */
export interface CreateExamQuestionBody {
  eid: number;
  /** display id inside the exam */
  displayId: string;
  score: number;
  question: AdminQuestionBody;
}

/** PUT /api/admin/exam/exam-question. */
export interface UpdateExamQuestionBody {
  id: number;
  displayId?: string;
  score?: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Papers and scores

export const PaperItemKind = { Question: 'question', Problem: 'problem' } as const;
export type PaperItemKind = (typeof PaperItemKind)[keyof typeof PaperItemKind];

/** One item of a paper: a question with the answer given, or a programming problem with its best submission. */
export interface ExamPaperItem {
  kind: PaperItemKind;
  displayId: string;
  /** questions */
  questionId?: number;
  type?: QuestionType;
  /** problems */
  pid?: number;
  /** the judge status of the submission counted (problems) */
  status?: number | null;
  submitId?: number | null;
  fullScore: number;
  /** null: not answered, not scored yet (answer questions before marking), or scores hidden */
  score: number | null;
  answer?: string | null;
  /** only to admins, and to the candidate after the end when the question's answer is shared */
  rightAnswer?: string | null;
  /** a marker changed the score by hand */
  marked?: boolean;
}

/** A candidate's paper (get-exam-paper-list rows). Totals are null while scores are hidden. */
export interface ExamPaper {
  eid: number;
  uid: string;
  username: string;
  realname: string | null;
  nickname: string | null;
  /** questions answered / problems tried */
  answered: number;
  objectiveScore: number | null;
  /** answer (type 4) questions */
  subjectiveScore: number | null;
  programScore: number | null;
  totalScore: number | null;
  fullScore: number;
  /** every answer question is marked */
  marked: boolean;
  /** when the paper was last scored (ISO), null before */
  scoredAt: string | null;
  /** When the candidate handed in (交卷), else null. */
  handedInAt: string | null;
  items: ExamPaperItem[];
}

/** GET /api/get-exam-paper-list: admins get every candidate (paged, `uid` for one); others their own paper. */
export interface ExamPaperListQuery {
  eid: number;
  uid?: string;
  currentPage?: number;
  limit?: number;
}

/** POST /api/submit-exam-paper-score (admins): marks (and adjusts) a candidate's items; the totals follow. */
export interface SubmitExamPaperScoreBody {
  eid: number;
  uid: string;
  /** per question: the score (0..its exam score) */
  questionScores?: { questionId: number; score: number }[];
  /** per programming problem: a manual score replacing the judged one (null returns to the judged one) */
  problemScores?: { pid: number; score: number | null }[];
}

/** POST /api/rejudge-question (admins): re-scores every saved answer of an objective question. */
export interface RejudgeQuestionBody {
  eid: number;
  questionId: number;
}

export interface RejudgeQuestionResult {
  rescored: number;
}

/** POST /api/admin/exam/score-exam-papers (admins): scores every paper now; answer of both this and the end sweep. */
export interface ScorePapersResult {
  papers: number;
  ms: number;
}

/** GET /api/get-exam-problem-k (eid): the kinds of items in the exam, count and points per kind. */
export interface ExamKindSummary {
  kind: 'choice' | 'judge' | 'blank' | 'answer' | 'problem';
  type: QuestionType | null;
  count: number;
  score: number;
}

/** An exam submission in lists (get-exam-submission-list, check-exam-submissions-status): never the code. */
export interface ExamSubmissionItem {
  submitId: number;
  uid: string;
  username: string;
  pid: number;
  displayId: string;
  title: string;
  status: number;
  time: number | null;
  memory: number | null;
  score: number | null;
  length: number | null;
  language: string;
  submitTime: string;
  eid: number;
}

/** POST /api/check-exam-submissions-status: the caller's own submissions (exam admins: any), by id. */
export interface CheckExamSubmissionsBody {
  eid: number;
  submitIds: number[];
}
export type CheckExamSubmissionsResult = Record<number, ExamSubmissionItem>;

/** POST /api/submit-problem-judge for an exam problem: `pid` is the exam display id. */
export interface SubmitExamProblemBody {
  eid: number;
  pid: string;
  language: string;
  code: string;
}

/** GET /api/admin/judge/rejudge-exam-problem (eid, pid = bank pid): how many submissions went back to the queue. */
export interface RejudgeExamProblemResult {
  count: number;
}

export interface ExamSubmissionQuery {
  eid: number;
  currentPage?: number;
  limit?: number;
  displayId?: string;
  searchStatus?: number;
  searchUsername?: string;
  onlyMine?: boolean;
}

/** Public exam calls (under /api); `GET` unless marked. */
export const EXAM_API = {
  list: '/get-exam-list',
  info: '/get-exam-info',
  /** POST */
  register: '/register-exam',
  access: '/get-exam-access',
  problemList: '/get-exam-problem-list',
  problemDetails: '/get-exam-problem-details',
  questionList: '/get-exam-question-list',
  questionStatus: '/get-exam-question-status',
  questionDetails: '/get-exam-question-details',
  questionDetail: '/get-question-detail',
  submissionList: '/get-exam-submission-list',
  /** POST */
  submitQuestion: '/submit-question',
  /** POST (admins) */
  rejudgeQuestion: '/rejudge-question',
  /** POST (eid; not in HOJ): the candidate finishes early; the paper is closed and scored (ExamPaper). */
  handIn: '/hand-in-exam',
  myAnswer: '/get-my-answer',
  paperList: '/get-exam-paper-list',
  problemK: '/get-exam-problem-k',
  /** POST (admins) */
  submitPaperScore: '/submit-exam-paper-score',
  /** POST */
  checkSubmissionsStatus: '/check-exam-submissions-status',
  /** POST /submit-problem-judge with `eid` (and `pid` = the exam display id) */
  submitProblem: '/submit-problem-judge',
  /** GET (eid, pid: the bank problem id); exam admins */
  rejudgeProblem: '/admin/judge/rejudge-exam-problem',
} as const;

/** Admin exam and question bank calls (under /api). */
export const ADMIN_EXAM_API = {
  /** GET (eid), POST, PUT, DELETE (eid) */
  exam: '/admin/exam',
  list: '/admin/exam/get-exam-list',
  /** PUT (eid, visible) */
  changeVisible: '/admin/exam/change-exam-visible',
  /** GET (eid) */
  problemList: '/admin/exam/get-problem-list',
  /** POST */
  addProblemFromPublic: '/admin/exam/add-problem-from-public',
  /** PUT, DELETE (id) */
  problem: '/admin/exam/exam-problem',
  /** GET (eid) */
  questionList: '/admin/exam/get-question-list',
  /** POST */
  addQuestionFromBank: '/admin/exam/add-question-from-bank',
  /** POST (create in place), PUT, DELETE (id) */
  question: '/admin/exam/exam-question',
  /** POST (eid) */
  scorePapers: '/admin/exam/score-exam-papers',
  /** GET (qid), POST, PUT, DELETE (qid) */
  bankQuestion: '/admin/question',
  bankList: '/admin/question/get-question-list',
} as const;
