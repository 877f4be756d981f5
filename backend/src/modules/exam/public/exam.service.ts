import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ContestStatus,
  ExamInfo,
  ExamKindSummary,
  ExamListQuery,
  ExamProblemItem,
  ExamQuestionView,
  ExamSubmissionItem,
  ExamSubmissionQuery,
  JudgeStatus,
  Page,
  QuestionAuth,
  QuestionInfo,
  QuestionType,
  contestStatusAt,
  decodeBlankRightAnswer,
} from '@oj/contracts';
import { DataSource } from 'typeorm';
import { AuthUser } from '../../../core/auth/auth-user';
import { NotFoundError } from '../../../core/http/api.exception';
import { escapeLike, pageRequest, toPage } from '../../../core/pagination/pagination';
import { timedProblemDetails } from '../../problem/timed-problem';
import { ProblemService } from '../../problem/problem.service';
import { GroupAccessService } from '../../../core/auth/group-access.service';
import { Exam } from '../entities/exam.entity';
import { Question } from '../entities/question.entity';
import { ExamAccess } from '../exam-access.service';
import { ExamItemQuestion, ExamItems, ExamItemsService } from '../exam-items.service';

/** An exam as answers show it (contracts' ExamInfo): never the password; status from the clock; `now`. */
export function examView(
  e: Exam,
  counts: { totalScore: number; questionCount: number; problemCount: number; count?: number },
  now = new Date(),
): ExamInfo {
  return {
    id: e.id,
    eid: e.id,
    uid: e.uid,
    author: e.author,
    title: e.title,
    description: e.description,
    type: e.type,
    auth: e.auth,
    startTime: new Date(e.startTime).toISOString(),
    endTime: new Date(e.endTime).toISOString(),
    duration: e.duration,
    status: contestStatusAt(e.startTime, e.endTime, now),
    now: now.toISOString(),
    realScore: e.realScore,
    autoRealScore: e.autoRealScore,
    rankScoreType: e.rankScoreType,
    rankShowName: e.rankShowName,
    visible: e.visible,
    gid: e.gid,
    lockMode: e.lockMode,
    ...counts,
    gmtCreate: new Date(e.gmtCreate).toISOString(),
    gmtModified: new Date(e.gmtModified).toISOString(),
  };
}

export function itemCounts(items: ExamItems): { totalScore: number; questionCount: number; problemCount: number } {
  const totalScore = items.questions.reduce((s, q) => s + q.score, 0) + items.problems.reduce((s, p) => s + p.score, 0);
  return { totalScore, questionCount: items.questions.length, problemCount: items.problems.length };
}

/** A question as a candidate sees it: no right answer, no correct flags. */
export function candidateQuestion(eid: number, q: ExamItemQuestion, myAnswer: string | null): ExamQuestionView {
  return {
    id: q.id,
    eid,
    questionId: q.qid,
    displayId: q.displayId,
    type: q.type,
    multiple: q.multiple,
    description: q.description,
    choices: q.type === QuestionType.Choice ? (q.choices ?? []).map((c) => ({ content: c.content })) : [],
    blankCount: q.type === QuestionType.Blank ? (decodeBlankRightAnswer(q.rightAnswer)?.length ?? 1) : 0,
    score: q.score,
    myAnswer,
  };
}

export function questionInfo(q: Question, withRightAnswer: boolean): QuestionInfo {
  return {
    id: q.id,
    displayId: q.displayId,
    type: q.type,
    multiple: q.multiple,
    description: q.description,
    choices: withRightAnswer ? q.choices : q.choices.map((c) => ({ content: c.content, status: false })),
    rightAnswer: withRightAnswer ? q.rightAnswer : null,
    answerShare: q.answerShare,
    auth: q.auth,
    tags: q.tags,
    uid: q.uid,
    author: q.author,
    gid: q.gid,
    gmtCreate: new Date(q.gmtCreate).toISOString(),
    gmtModified: new Date(q.gmtModified).toISOString(),
  };
}

const KINDS: { kind: ExamKindSummary['kind']; type: QuestionType }[] = [
  { kind: 'choice', type: QuestionType.Choice },
  { kind: 'judge', type: QuestionType.Judge },
  { kind: 'blank', type: QuestionType.Blank },
  { kind: 'answer', type: QuestionType.Answer },
];

/** Public exam reads (product §7 exam calls): list, info, problems, questions, submissions. */
@Injectable()
export class ExamService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly items: ExamItemsService,
    private readonly bank: ProblemService,
    private readonly groups: GroupAccessService,
  ) {}

  /** get-exam-list: visible exams (admins of an exam see theirs too), newest first, with counts. */
  /**
   * `gid` undefined: the site's exams (a group's are listed by the group only); a number: that group's, all of
   * them for its admin list (the group module checked the caller).
   */
  async list(q: ExamListQuery, user?: AuthUser, admin = false, now = new Date(), gid?: number): Promise<Page<ExamInfo>> {
    const req = pageRequest(q);
    const where: string[] = [];
    const params: unknown[] = [];
    const p = (v: unknown) => `$${params.push(v)}`;
    where.push(gid === undefined ? 'e.gid IS NULL' : `e.gid = ${p(gid)}`);
    if (!admin) where.push('e.visible');
    else if (!user?.isRoot && gid === undefined) where.push(`e.uid = ${p(user?.uid ?? '')}`);
    if (q.auth !== undefined) where.push(`e.auth = ${p(q.auth)}`);
    if (q.keyword) where.push(`e.title ILIKE ${p(`%${escapeLike(q.keyword)}%`)}`);
    if (q.status !== undefined) {
      const t = p(now);
      if (q.status === ContestStatus.Scheduled) where.push(`e.start_time > ${t}`);
      else if (q.status === ContestStatus.Running) where.push(`e.start_time <= ${t} AND e.end_time > ${t}`);
      else where.push(`e.end_time <= ${t}`);
    }
    const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [{ total }] = (await this.db.query(`SELECT COUNT(*)::int AS total FROM exam e ${w}`, params)) as { total: number }[];
    const rows: (Exam & { questionCount: number; problemCount: number; totalScore: number; count: number })[] = await this.db.query(
      `SELECT e.id, e.uid, e.author, e.title, e.description, e.type, e.auth, e.start_time AS "startTime", e.end_time AS "endTime",
              e.duration, e.real_score AS "realScore", e.auto_real_score AS "autoRealScore", e.rank_score_type AS "rankScoreType",
              e.rank_show_name AS "rankShowName", e.visible, e.gid, e.gmt_create AS "gmtCreate", e.gmt_modified AS "gmtModified",
              (SELECT COUNT(*) FROM exam_question x WHERE x.eid = e.id)::int AS "questionCount",
              (SELECT COUNT(*) FROM exam_problem x WHERE x.eid = e.id)::int AS "problemCount",
              (COALESCE((SELECT SUM(score) FROM exam_question x WHERE x.eid = e.id), 0)
                + COALESCE((SELECT SUM(score) FROM exam_problem x WHERE x.eid = e.id), 0))::int AS "totalScore",
              (SELECT COUNT(*) FROM exam_register r WHERE r.eid = e.id)::int AS count
         FROM exam e ${w} ORDER BY e.start_time DESC, e.id DESC LIMIT ${p(req.size)} OFFSET ${p(req.skip)}`,
      params,
    );
    return toPage(
      rows.map((r) =>
        examView(r, { totalScore: r.totalScore, questionCount: r.questionCount, problemCount: r.problemCount, count: r.count }, now),
      ),
      total,
      req,
    );
  }

  async info(a: ExamAccess): Promise<ExamInfo> {
    return examView(a.exam, itemCounts(await this.items.items(a.exam.id)));
  }

  /** get-exam-problem-list: the programming problems with the caller's best state (score when scores show). */
  async problemList(a: ExamAccess, showScores: boolean): Promise<ExamProblemItem[]> {
    const items = await this.items.items(a.exam.id);
    const mine = new Map<number, { status: number; score: number | null }>();
    if (a.user && items.problems.length) {
      const rows: { pid: number; status: number; score: number | null }[] = await this.db.query(
        `SELECT DISTINCT ON (pid) pid, status, score FROM judge WHERE eid = $1 AND uid = $2
          ORDER BY pid, (status = ${JudgeStatus.Accepted}) DESC, submit_time DESC`,
        [a.exam.id, a.user.uid],
      );
      for (const r of rows) mine.set(r.pid, r);
    }
    return items.problems.map((p) => ({
      id: p.id,
      eid: a.exam.id,
      pid: p.pid,
      displayId: p.displayId,
      displayTitle: p.displayTitle,
      color: p.color,
      score: p.score,
      myStatus: mine.get(p.pid)?.status ?? null,
      myScore: showScores ? (mine.get(p.pid)?.score ?? null) : null,
    }));
  }

  async problemDetails(a: ExamAccess, displayId: string): Promise<Record<string, unknown>> {
    const items = await this.items.items(a.exam.id);
    const p = items.byDisplayId.get(displayId);
    if (!p) throw new NotFoundError();
    const details = await timedProblemDetails(this.db, this.bank, p, !a.isAdmin && a.status !== ContestStatus.Ended);
    return {
      ...details,
      examProblem: {
        id: p.id,
        eid: a.exam.id,
        pid: p.pid,
        displayId: p.displayId,
        displayTitle: p.displayTitle,
        color: p.color,
        score: p.score,
      },
    };
  }

  /** The caller's saved answers of an exam, by question. */
  async myAnswers(eid: number, uid: string): Promise<Map<number, { answer: string; score: number | null; gmtModified: Date }>> {
    const rows: { qid: number; answer: string; score: number | null; gmtModified: Date }[] = await this.db.query(
      'SELECT qid, answer, score, gmt_modified AS "gmtModified" FROM exam_answer WHERE eid = $1 AND uid = $2',
      [eid, uid],
    );
    return new Map(rows.map((r) => [r.qid, r]));
  }

  /** get-exam-question-list (type optional): the questions as candidates see them, with the caller's answers. */
  async questionList(a: ExamAccess, type?: QuestionType): Promise<ExamQuestionView[]> {
    const items = await this.items.items(a.exam.id);
    const mine = a.user ? await this.myAnswers(a.exam.id, a.user.uid) : new Map();
    return items.questions
      .filter((q) => type === undefined || q.type === type)
      .map((q) => candidateQuestion(a.exam.id, q, mine.get(q.qid)?.answer ?? null));
  }

  async questionDetails(a: ExamAccess, qid: number): Promise<ExamQuestionView> {
    const items = await this.items.items(a.exam.id);
    const q = items.byQid.get(qid);
    if (!q) throw new NotFoundError();
    const mine = a.user ? await this.myAnswers(a.exam.id, a.user.uid) : new Map();
    return candidateQuestion(a.exam.id, q, mine.get(qid)?.answer ?? null);
  }

  /** get-exam-problem-k: how many items of each kind and their points. */
  async kinds(eid: number): Promise<ExamKindSummary[]> {
    const items = await this.items.items(eid);
    const out: ExamKindSummary[] = KINDS.map(({ kind, type }) => {
      const qs = items.questions.filter((q) => q.type === type);
      return { kind, type, count: qs.length, score: qs.reduce((s, q) => s + q.score, 0) };
    });
    out.push({ kind: 'problem', type: null, count: items.problems.length, score: items.problems.reduce((s, p) => s + p.score, 0) });
    return out;
  }

  /**
   * get-question-detail: a public bank question (admins: any), the right answer only if shared (admins: always).
   * A group's question is the group's (product §6, issue 31): its public ones for the group's members, any of them for
   * the group's admins (4–5) and root, who also see the answer; 404 to everyone else, site staff included.
   */
  async bankQuestion(qid: number, user?: AuthUser): Promise<QuestionInfo> {
    const q = await this.db.getRepository(Question).findOneBy({ id: qid });
    if (q && q.gid !== null) {
      const groupAdmin = await this.groups.isGroupAdmin(q.gid, user);
      const readable = groupAdmin || (q.auth === QuestionAuth.Public && (await this.groups.isMember(q.gid, user)));
      if (!readable) throw new NotFoundError();
      return questionInfo(q, groupAdmin || q.answerShare);
    }
    const admin = !!user && (user.isRoot || (user.isAdmin && q?.uid === user.uid));
    if (!q || (q.auth !== QuestionAuth.Public && !admin)) throw new NotFoundError();
    return questionInfo(q, admin || q.answerShare);
  }

  /**
   * get-exam-submission-list: exam admins see every candidate's; others only their own, during the exam and
   * after it (others' answers are never shown to candidates).
   */
  async submissions(a: ExamAccess, q: ExamSubmissionQuery): Promise<Page<ExamSubmissionItem>> {
    const req = pageRequest(q);
    const items = await this.items.items(a.exam.id);
    const where = ['j.eid = $1'];
    const params: unknown[] = [a.exam.id];
    const p = (v: unknown) => `$${params.push(v)}`;
    if (!a.isAdmin || q.onlyMine) where.push(`j.uid = ${p(a.user?.uid ?? '')}`);
    if (q.displayId) where.push(`j.display_pid = ${p(q.displayId)}`);
    if (q.searchStatus !== undefined) where.push(`j.status = ${p(q.searchStatus)}`);
    if (q.searchUsername) where.push(`j.username ILIKE ${p(`%${escapeLike(q.searchUsername)}%`)}`);
    const w = where.join(' AND ');
    const [{ total }] = (await this.db.query(`SELECT COUNT(*)::int AS total FROM judge j WHERE ${w}`, params)) as { total: number }[];
    const rows = await this.submissionRows(
      `${w} ORDER BY j.submit_time DESC, j.submit_id DESC LIMIT ${p(req.size)} OFFSET ${p(req.skip)}`,
      params,
      items,
    );
    return toPage(rows, total, req);
  }

  /** check-exam-submissions-status: the caller's own (admins: any) submissions of the exam, by id. */
  async submissionStatus(a: ExamAccess, submitIds: number[]): Promise<Record<number, ExamSubmissionItem>> {
    const items = await this.items.items(a.exam.id);
    const params: unknown[] = [a.exam.id, submitIds];
    const own = a.isAdmin ? '' : ` AND j.uid = $${params.push(a.user?.uid ?? '')}`;
    const rows = await this.submissionRows(`j.eid = $1 AND j.submit_id = ANY($2)${own}`, params, items);
    return Object.fromEntries(rows.map((r) => [r.submitId, r]));
  }

  private async submissionRows(where: string, params: unknown[], items: ExamItems): Promise<ExamSubmissionItem[]> {
    const rows: (Omit<ExamSubmissionItem, 'title' | 'submitTime'> & { submitTime: Date })[] = await this.db.query(
      `SELECT j.submit_id AS "submitId", j.uid, j.username, j.pid, j.display_pid AS "displayId", j.status, j.time, j.memory, j.score,
              j.length, j.language, j.submit_time AS "submitTime", j.eid
         FROM judge j WHERE ${where}`,
      params,
    );
    return rows.map((r) => ({ ...r, title: items.byPid.get(r.pid)?.displayTitle ?? '', submitTime: new Date(r.submitTime).toISOString() }));
  }
}
