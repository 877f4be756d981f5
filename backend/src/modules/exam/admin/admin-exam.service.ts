import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  AdminExamQuestionItem,
  ContestAuth,
  ContestType,
  ERR,
  EXAM_ERR,
  ExamInfo,
  ExamProblemItem,
  OiScoreType,
  QuestionAuth,
  RankShowName,
  ScorePapersResult,
  UNFINISHED_JUDGE_STATUSES,
} from '@oj/contracts';
import { DataSource, Repository } from 'typeorm';
import { AuthUser } from '../../../core/auth/auth-user';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../../core/http/api.exception';
import { EventBus } from '../../../core/events/event-bus';
import type { Problem } from '../../problem/entities/problem.entity';
import { ProblemService } from '../../problem/problem.service';
import { ExamProblem } from '../entities/exam-problem.entity';
import { ExamQuestion } from '../entities/exam-question.entity';
import { Exam } from '../entities/exam.entity';
import { Question } from '../entities/question.entity';
import { ExamAccessService } from '../exam-access.service';
import { lockdownSettings } from '../../timed-event/timed-lockdown';
import { ExamItemsService } from '../exam-items.service';
import { examView, itemCounts, questionInfo } from '../public/exam.service';
import { PaperScoringService } from '../scoring/paper-scoring.service';
import {
  AddExamProblemDto,
  AddExamQuestionDto,
  CreateExamQuestionDto,
  ExamBodyDto,
  UpdateExamDto,
  UpdateExamProblemDto,
  UpdateExamQuestionDto,
} from './admin-exam.dto';
import { QuestionBankService } from './question-bank.service';

const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';

/**
 * Admin exam calls: CRUD and visibility, exam problems and questions (from the bank or written in place),
 * scoring every paper, rejudging a problem. Every call needs an exam the caller manages (author or root).
 */
@Injectable()
export class AdminExamService {
  constructor(
    @InjectRepository(Exam) private readonly exams: Repository<Exam>,
    @InjectRepository(ExamProblem) private readonly examProblems: Repository<ExamProblem>,
    @InjectRepository(ExamQuestion) private readonly examQuestions: Repository<ExamQuestion>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly access: ExamAccessService,
    private readonly items: ExamItemsService,
    private readonly bank: QuestionBankService,
    private readonly problems: ProblemService,
    private readonly scoring: PaperScoringService,
    private readonly bus: EventBus,
  ) {}

  /** The exam, when the caller manages it. */
  async managed(eid: number, user: AuthUser): Promise<Exam> {
    const a = await this.access.access(eid, user);
    this.access.assertCanManage(a);
    return a.exam;
  }

  private changed(eid: number): void {
    this.access.forget(eid);
    this.items.forget(eid);
  }

  /** GET /api/admin/exam: the exam with its password (editor). */
  async get(eid: number, user: AuthUser): Promise<ExamInfo & { pwd: string | null }> {
    await this.managed(eid, user);
    const exam = await this.exams.createQueryBuilder('e').addSelect('e.pwd').where('e.id = :eid', { eid }).getOneOrFail();
    return { ...examView(exam, itemCounts(await this.items.items(eid))), ipRanges: exam.ipRanges, pwd: exam.pwd };
  }

  /** The stored form of an exam body; a private or protected exam needs a password, given now or stored before. */
  private fields(dto: ExamBodyDto, storedPwd: string | null = null) {
    const start = new Date(dto.startTime);
    const end = new Date(dto.endTime);
    if (!(start.getTime() < end.getTime())) throw new BadRequestError(EXAM_ERR.startBeforeEnd);
    const duration = dto.duration ?? Math.round((end.getTime() - start.getTime()) / 1000);
    if (!(duration > 0)) throw new BadRequestError(EXAM_ERR.durationPositive);
    if (dto.auth !== ContestAuth.Public && !dto.pwd && !storedPwd) throw new BadRequestError(EXAM_ERR.passwordRequired);
    return {
      title: dto.title,
      description: dto.description ?? '',
      type: dto.type ?? ContestType.OI,
      auth: dto.auth,
      pwd: dto.auth === ContestAuth.Public ? null : (dto.pwd ?? null),
      startTime: start,
      endTime: end,
      duration,
      realScore: dto.realScore ?? false,
      autoRealScore: dto.autoRealScore ?? true,
      rankScoreType: dto.rankScoreType ?? OiScoreType.Highest,
      rankShowName: dto.rankShowName ?? RankShowName.Username,
      visible: dto.visible ?? true,
    };
  }

  /** `gid`: a group's exam (group/exam, checked by the group module); a body's gid never moves an exam. */
  async create(dto: ExamBodyDto, user: AuthUser, gid: number | null = null): Promise<ExamInfo> {
    const saved = await this.exams.save(
      this.exams.create({ ...this.fields(dto), ...lockdownSettings(dto), uid: user.uid, author: user.username, gid }),
    );
    if (saved.lockMode || saved.ipRanges.length) await this.access.lockdownChanged();
    const exam = await this.exams.findOneByOrFail({ id: saved.id });
    return examView(exam, { totalScore: 0, questionCount: 0, problemCount: 0 });
  }

  async update(dto: UpdateExamDto, user: AuthUser): Promise<ExamInfo> {
    await this.managed(dto.id, user);
    // An absent password keeps the stored one (the editor does not get it back unless asked).
    const stored = await this.exams.createQueryBuilder('e').addSelect('e.pwd').where('e.id = :id', { id: dto.id }).getOneOrFail();
    const { pwd, ...rest } = this.fields(dto, stored.pwd);
    // ipRanges and lockMode absent (HOJ's client has no such fields): unchanged; given: checked as CIDRs.
    const lockdown = lockdownSettings(dto, stored);
    await this.exams.update(
      { id: dto.id },
      dto.pwd || dto.auth === ContestAuth.Public ? { ...rest, ...lockdown, pwd } : { ...rest, ...lockdown },
    );
    this.changed(dto.id);
    if (lockdown.lockMode || lockdown.ipRanges.length || stored.lockMode || stored.ipRanges.length) await this.access.lockdownChanged();
    const exam = await this.exams.findOneByOrFail({ id: dto.id });
    return examView(exam, itemCounts(await this.items.items(dto.id)));
  }

  /** Deletes the exam with its problems, questions, registrations, answers and papers (submissions stay). */
  async remove(eid: number, user: AuthUser): Promise<void> {
    await this.managed(eid, user);
    await this.db.transaction(async (em) => {
      for (const table of ['exam_answer', 'exam_paper', 'exam_register', 'exam_question', 'exam_problem'])
        await em.query(`DELETE FROM ${table} WHERE eid = $1`, [eid]);
      await em.query('DELETE FROM exam WHERE id = $1', [eid]);
    });
    this.changed(eid);
    await this.access.lockdownChanged();
  }

  async changeVisible(eid: number, visible: boolean, user: AuthUser): Promise<void> {
    await this.managed(eid, user);
    await this.exams.update({ id: eid }, { visible });
    this.changed(eid);
  }

  // ---- programming problems

  async problemList(eid: number, user: AuthUser): Promise<ExamProblemItem[]> {
    await this.managed(eid, user);
    return (await this.items.items(eid)).problems.map((p) => ({
      id: p.id,
      eid,
      pid: p.pid,
      displayId: p.displayId,
      displayTitle: p.displayTitle,
      color: p.color,
      score: p.score,
    }));
  }

  async addProblem(dto: AddExamProblemDto, user: AuthUser): Promise<ExamProblem> {
    const exam = await this.managed(dto.eid, user);
    const problem: Problem = await this.problems.findById(dto.pid);
    // A group's problem goes only into that group's exams (root: any); others as the bank shows them.
    const usable = problem.isGroup ? problem.gid === exam.gid || user.isRoot : this.problems.canSee(problem, user);
    if (!usable) throw new ForbiddenError(ERR.noPermission);
    if (await this.examProblems.existsBy({ eid: dto.eid, pid: dto.pid })) throw new BadRequestError(EXAM_ERR.problemAlreadyInExam);
    if (await this.examProblems.existsBy({ eid: dto.eid, displayId: dto.displayId })) throw new BadRequestError(EXAM_ERR.displayIdExists);
    try {
      const saved = await this.examProblems.save(
        this.examProblems.create({
          eid: dto.eid,
          pid: dto.pid,
          displayId: dto.displayId,
          displayTitle: dto.displayTitle || problem.title,
          color: dto.color ?? null,
          score: dto.score,
        }),
      );
      return saved;
    } catch (e) {
      if (isUniqueViolation(e)) throw new BadRequestError(EXAM_ERR.displayIdExists);
      throw e;
    } finally {
      this.changed(dto.eid);
    }
  }

  private async managedProblemLink(id: number, user: AuthUser): Promise<ExamProblem> {
    const ep = await this.examProblems.findOneBy({ id });
    if (!ep) throw new NotFoundError(EXAM_ERR.problemNotInExam);
    await this.managed(ep.eid, user);
    return ep;
  }

  async updateProblem(dto: UpdateExamProblemDto, user: AuthUser): Promise<ExamProblem> {
    const ep = await this.managedProblemLink(dto.id, user);
    if (
      dto.displayId !== undefined &&
      dto.displayId !== ep.displayId &&
      (await this.examProblems.existsBy({ eid: ep.eid, displayId: dto.displayId }))
    )
      throw new BadRequestError(EXAM_ERR.displayIdExists);
    Object.assign(ep, {
      displayId: dto.displayId ?? ep.displayId,
      displayTitle: dto.displayTitle ?? ep.displayTitle,
      color: dto.color === undefined ? ep.color : dto.color,
      score: dto.score ?? ep.score,
    });
    const saved = await this.examProblems.save(ep);
    this.changed(ep.eid);
    return saved;
  }

  async removeProblem(id: number, user: AuthUser): Promise<void> {
    const ep = await this.managedProblemLink(id, user);
    await this.examProblems.delete({ id });
    this.changed(ep.eid);
  }

  // ---- questions

  async questionList(eid: number, user: AuthUser): Promise<AdminExamQuestionItem[]> {
    await this.managed(eid, user);
    const links = (await this.items.items(eid)).questions;
    const questions = links.length ? await this.db.getRepository(Question).findByIds(links.map((l) => l.qid)) : [];
    const byId = new Map(questions.map((q) => [q.id, q]));
    return links
      .filter((l) => byId.has(l.qid))
      .map((l) => ({
        id: l.id,
        eid,
        questionId: l.qid,
        displayId: l.displayId,
        score: l.score,
        question: questionInfo(byId.get(l.qid)!, true),
      }));
  }

  private async link(eid: number, qid: number, displayId: string, score: number, em = this.db.manager): Promise<ExamQuestion> {
    const repo = em.getRepository(ExamQuestion);
    if (await repo.existsBy({ eid, qid })) throw new BadRequestError(EXAM_ERR.questionAlreadyInExam);
    if (await repo.existsBy({ eid, displayId })) throw new BadRequestError(EXAM_ERR.displayIdExists);
    try {
      return await repo.save(repo.create({ eid, qid, displayId, score }));
    } catch (e) {
      if (isUniqueViolation(e)) throw new BadRequestError(EXAM_ERR.displayIdExists);
      throw e;
    }
  }

  /** add-question-from-bank: a public question, or one of the caller's own (root: any). */
  async addQuestion(dto: AddExamQuestionDto, user: AuthUser): Promise<ExamQuestion> {
    const exam = await this.managed(dto.eid, user);
    const q = await this.bank.find(dto.questionId);
    if (!this.bank.canUse(q, user, exam.gid)) throw new ForbiddenError(ERR.noPermission);
    const saved = await this.link(dto.eid, q.id, dto.displayId, dto.score);
    this.changed(dto.eid);
    return saved;
  }

  /** exam-question POST: a question written inside the exam (exam-only unless its body says), linked in one transaction. */
  async createQuestion(dto: CreateExamQuestionDto, user: AuthUser): Promise<AdminExamQuestionItem> {
    const exam = await this.managed(dto.eid, user);
    const { q, link } = await this.db.transaction(async (em) => {
      // Written inside a group's exam, the question is the group's.
      const q = await this.bank.create(dto.question, user, em, QuestionAuth.Exam, exam.gid);
      return { q, link: await this.link(dto.eid, q.id, dto.displayId, dto.score, em) };
    });
    this.changed(dto.eid);
    return { id: link.id, eid: dto.eid, questionId: q.id, displayId: link.displayId, score: link.score, question: questionInfo(q, true) };
  }

  private async managedQuestionLink(id: number, user: AuthUser): Promise<ExamQuestion> {
    const eq = await this.examQuestions.findOneBy({ id });
    if (!eq) throw new NotFoundError(EXAM_ERR.questionNotInExam);
    await this.managed(eq.eid, user);
    return eq;
  }

  async updateQuestion(dto: UpdateExamQuestionDto, user: AuthUser): Promise<ExamQuestion> {
    const eq = await this.managedQuestionLink(dto.id, user);
    if (
      dto.displayId !== undefined &&
      dto.displayId !== eq.displayId &&
      (await this.examQuestions.existsBy({ eid: eq.eid, displayId: dto.displayId }))
    )
      throw new BadRequestError(EXAM_ERR.displayIdExists);
    const rescore = dto.score !== undefined && dto.score !== eq.score;
    eq.displayId = dto.displayId ?? eq.displayId;
    eq.score = dto.score ?? eq.score;
    const saved = await this.examQuestions.save(eq);
    this.changed(eq.eid);
    // Saved answers were scored out of the old points: score them again (hand-marked ones stay).
    if (rescore) await this.scoring.rescoreQuestion(eq.eid, eq.qid);
    return saved;
  }

  /** Takes a question out of the exam (its saved answers go with it). */
  async removeQuestion(id: number, user: AuthUser): Promise<void> {
    const eq = await this.managedQuestionLink(id, user);
    await this.db.transaction(async (em) => {
      await em.query('DELETE FROM exam_answer WHERE eid = $1 AND qid = $2', [eq.eid, eq.qid]);
      await em.query('DELETE FROM exam_question WHERE id = $1', [id]);
    });
    this.changed(eq.eid);
  }

  // ---- papers, rejudge

  async scorePapers(eid: number, user: AuthUser): Promise<ScorePapersResult> {
    const exam = await this.managed(eid, user);
    this.items.forget(eid);
    const started = Date.now();
    const papers = await this.scoring.scorePapers(exam);
    this.access.forget(eid);
    return { papers, ms: Date.now() - started };
  }

  /** admin/judge/rejudge-exam-problem: every judged submission of the problem in the exam goes back to the queue. */
  async rejudgeProblem(eid: number, pid: number, user: AuthUser): Promise<{ count: number }> {
    await this.managed(eid, user);
    const rows: { submitId: number }[] = await this.db.query(
      `SELECT submit_id AS "submitId" FROM judge WHERE eid = $1 AND pid = $2 AND NOT (status = ANY($3)) ORDER BY submit_id`,
      [eid, pid, UNFINISHED_JUDGE_STATUSES],
    );
    // The judge module does it (the bus's `judge.rejudge`): it sits above this module.
    for (const { submitId } of rows) await this.bus.request('judge.rejudge', { submitId });
    return { count: rows.length };
  }
}
