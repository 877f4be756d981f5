import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Role } from '@oj/contracts';
import { AuthUser } from '../../../core/auth/auth-user';
import { CurrentUser, Roles } from '../../../core/auth/decorators';
import { EidQueryDto, ExamListQueryDto } from '../public/exam.dto';
import { ExamService } from '../public/exam.service';
import { questionInfo } from '../public/exam.service';
import {
  AddExamProblemDto,
  AddExamQuestionDto,
  AdminQuestionListQueryDto,
  ChangeExamVisibleDto,
  CreateExamQuestionDto,
  ExamBodyDto,
  IdQueryDto,
  QidQueryDto,
  QuestionBodyDto,
  UpdateExamDto,
  UpdateExamProblemDto,
  UpdateExamQuestionDto,
  UpdateQuestionDto,
} from './admin-exam.dto';
import { AdminExamService } from './admin-exam.service';
import { QuestionBankService } from './question-bank.service';
import { Audited, fromBody, fromQuery } from '../../../core/audit/audited.decorator';
import { loadExam, loadExamItems, loadExamProblemLink, loadExamQuestionLink, loadQuestion, resultId } from '../exam-audit';

/** /api/admin/exam…: admin-type roles at the door; each exam only by its admins (author, root). */
@ApiTags('admin exam')
@Roles(Role.Root, Role.Admin, Role.ProblemAdmin)
@Controller('admin')
export class AdminExamController {
  constructor(
    private readonly admin: AdminExamService,
    private readonly exams: ExamService,
  ) {}

  @ApiOperation({ summary: 'Exams the caller manages (root: all), ExamInfo page' })
  @Get('exam/get-exam-list')
  list(@Query() q: ExamListQueryDto, @CurrentUser() user: AuthUser) {
    return this.exams.list(q, user, true);
  }

  @ApiOperation({ summary: 'One exam with its password (editor)' })
  @Get('exam')
  get(@Query() q: EidQueryDto, @CurrentUser() user: AuthUser) {
    return this.admin.get(q.eid, user);
  }

  @Post('exam')
  @Audited('exam.create', { target: 'exam', idFromResult: resultId, load: loadExam })
  @HttpCode(200)
  create(@Body() dto: ExamBodyDto, @CurrentUser() user: AuthUser) {
    return this.admin.create(dto, user);
  }

  @Put('exam')
  @Audited('exam.update', { target: 'exam', id: fromBody('id'), load: loadExam })
  update(@Body() dto: UpdateExamDto, @CurrentUser() user: AuthUser) {
    return this.admin.update(dto, user);
  }

  @Delete('exam')
  @Audited('exam.delete', { target: 'exam', id: fromQuery('eid'), load: loadExam })
  async remove(@Query() q: EidQueryDto, @CurrentUser() user: AuthUser) {
    await this.admin.remove(q.eid, user);
    return null;
  }

  @Put('exam/change-exam-visible')
  @Audited('exam.visibility', { target: 'exam', id: fromBody('eid'), load: loadExam })
  async changeVisible(@Body() dto: ChangeExamVisibleDto, @CurrentUser() user: AuthUser) {
    await this.admin.changeVisible(dto.eid, dto.visible, user);
    return null;
  }

  @ApiOperation({ summary: 'Programming problems of the exam (ExamProblemItem[])' })
  @Get('exam/get-problem-list')
  problemList(@Query() q: EidQueryDto, @CurrentUser() user: AuthUser) {
    return this.admin.problemList(q.eid, user);
  }

  @Post('exam/add-problem-from-public')
  @Audited('exam.problem.add', { target: 'exam', id: fromBody('eid'), load: loadExamItems })
  @HttpCode(200)
  addProblem(@Body() dto: AddExamProblemDto, @CurrentUser() user: AuthUser) {
    return this.admin.addProblem(dto, user);
  }

  @Put('exam/exam-problem')
  @Audited('exam.problem.update', { target: 'exam-problem', id: fromBody('id'), load: loadExamProblemLink })
  updateProblem(@Body() dto: UpdateExamProblemDto, @CurrentUser() user: AuthUser) {
    return this.admin.updateProblem(dto, user);
  }

  @Delete('exam/exam-problem')
  @Audited('exam.problem.remove', { target: 'exam-problem', id: fromQuery('id'), load: loadExamProblemLink })
  async removeProblem(@Query() q: IdQueryDto, @CurrentUser() user: AuthUser) {
    await this.admin.removeProblem(q.id, user);
    return null;
  }

  @ApiOperation({ summary: 'Questions of the exam with the whole question (AdminExamQuestionItem[])' })
  @Get('exam/get-question-list')
  questionList(@Query() q: EidQueryDto, @CurrentUser() user: AuthUser) {
    return this.admin.questionList(q.eid, user);
  }

  @Post('exam/add-question-from-bank')
  @Audited('exam.question.add', { target: 'exam', id: fromBody('eid'), load: loadExamItems })
  @HttpCode(200)
  addQuestion(@Body() dto: AddExamQuestionDto, @CurrentUser() user: AuthUser) {
    return this.admin.addQuestion(dto, user);
  }

  @ApiOperation({ summary: 'Write a question inside the exam (exam-only visibility unless the body says)' })
  @Post('exam/exam-question')
  @Audited('exam.question.create', { target: 'exam', id: fromBody('eid'), load: loadExamItems })
  @HttpCode(200)
  createQuestion(@Body() dto: CreateExamQuestionDto, @CurrentUser() user: AuthUser) {
    return this.admin.createQuestion(dto, user);
  }

  @Put('exam/exam-question')
  @Audited('exam.question.update', { target: 'exam-question', id: fromBody('id'), load: loadExamQuestionLink })
  updateQuestion(@Body() dto: UpdateExamQuestionDto, @CurrentUser() user: AuthUser) {
    return this.admin.updateQuestion(dto, user);
  }

  @Delete('exam/exam-question')
  @Audited('exam.question.remove', { target: 'exam-question', id: fromQuery('id'), load: loadExamQuestionLink })
  async removeQuestion(@Query() q: IdQueryDto, @CurrentUser() user: AuthUser) {
    await this.admin.removeQuestion(q.id, user);
    return null;
  }

  @ApiOperation({ summary: 'Score every paper now ({ papers, ms })' })
  @Post('exam/score-exam-papers')
  @Audited('exam.score-papers', { target: 'exam', id: fromBody('eid'), after: (_req, result) => result })
  @HttpCode(200)
  scorePapers(@Body() dto: EidQueryDto, @CurrentUser() user: AuthUser) {
    return this.admin.scorePapers(dto.eid, user);
  }
}

/** /api/admin/question…: the question bank. */
@ApiTags('admin question')
@Roles(Role.Root, Role.Admin, Role.ProblemAdmin)
@Controller('admin')
export class AdminQuestionController {
  constructor(private readonly bank: QuestionBankService) {}

  @ApiOperation({ summary: 'Bank questions: root all, others public and their own (QuestionInfo page)' })
  @Get('question/get-question-list')
  list(@Query() q: AdminQuestionListQueryDto, @CurrentUser() user: AuthUser) {
    return this.bank.list(q, user);
  }

  @Get('question')
  async get(@Query() q: QidQueryDto, @CurrentUser() user: AuthUser) {
    return questionInfo(await this.bank.managed(q.qid, user), true);
  }

  @Post('question')
  @Audited('question.create', { target: 'question', idFromResult: resultId, load: loadQuestion })
  @HttpCode(200)
  async create(@Body() dto: QuestionBodyDto, @CurrentUser() user: AuthUser) {
    return questionInfo(await this.bank.create(dto, user), true);
  }

  @Put('question')
  @Audited('question.update', { target: 'question', id: fromBody('id'), load: loadQuestion })
  async update(@Body() dto: UpdateQuestionDto, @CurrentUser() user: AuthUser) {
    return questionInfo(await this.bank.update(dto.id, dto, user), true);
  }

  @Delete('question')
  @Audited('question.delete', { target: 'question', id: fromQuery('qid'), load: loadQuestion })
  async remove(@Query() q: QidQueryDto, @CurrentUser() user: AuthUser) {
    await this.bank.remove(q.qid, user);
    return null;
  }
}
