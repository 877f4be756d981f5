/**
 * Exam payloads as this remote reads them.
 */
import { ContestAuth, ContestStatus } from '@oj/contracts';

export const QuestionType = { Choice: 1, Judge: 2, Blank: 3, Answer: 4 } as const;
export type QuestionType = (typeof QuestionType)[keyof typeof QuestionType];

export interface ExamInfo {
  id: number;
  uid: string;
  author: string;
  title: string;
  description: string;
  auth: ContestAuth;
  type?: number;
  startTime: string;
  endTime: string;
  duration: number;
  status: ContestStatus;
  now: string;
  realScore: boolean;
  autoRealScore: boolean;
  rankShowName?: string;
  gid: number | null;
}

export interface ExamListQuery {
  currentPage?: number;
  limit?: number;
  keyword?: string;
  status?: ContestStatus;
}

export interface ExamQuestionItem {
  /** the bank question's id */
  questionId: number;
  displayId: string;
  type: QuestionType;
  score: number;
}

export interface ChoiceItem {
  content: string;
  /** true for a correct choice: only in the admin's and the marked paper's view */
  status?: boolean;
}

export interface ExamQuestionDetail extends ExamQuestionItem {
  description: string;
  choices: ChoiceItem[];
  /** choice: more than one choice may be right */
  multiple?: boolean;
  /** blank: how many blanks to fill */
  blankCount?: number;
}

export interface ExamProblemItem {
  pid: number;
  displayId: string;
  title: string;
  color?: string | null;
  score: number;
}

export interface ExamSubmissionItem {
  submitId: number;
  uid: string;
  username: string;
  pid: number;
  displayId: string;
  title: string;
  status: number;
  score: number | null;
  time: number | null;
  memory: number | null;
  language: string;
  submitTime: string;
}

/** One item of a paper: a question (its answer) or a problem (its best points). */
export interface ExamPaperItem {
  kind: 'question' | 'problem';
  /** questionId or pid */
  id: number;
  displayId: string;
  type?: QuestionType;
  answer?: string | null;
  score: number | null;
  fullScore: number;
  /** null until marked (answer questions) */
  marked?: boolean;
  rightAnswer?: string | null;
  answerShare?: string | null;
}

export interface ExamPaper {
  id: number;
  eid: number;
  uid: string;
  username: string;
  score: number | null;
  items: ExamPaperItem[];
}
