import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ERR, GROUP_CONTENT_ERR } from '@oj/contracts';
import { Repository } from 'typeorm';
import { AuthUser } from '../../../core/auth/auth-user';
import { BadRequestError, NotFoundError } from '../../../core/http/api.exception';
import {
  AddExamProblemDto,
  AddExamQuestionDto,
  CreateExamQuestionDto,
  ExamBodyDto,
  UpdateExamDto,
  UpdateExamProblemDto,
  UpdateExamQuestionDto,
} from '../admin/admin-exam.dto';
import { AdminExamService } from '../admin/admin-exam.service';
import { ExamProblem } from '../entities/exam-problem.entity';
import { ExamQuestion } from '../entities/exam-question.entity';
import { Exam } from '../entities/exam.entity';
import { ExamService } from '../public/exam.service';
import { ProblemService } from '../../problem/problem.service';
import { GroupScopeService } from '../../group/scope/group-scope.service';

type PageQuery = { currentPage?: number; limit?: number; keyword?: string };

/**
 * A group's exams (named after HOJ's group contest routes; HOJ has no exams): exams with the group's `gid`, run
 * by the exam module. Members list the visible ones; admins (4–5) create and list all; the author, level 5 and
 * root manage one. The group check comes first (404 outside the group), then the exam module's admin rule.
 */
@Injectable()
export class GroupExamService {
  constructor(
    @InjectRepository(Exam) private readonly exams: Repository<Exam>,
    @InjectRepository(ExamProblem) private readonly examProblems: Repository<ExamProblem>,
    @InjectRepository(ExamQuestion) private readonly examQuestions: Repository<ExamQuestion>,
    private readonly bank: ProblemService,
    private readonly admin: AdminExamService,
    private readonly site: ExamService,
    private readonly scope: GroupScopeService,
  ) {}

  async list(gid: number, q: PageQuery, user: AuthUser) {
    await this.scope.member(gid, user);
    return this.site.list({ currentPage: q.currentPage, limit: q.limit }, user, false, new Date(), gid);
  }

  async adminList(gid: number, q: PageQuery, user: AuthUser) {
    await this.scope.admin(gid, user);
    return this.site.list(q, user, true, new Date(), gid);
  }

  /** A group's exam the caller manages; a site exam or a non-member answers 404. */
  async managed(eid: number, user: AuthUser): Promise<Exam> {
    const exam = await this.exams.findOneBy({ id: eid });
    if (!exam) throw new NotFoundError(ERR.notFound);
    await this.scope.manager(exam.gid, exam.uid === user.uid, user);
    return exam;
  }

  async get(eid: number, user: AuthUser) {
    await this.managed(eid, user);
    return this.admin.get(eid, user);
  }

  async create(dto: ExamBodyDto, user: AuthUser) {
    if (!dto.gid) throw new BadRequestError(GROUP_CONTENT_ERR.gidRequired);
    await this.scope.admin(dto.gid, user);
    return this.admin.create(dto, user, dto.gid);
  }

  async update(dto: UpdateExamDto, user: AuthUser) {
    await this.managed(dto.id, user);
    return this.admin.update(dto, user);
  }

  async remove(eid: number, user: AuthUser): Promise<void> {
    await this.managed(eid, user);
    await this.admin.remove(eid, user);
  }

  async setVisible(eid: number, visible: boolean, user: AuthUser): Promise<void> {
    await this.managed(eid, user);
    await this.admin.changeVisible(eid, visible, user);
  }

  async problemList(eid: number, user: AuthUser) {
    await this.managed(eid, user);
    return this.admin.problemList(eid, user);
  }

  /** A public problem of the site's bank (not a group's: those come from this group only). */
  async addFromPublic(dto: AddExamProblemDto, user: AuthUser) {
    await this.managed(dto.eid, user);
    const problem = await this.bank.findRow({ pid: dto.pid });
    if (!problem || problem.isGroup) throw new NotFoundError(ERR.notFound);
    return this.admin.addProblem(dto, user);
  }

  async addFromGroup(dto: { problemId: string; eid: number; displayId: string; score: number }, user: AuthUser) {
    const exam = await this.managed(dto.eid, user);
    const problem = await this.bank.findRow({ problemId: dto.problemId.trim() });
    if (!problem || problem.gid !== exam.gid) throw new BadRequestError(GROUP_CONTENT_ERR.notGroupProblem);
    return this.admin.addProblem({ eid: dto.eid, pid: problem.id, displayId: dto.displayId, score: dto.score }, user);
  }

  async updateProblem(dto: UpdateExamProblemDto, user: AuthUser) {
    const link = await this.examProblems.findOneBy({ id: dto.id });
    if (!link) throw new NotFoundError(ERR.notFound);
    await this.managed(link.eid, user);
    return this.admin.updateProblem(dto, user);
  }

  async removeProblem(id: number, user: AuthUser): Promise<void> {
    const link = await this.examProblems.findOneBy({ id });
    if (!link) throw new NotFoundError(ERR.notFound);
    await this.managed(link.eid, user);
    await this.admin.removeProblem(id, user);
  }

  async questionList(eid: number, user: AuthUser) {
    await this.managed(eid, user);
    return this.admin.questionList(eid, user);
  }

  /** A question of the group's bank (or a public one of the site's): the exam module checks which. */
  async addQuestion(dto: AddExamQuestionDto, user: AuthUser) {
    await this.managed(dto.eid, user);
    return this.admin.addQuestion(dto, user);
  }

  async createQuestion(dto: CreateExamQuestionDto, user: AuthUser) {
    await this.managed(dto.eid, user);
    return this.admin.createQuestion(dto, user);
  }

  async updateQuestion(dto: UpdateExamQuestionDto, user: AuthUser) {
    const link = await this.examQuestions.findOneBy({ id: dto.id });
    if (!link) throw new NotFoundError(ERR.notFound);
    await this.managed(link.eid, user);
    return this.admin.updateQuestion(dto, user);
  }

  async removeQuestion(id: number, user: AuthUser): Promise<void> {
    const link = await this.examQuestions.findOneBy({ id });
    if (!link) throw new NotFoundError(ERR.notFound);
    await this.managed(link.eid, user);
    await this.admin.removeQuestion(id, user);
  }
}
