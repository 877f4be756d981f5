import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { ERR, EXAM_ERR, Page, QuestionAuth, QuestionInfo, QuestionType, choicesRightAnswer, decodeBlankRightAnswer } from '@oj/contracts';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { AuthUser } from '../../../core/auth/auth-user';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../../core/http/api.exception';
import { escapeLike, pageRequest, toPage } from '../../../core/pagination/pagination';
import { Question } from '../entities/question.entity';
import { GroupAccessService } from '../../../core/auth/group-access.service';
import { ExamItemsService } from '../exam-items.service';
import { questionInfo } from '../public/exam.service';
import { normaliseJudgeAnswer } from '../scoring/scoring-engine';
import { AdminQuestionListQueryDto, QuestionBodyDto } from './admin-exam.dto';

/** The stored form of a question body: validated, right answer derived (choice) or normalised (judge). */
export function questionFields(dto: QuestionBodyDto): Pick<Question, 'type' | 'multiple' | 'description' | 'choices' | 'rightAnswer'> {
  const base = { type: dto.type, multiple: !!dto.multiple, description: dto.description, choices: [] as Question['choices'] };
  switch (dto.type) {
    case QuestionType.Choice: {
      const choices = (dto.choices ?? []).map((c) => ({ content: c.content, status: c.status }));
      if (!choices.length) throw new BadRequestError(ERR.questionNoChoices);
      const right = choicesRightAnswer(choices);
      if (!right) throw new BadRequestError(ERR.questionNoAnswer);
      if (!dto.multiple && right.length > 1) throw new BadRequestError(ERR.wrongChoice);
      return { ...base, choices, rightAnswer: right };
    }
    case QuestionType.Judge: {
      if (!dto.rightAnswer?.trim()) throw new BadRequestError(ERR.questionNoAnswer);
      const right = normaliseJudgeAnswer(dto.rightAnswer);
      if (!right) throw new BadRequestError(EXAM_ERR.judgeAnswerInvalid);
      return { ...base, multiple: false, rightAnswer: right };
    }
    case QuestionType.Blank: {
      if (!dto.rightAnswer?.trim()) throw new BadRequestError(ERR.questionNoAnswer);
      const blanks = decodeBlankRightAnswer(dto.rightAnswer);
      if (!blanks || blanks.some((alternatives) => !alternatives.some((a) => a.trim())))
        throw new BadRequestError(EXAM_ERR.blankAnswerInvalid);
      return { ...base, multiple: false, rightAnswer: JSON.stringify(blanks) };
    }
    default:
      return { ...base, multiple: false, rightAnswer: dto.rightAnswer ?? null };
  }
}

/**
 * The question bank (admin calls `/api/admin/question…`): admin-type roles create questions; a question is
 * changed or deleted by its author or root. Lists: root every question, others the public ones and their own.
 */
@Injectable()
export class QuestionBankService {
  constructor(
    @InjectRepository(Question) private readonly questions: Repository<Question>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly items: ExamItemsService,
    private readonly groups: GroupAccessService,
  ) {}

  canManage(q: Question, user: AuthUser): boolean {
    return user.isRoot || q.uid === user.uid;
  }

  /**
   * May the caller put this question in an exam of group `examGid` (null: a site exam)? A group's question only
   * goes into that group's exams; otherwise public ones and the caller's own (root: any).
   */
  canUse(q: Question, user: AuthUser, examGid: number | null = null): boolean {
    if (q.gid !== null) return q.gid === examGid || user.isRoot;
    return this.canManage(q, user) || q.auth === QuestionAuth.Public;
  }

  async find(qid: number): Promise<Question> {
    const q = await this.questions.findOneBy({ id: qid });
    if (!q) throw new NotFoundError();
    return q;
  }

  /** A question through the site's admin routes: a group's only for root (404, product §6), then its author or root. */
  async managed(qid: number, user: AuthUser): Promise<Question> {
    const q = await this.find(qid);
    this.groups.assertSiteRouteReaches(q.gid, user);
    if (!this.canManage(q, user)) throw new ForbiddenError(ERR.noPermission);
    return q;
  }

  /** The site's bank (`gid` undefined: a group's questions stay in the group) or group `gid`'s (checked by the group module). */
  async list(q: AdminQuestionListQueryDto, user: AuthUser, gid?: number): Promise<Page<QuestionInfo>> {
    const req = pageRequest(q);
    const qb = this.questions.createQueryBuilder('q').orderBy('q.id', 'DESC');
    if (gid === undefined) qb.where('q.gid IS NULL');
    else qb.where('q.gid = :gid', { gid });
    if (!user.isRoot && gid === undefined) qb.andWhere('(q.auth = :pub OR q.uid = :uid)', { pub: QuestionAuth.Public, uid: user.uid });
    if (q.onlyMine) qb.andWhere('q.uid = :me', { me: user.uid });
    if (q.type !== undefined) qb.andWhere('q.type = :type', { type: q.type });
    if (q.auth !== undefined) qb.andWhere('q.auth = :auth', { auth: q.auth });
    if (q.keyword) qb.andWhere('(q.displayId ILIKE :kw OR q.description ILIKE :kw)', { kw: `%${escapeLike(q.keyword)}%` });
    if (q.eid !== undefined) qb.andWhere('q.id NOT IN (SELECT x.qid FROM exam_question x WHERE x.eid = :eid)', { eid: q.eid });
    const [rows, total] = await qb.skip(req.skip).take(req.size).getManyAndCount();
    return toPage(
      rows.map((r) => questionInfo(r, gid !== undefined || this.canManage(r, user) || r.answerShare)),
      total,
      req,
    );
  }

  async create(
    dto: QuestionBodyDto,
    user: AuthUser,
    em: EntityManager = this.db.manager,
    defaultAuth: QuestionAuth = QuestionAuth.Public,
    gid: number | null = null,
  ): Promise<Question> {
    const fields = questionFields(dto);
    if (await em.getRepository(Question).existsBy({ displayId: dto.displayId }))
      throw new BadRequestError(EXAM_ERR.questionDisplayIdExists);
    return em.getRepository(Question).save(
      em.getRepository(Question).create({
        ...fields,
        displayId: dto.displayId,
        answerShare: !!dto.answerShare,
        auth: dto.auth ?? defaultAuth,
        tags: [...new Set(dto.tags ?? [])],
        uid: user.uid,
        author: user.username,
        // Only the group's routes make a group's question; a body's gid is never read.
        gid,
      }),
    );
  }

  async update(qid: number, dto: QuestionBodyDto, user: AuthUser): Promise<Question> {
    return this.save(await this.managed(qid, user), dto);
  }

  /** Stores an edit of a question the caller was checked to manage (here or by the group module). */
  async save(q: Question, dto: QuestionBodyDto): Promise<Question> {
    const qid = q.id;
    const fields = questionFields(dto);
    if (dto.displayId !== q.displayId && (await this.questions.existsBy({ displayId: dto.displayId })))
      throw new BadRequestError(EXAM_ERR.questionDisplayIdExists);
    Object.assign(q, fields, {
      displayId: dto.displayId,
      answerShare: dto.answerShare ?? q.answerShare,
      auth: dto.auth ?? q.auth,
      tags: dto.tags ? [...new Set(dto.tags)] : q.tags,
    });
    const saved = await this.questions.save(q);
    await this.forgetExamsOf(qid);
    return saved;
  }

  /** Deletes a question no exam uses. */
  async remove(qid: number, user: AuthUser): Promise<void> {
    await this.managed(qid, user);
    await this.delete(qid);
  }

  /** Deletes a question (the caller was checked) unless an exam uses it. */
  async delete(qid: number): Promise<void> {
    const [{ n }] = (await this.db.query('SELECT COUNT(*)::int AS n FROM exam_question WHERE qid = $1', [qid])) as { n: number }[];
    if (n) throw new BadRequestError(EXAM_ERR.questionInUse);
    await this.questions.delete({ id: qid });
  }

  /** The exams using a question see its change at once on this replica (others within a second). */
  async forgetExamsOf(qid: number): Promise<number[]> {
    const rows: { eid: number }[] = await this.db.query('SELECT eid FROM exam_question WHERE qid = $1', [qid]);
    for (const r of rows) this.items.forget(r.eid);
    return rows.map((r) => r.eid);
  }
}
