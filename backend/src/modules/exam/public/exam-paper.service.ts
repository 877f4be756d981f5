import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ContestStatus,
  ERR,
  EXAM_ERR,
  ExamAnswerInfo,
  ExamPaper,
  ExamPaperItem,
  ExamQuestionStatusItem,
  Page,
  PaperItemKind,
  QuestionType,
  SubmitExamPaperScoreBody,
  SubmitQuestionBody,
  normaliseChoiceAnswer,
} from '@oj/contracts';
import { DataSource } from 'typeorm';
import { BadRequestError, NotFoundError } from '../../../core/http/api.exception';
import { pageRequest, toPage } from '../../../core/pagination/pagination';
import { PaperProblemScore } from '../entities/exam-paper.entity';
import { ExamAccess, ExamAccessService } from '../exam-access.service';
import { ExamItems, ExamItemsService } from '../exam-items.service';
import { PaperScoringService } from '../scoring/paper-scoring.service';
import { AnswerWriterService } from './answer-writer.service';
import { answerFits, normaliseJudgeAnswer, scoreAnswer } from '../scoring/scoring-engine';

interface PaperRow {
  uid: string;
  username: string;
  realname: string | null;
  nickname: string | null;
  answered: number;
  objectiveScore: number;
  subjectiveScore: number;
  programScore: number;
  totalScore: number;
  marked: boolean;
  problemScores: PaperProblemScore[];
  scoredAt: Date | null;
  handedInAt: Date | null;
}

interface AnswerRow {
  uid: string;
  qid: number;
  answer: string;
  score: number | null;
  manual: boolean;
}

/**
 * Answers and papers: `submit-question` (the hot path: cached exam, registration and items, one batched upsert),
 * `get-my-answer`, `get-exam-question-status`, `get-exam-paper-list`, `submit-exam-paper-score`,
 * `rejudge-question`.
 */
@Injectable()
export class ExamPaperService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly access: ExamAccessService,
    private readonly items: ExamItemsService,
    private readonly scoring: PaperScoringService,
    private readonly writer: AnswerWriterService,
  ) {}

  /** submit-question: saved and re-saved until the end (refused after it), scored as it is saved. */
  async submit(dto: SubmitQuestionBody, a: ExamAccess): Promise<ExamAnswerInfo> {
    this.access.assertCanSubmit(a);
    const items = await this.items.items(a.exam.id);
    const q = items.byQid.get(dto.questionId);
    if (!q) throw new NotFoundError(EXAM_ERR.questionNotInExam);
    if (!answerFits(q, dto.answer)) throw new BadRequestError(q.type === QuestionType.Choice ? ERR.wrongChoice : EXAM_ERR.answerInvalid);
    const answer =
      q.type === QuestionType.Choice
        ? normaliseChoiceAnswer(dto.answer)
        : q.type === QuestionType.Judge
          ? (normaliseJudgeAnswer(dto.answer) ?? '')
          : dto.answer;
    const score = scoreAnswer(q, answer, q.score);
    const gmtModified = await this.writer.save({ eid: a.exam.id, qid: q.qid, uid: a.user!.uid, answer, score });
    return {
      eid: a.exam.id,
      questionId: q.qid,
      answer,
      score: this.access.scoresVisible(a) ? score : null,
      gmtModified: new Date(gmtModified).toISOString(),
    };
  }

  /**
   * hand-in-exam (交卷, not in HOJ): the candidate finishes before the end. The answers they saved stay (the page
   * sends what it still holds before calling), the paper is closed (submit-question and exam submissions are refused
   * with `EXAM_ERR.handedIn`) and scored at once; the answer is the paper, with scores when product §6 shows them.
   * Handing in again answers the same paper.
   */
  async handIn(a: ExamAccess): Promise<ExamPaper> {
    if (!a.handedIn) {
      this.access.assertCanSubmit(a);
      const uid = a.user!.uid;
      await this.db.query(
        `INSERT INTO exam_paper (eid, uid, handed_in_at) VALUES ($1, $2, now())
         ON CONFLICT (eid, uid) DO UPDATE SET handed_in_at = COALESCE(exam_paper.handed_in_at, now())`,
        [a.exam.id, uid],
      );
      this.access.handedInNow(a.exam.id, uid);
    }
    const page = await this.papers(a, { uid: a.user!.uid });
    return page.records[0];
  }

  /** When the caller handed in (get-exam-access), as an ISO time. */
  async handedInAt(a: ExamAccess): Promise<string | null> {
    const [row]: { at: Date | null }[] = await this.db.query('SELECT handed_in_at AS at FROM exam_paper WHERE eid = $1 AND uid = $2', [
      a.exam.id,
      a.user!.uid,
    ]);
    return row?.at ? new Date(row.at).toISOString() : null;
  }

  /** get-my-answer: the caller's saved answer (null when none). */
  async myAnswer(a: ExamAccess, qid: number): Promise<ExamAnswerInfo | null> {
    const items = await this.items.items(a.exam.id);
    if (!items.byQid.has(qid)) throw new NotFoundError(EXAM_ERR.questionNotInExam);
    const [row]: { answer: string; score: number | null; gmtModified: Date }[] = await this.db.query(
      'SELECT answer, score, gmt_modified AS "gmtModified" FROM exam_answer WHERE eid = $1 AND qid = $2 AND uid = $3',
      [a.exam.id, qid, a.user!.uid],
    );
    if (!row) return null;
    return {
      eid: a.exam.id,
      questionId: qid,
      answer: row.answer,
      score: this.access.scoresVisible(a) ? row.score : null,
      gmtModified: new Date(row.gmtModified).toISOString(),
    };
  }

  /** get-exam-question-status: answered or not per question (score when scores show). */
  async questionStatus(a: ExamAccess): Promise<ExamQuestionStatusItem[]> {
    const items = await this.items.items(a.exam.id);
    const rows: { qid: number; answer: string; score: number | null }[] = await this.db.query(
      'SELECT qid, answer, score FROM exam_answer WHERE eid = $1 AND uid = $2',
      [a.exam.id, a.user!.uid],
    );
    const mine = new Map(rows.map((r) => [r.qid, r]));
    const show = this.access.scoresVisible(a);
    return items.questions.map((q) => {
      const m = mine.get(q.qid);
      return {
        questionId: q.qid,
        displayId: q.displayId,
        type: q.type,
        answered: !!m && m.answer.trim() !== '' && m.answer !== '[]',
        score: show && m ? m.score : null,
        fullScore: q.score,
      };
    });
  }

  /**
   * get-exam-paper-list: exam admins page through every candidate's paper (`uid` for one); others get their own.
   * Papers are scored first: all of them when the exam has not been scored since it ended, else the ones shown.
   */
  async papers(a: ExamAccess, q: { uid?: string; currentPage?: number; limit?: number }): Promise<Page<ExamPaper>> {
    const req = pageRequest(q);
    const eid = a.exam.id;
    const uid = a.isAdmin ? q.uid : a.user!.uid;
    const ended = a.status === ContestStatus.Ended;
    if (uid) await this.scoring.scorePapers(a.exam, [uid]);
    else if (!ended || !a.exam.scoredAt || new Date(a.exam.scoredAt) < new Date(a.exam.endTime)) {
      await this.scoring.scorePapers(a.exam);
      this.access.forget(eid);
    }
    const params: unknown[] = [eid];
    const w = uid ? ` AND p.uid = $${params.push(uid)}` : '';
    const [{ total }] = (await this.db.query(`SELECT COUNT(*)::int AS total FROM exam_paper p WHERE p.eid = $1${w}`, params)) as {
      total: number;
    }[];
    const rows: PaperRow[] = await this.db.query(
      `SELECT p.uid, u.username, u.realname, u.nickname, p.answered, p.objective_score AS "objectiveScore", p.subjective_score AS "subjectiveScore",
              p.program_score AS "programScore", p.total_score AS "totalScore", p.marked, p.problem_scores AS "problemScores", p.scored_at AS "scoredAt",
              p.handed_in_at AS "handedInAt"
         FROM exam_paper p LEFT JOIN user_info u ON u.uid = p.uid WHERE p.eid = $1${w}
        ORDER BY p.total_score DESC, u.username LIMIT $${params.push(req.size)} OFFSET $${params.push(req.skip)}`,
      params,
    );
    const answers: AnswerRow[] = rows.length
      ? await this.db.query('SELECT uid, qid, answer, score, manual FROM exam_answer WHERE eid = $1 AND uid = ANY($2)', [
          eid,
          rows.map((r) => r.uid),
        ])
      : [];
    const items = await this.items.items(eid);
    const show = this.access.scoresVisible(a);
    const records = rows.map((r) =>
      this.paperView(
        a,
        r,
        answers.filter((x) => x.uid === r.uid),
        items,
        show,
      ),
    );
    return toPage(records, total, req);
  }

  private paperView(a: ExamAccess, r: PaperRow, answers: AnswerRow[], items: ExamItems, show: boolean): ExamPaper {
    const byQid = new Map(answers.map((x) => [x.qid, x]));
    const ended = a.status === ContestStatus.Ended;
    const fullScore = items.questions.reduce((s, q) => s + q.score, 0) + items.problems.reduce((s, p) => s + p.score, 0);
    const problemScores = new Map((r.problemScores ?? []).map((p) => [p.pid, p]));
    const questionItems: ExamPaperItem[] = items.questions.map((q) => {
      const ans = byQid.get(q.qid);
      return {
        kind: PaperItemKind.Question,
        displayId: q.displayId,
        questionId: q.qid,
        type: q.type,
        fullScore: q.score,
        score: show ? (ans?.score ?? null) : null,
        answer: ans?.answer ?? null,
        rightAnswer: a.isAdmin || (ended && q.answerShare) ? q.rightAnswer : null,
        marked: ans?.manual ?? false,
      };
    });
    const problemItems: ExamPaperItem[] = items.problems.map((p) => {
      const s = problemScores.get(p.pid);
      return {
        kind: PaperItemKind.Problem,
        displayId: p.displayId,
        pid: p.pid,
        status: s?.status ?? null,
        submitId: s?.submitId ?? null,
        fullScore: p.score,
        score: show ? (s ? (s.manual ?? s.score) : null) : null,
        marked: s?.manual !== null && s?.manual !== undefined,
      };
    });
    return {
      eid: a.exam.id,
      uid: r.uid,
      username: r.username,
      realname: r.realname,
      nickname: r.nickname,
      answered: r.answered,
      objectiveScore: show ? r.objectiveScore : null,
      subjectiveScore: show ? r.subjectiveScore : null,
      programScore: show ? r.programScore : null,
      totalScore: show ? r.totalScore : null,
      fullScore,
      marked: r.marked,
      scoredAt: r.scoredAt ? new Date(r.scoredAt).toISOString() : null,
      handedInAt: r.handedInAt ? new Date(r.handedInAt).toISOString() : null,
      items: [...questionItems, ...problemItems],
    };
  }

  /** submit-exam-paper-score (exam admins): marks questions and adjusts problems of one paper; totals follow. */
  async mark(a: ExamAccess, dto: SubmitExamPaperScoreBody): Promise<ExamPaper> {
    this.access.assertCanManage(a);
    const eid = a.exam.id;
    const items = await this.items.items(eid);
    for (const s of dto.questionScores ?? []) {
      const q = items.byQid.get(s.questionId);
      if (!q) throw new NotFoundError(EXAM_ERR.questionNotInExam);
      if (!Number.isInteger(s.score) || s.score < 0 || s.score > q.score) throw new BadRequestError(EXAM_ERR.scoreInvalid);
    }
    for (const s of dto.problemScores ?? []) {
      const p = items.byPid.get(s.pid);
      if (!p) throw new NotFoundError(EXAM_ERR.problemNotInExam);
      if (s.score !== null && (!Number.isInteger(s.score) || s.score < 0 || s.score > p.score))
        throw new BadRequestError(EXAM_ERR.scoreInvalid);
    }
    const [user] = (await this.db.query('SELECT uid FROM user_info WHERE uid = $1', [dto.uid])) as { uid: string }[];
    if (!user) throw new NotFoundError();
    await this.db.transaction(async (em) => {
      const qs = dto.questionScores ?? [];
      if (qs.length)
        await em.query(
          `INSERT INTO exam_answer (eid, qid, uid, answer, score, manual)
           SELECT $1, v.qid, $2, '', v.score, true FROM unnest($3::int[], $4::int[]) AS v(qid, score)
           ON CONFLICT (eid, qid, uid) DO UPDATE SET score = EXCLUDED.score, manual = true`,
          [eid, dto.uid, qs.map((s) => s.questionId), qs.map((s) => s.score)],
        );
      const ps = dto.problemScores ?? [];
      if (ps.length) {
        const [paper] = (await em.query('SELECT problem_scores AS "problemScores" FROM exam_paper WHERE eid = $1 AND uid = $2', [
          eid,
          dto.uid,
        ])) as {
          problemScores: PaperProblemScore[];
        }[];
        const list = paper?.problemScores ?? [];
        for (const s of ps) {
          const cur = list.find((x) => x.pid === s.pid);
          if (cur) cur.manual = s.score;
          else list.push({ pid: s.pid, submitId: null, status: null, score: 0, manual: s.score });
        }
        await em.query(
          `INSERT INTO exam_paper (eid, uid, problem_scores) VALUES ($1, $2, $3::jsonb)
           ON CONFLICT (eid, uid) DO UPDATE SET problem_scores = EXCLUDED.problem_scores`,
          [eid, dto.uid, JSON.stringify(list)],
        );
      }
    });
    await this.scoring.scorePapers(a.exam, [dto.uid]);
    const page = await this.papers(a, { uid: dto.uid });
    return page.records[0];
  }

  /** rejudge-question (exam admins): re-scores the saved answers of an objective question, then the papers. */
  async rejudgeQuestion(a: ExamAccess, qid: number): Promise<{ rescored: number }> {
    this.access.assertCanManage(a);
    this.items.forget(a.exam.id);
    const items = await this.items.items(a.exam.id);
    const q = items.byQid.get(qid);
    if (!q) throw new NotFoundError(EXAM_ERR.questionNotInExam);
    // Answer questions are marked by hand: nothing to re-score.
    if (q.type === QuestionType.Answer) return { rescored: 0 };
    const rescored = await this.scoring.rescoreQuestion(a.exam.id, qid);
    await this.scoring.scorePapers(a.exam);
    this.access.forget(a.exam.id);
    return { rescored };
  }
}
