import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { QuestionChoice, QuestionType } from '@oj/contracts';
import { DataSource } from 'typeorm';
import { RowCache } from '../../core/cache/row-cache';

/** A question of an exam with what scoring and candidates need of it. */
export interface ExamItemQuestion {
  /** exam_question id */
  id: number;
  qid: number;
  displayId: string;
  score: number;
  type: QuestionType;
  multiple: boolean;
  description: string;
  choices: QuestionChoice[];
  rightAnswer: string | null;
  answerShare: boolean;
}

export interface ExamItemProblem {
  id: number;
  pid: number;
  displayId: string;
  displayTitle: string;
  color: string | null;
  score: number;
  /** the problem's total (io_score), for partial points */
  total: number;
}

export interface ExamItems {
  questions: ExamItemQuestion[];
  byQid: Map<number, ExamItemQuestion>;
  problems: ExamItemProblem[];
  byPid: Map<number, ExamItemProblem>;
  byDisplayId: Map<string, ExamItemProblem>;
}

/** Same lifetimes as the exam row: submit-question reads the items of its exam from here, not the database. */
const ITEMS_CACHE_MS = 1_000;
const ITEMS_REFRESH_MS = 750;

const byDisplay = (a: { displayId: string }, b: { displayId: string }) =>
  a.displayId.localeCompare(b.displayId, undefined, { numeric: true });

/**
 * The questions and programming problems of each exam, as this replica caches them (single flight, renewed in
 * the background; `forget` after an admin edit, other replicas follow within a second). An answer saved in
 * that second is scored with the old right answer: `rejudge-question` and the paper scoring re-score.
 */
@Injectable()
export class ExamItemsService {
  private readonly cache: RowCache<ExamItems>;

  constructor(@InjectDataSource() private readonly db: DataSource) {
    this.cache = new RowCache((eid) => this.load(eid), ITEMS_CACHE_MS, ITEMS_REFRESH_MS);
  }

  async items(eid: number): Promise<ExamItems> {
    return (await this.cache.get(eid))!;
  }

  forget(eid: number): void {
    this.cache.forget(eid);
  }

  private async load(eid: number): Promise<ExamItems> {
    const [questions, problems] = await Promise.all([
      this.db.query(
        `SELECT eq.id, eq.qid, eq.display_id AS "displayId", eq.score, q.type, q.multiple, q.description, q.choices,
                q.right_answer AS "rightAnswer", q.answer_share AS "answerShare"
           FROM exam_question eq JOIN question q ON q.id = eq.qid WHERE eq.eid = $1`,
        [eid],
      ) as Promise<ExamItemQuestion[]>,
      this.db.query(
        `SELECT ep.id, ep.pid, ep.display_id AS "displayId", ep.display_title AS "displayTitle", ep.color, ep.score, p.io_score AS total
           FROM exam_problem ep JOIN problem p ON p.id = ep.pid WHERE ep.eid = $1`,
        [eid],
      ) as Promise<ExamItemProblem[]>,
    ]);
    questions.sort((a, b) => a.type - b.type || byDisplay(a, b));
    problems.sort(byDisplay);
    return {
      questions,
      byQid: new Map(questions.map((q) => [q.qid, q])),
      problems,
      byPid: new Map(problems.map((p) => [p.pid, p])),
      byDisplayId: new Map(problems.map((p) => [p.displayId, p])),
    };
  }
}
