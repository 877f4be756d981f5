import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../../../core/auth/auth-user';
import { CurrentUser } from '../../../core/auth/decorators';
import {
  AddExamProblemDto,
  AddExamQuestionDto,
  CreateExamQuestionDto,
  ExamBodyDto,
  IdQueryDto,
  UpdateExamDto,
  UpdateExamProblemDto,
  UpdateExamQuestionDto,
} from '../admin/admin-exam.dto';
import { EidQueryDto } from '../public/exam.dto';
import { GroupItemListQueryDto } from '../../group/dto/group.dto';
import { AddExamProblemFromGroupDto, GroupExamVisibleDto } from './group-exam.dto';
import { GroupExamService } from './group-exam.service';
import { Audited, fromBody, fromQuery } from '../../../core/audit/audited.decorator';
import { loadExam, loadExamItems, loadExamProblemLink, loadExamQuestionLink, resultId } from '../exam-audit';

/** A group's exams, their problems and questions (in HOJ's group contest style); login required. */
@ApiTags('group')
@Controller('group')
export class GroupExamController {
  constructor(private readonly exams: GroupExamService) {}

  @Get('get-exam-list')
  list(@Query() q: GroupItemListQueryDto, @CurrentUser() user: AuthUser) {
    return this.exams.list(q.gid, q, user);
  }

  @Get('get-admin-exam-list')
  adminList(@Query() q: GroupItemListQueryDto, @CurrentUser() user: AuthUser) {
    return this.exams.adminList(q.gid, q, user);
  }

  @Get('exam')
  get(@Query() q: EidQueryDto, @CurrentUser() user: AuthUser) {
    return this.exams.get(q.eid, user);
  }

  @Post('exam')
  @Audited('exam.create', { target: 'exam', idFromResult: resultId, load: loadExam })
  @HttpCode(200)
  create(@Body() dto: ExamBodyDto, @CurrentUser() user: AuthUser) {
    return this.exams.create(dto, user);
  }

  @Put('exam')
  @Audited('exam.update', { target: 'exam', id: fromBody('id'), load: loadExam })
  update(@Body() dto: UpdateExamDto, @CurrentUser() user: AuthUser) {
    return this.exams.update(dto, user);
  }

  @Delete('exam')
  @Audited('exam.delete', { target: 'exam', id: fromQuery('eid'), load: loadExam })
  async remove(@Query() q: EidQueryDto, @CurrentUser() user: AuthUser): Promise<null> {
    await this.exams.remove(q.eid, user);
    return null;
  }

  @Put('change-exam-visible')
  @Audited('exam.visibility', { target: 'exam', id: fromQuery('eid'), load: loadExam })
  async changeVisible(@Query() q: GroupExamVisibleDto, @CurrentUser() user: AuthUser): Promise<null> {
    await this.exams.setVisible(q.eid, q.visible, user);
    return null;
  }

  @Get('get-exam-problem-list')
  problems(@Query() q: EidQueryDto, @CurrentUser() user: AuthUser) {
    return this.exams.problemList(q.eid, user);
  }

  @Post('add-exam-problem-from-public')
  @Audited('exam.problem.add', { target: 'exam', id: fromBody('eid'), load: loadExamItems })
  @HttpCode(200)
  addFromPublic(@Body() dto: AddExamProblemDto, @CurrentUser() user: AuthUser) {
    return this.exams.addFromPublic(dto, user);
  }

  @Post('add-exam-problem-from-group')
  @Audited('exam.problem.add', { target: 'exam', id: fromQuery('eid'), load: loadExamItems })
  @HttpCode(200)
  addFromGroup(@Query() q: AddExamProblemFromGroupDto, @CurrentUser() user: AuthUser) {
    return this.exams.addFromGroup(q, user);
  }

  @Put('exam-problem')
  @Audited('exam.problem.update', { target: 'exam-problem', id: fromBody('id'), load: loadExamProblemLink })
  updateProblem(@Body() dto: UpdateExamProblemDto, @CurrentUser() user: AuthUser) {
    return this.exams.updateProblem(dto, user);
  }

  @Delete('exam-problem')
  @Audited('exam.problem.remove', { target: 'exam-problem', id: fromQuery('id'), load: loadExamProblemLink })
  async removeProblem(@Query() q: IdQueryDto, @CurrentUser() user: AuthUser): Promise<null> {
    await this.exams.removeProblem(q.id, user);
    return null;
  }

  @Get('get-exam-question-list')
  questions(@Query() q: EidQueryDto, @CurrentUser() user: AuthUser) {
    return this.exams.questionList(q.eid, user);
  }

  @Post('add-exam-question-from-group')
  @Audited('exam.question.add', { target: 'exam', id: fromBody('eid'), load: loadExamItems })
  @HttpCode(200)
  addQuestion(@Body() dto: AddExamQuestionDto, @CurrentUser() user: AuthUser) {
    return this.exams.addQuestion(dto, user);
  }

  @Post('exam-question')
  @Audited('exam.question.create', { target: 'exam', id: fromBody('eid'), load: loadExamItems })
  @HttpCode(200)
  createQuestion(@Body() dto: CreateExamQuestionDto, @CurrentUser() user: AuthUser) {
    return this.exams.createQuestion(dto, user);
  }

  @Put('exam-question')
  @Audited('exam.question.update', { target: 'exam-question', id: fromBody('id'), load: loadExamQuestionLink })
  updateQuestion(@Body() dto: UpdateExamQuestionDto, @CurrentUser() user: AuthUser) {
    return this.exams.updateQuestion(dto, user);
  }

  @Delete('exam-question')
  @Audited('exam.question.remove', { target: 'exam-question', id: fromQuery('id'), load: loadExamQuestionLink })
  async removeQuestion(@Query() q: IdQueryDto, @CurrentUser() user: AuthUser): Promise<null> {
    await this.exams.removeQuestion(q.id, user);
    return null;
  }
}
