import { Injectable } from '@nestjs/common';
import { GROUP_CONTENT_ERR, QuestionAuth } from '@oj/contracts';
import { AuthUser } from '../../../core/auth/auth-user';
import { BadRequestError } from '../../../core/http/api.exception';
import { AdminQuestionListQueryDto, QuestionBodyDto } from '../admin/admin-exam.dto';
import { QuestionBankService } from '../admin/question-bank.service';
import { Question } from '../entities/question.entity';
import { questionInfo } from '../public/exam.service';
import { GroupScopeService } from '../../group/scope/group-scope.service';

/**
 * A group's question bank (product §2 /group/{id}/question): the exam module's question rows with the group's
 * `gid`, used only by the group's exams. Group admins (4–5) list, read and write; the author, level 5 and root
 * change and delete one.
 */
@Injectable()
export class GroupQuestionService {
  constructor(
    private readonly bank: QuestionBankService,
    private readonly scope: GroupScopeService,
  ) {}

  async list(gid: number, q: AdminQuestionListQueryDto, user: AuthUser) {
    await this.scope.admin(gid, user);
    return this.bank.list(q, user, gid);
  }

  /** A group's question (a site question or a non-member: 404) that the caller manages. */
  private async managed(qid: number, user: AuthUser): Promise<Question> {
    const q = await this.bank.find(qid);
    await this.scope.manager(q.gid, q.uid === user.uid, user);
    return q;
  }

  async get(qid: number, user: AuthUser) {
    return questionInfo(await this.managed(qid, user), true);
  }

  async create(dto: QuestionBodyDto, user: AuthUser) {
    if (!dto.gid) throw new BadRequestError(GROUP_CONTENT_ERR.gidRequired);
    await this.scope.admin(dto.gid, user);
    return questionInfo(await this.bank.create(dto, user, undefined, dto.auth ?? QuestionAuth.Public, dto.gid), true);
  }

  async update(qid: number, dto: QuestionBodyDto, user: AuthUser) {
    return questionInfo(await this.bank.save(await this.managed(qid, user), dto), true);
  }

  async remove(qid: number, user: AuthUser): Promise<void> {
    await this.managed(qid, user);
    await this.bank.delete(qid);
  }
}
