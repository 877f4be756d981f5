import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Role } from '@oj/contracts';
import { AuthUser } from '../../../core/auth/auth-user';
import { CurrentUser, OptionalAuth, Roles } from '../../../core/auth/decorators';
import { AdminExamService } from '../admin/admin-exam.service';
import { ExamAccessService } from '../exam-access.service';
import {
  EidBodyDto,
  CheckExamSubmissionsDto,
  EidQueryDto,
  ExamListQueryDto,
  ExamPaperListQueryDto,
  ExamProblemDetailsQueryDto,
  ExamQuestionListQueryDto,
  ExamQuestionQueryDto,
  ExamSubmissionQueryDto,
  QuestionIdQueryDto,
  RegisterExamDto,
  RejudgeExamProblemQueryDto,
  RejudgeQuestionDto,
  SubmitExamPaperScoreDto,
  SubmitQuestionDto,
} from './exam.dto';
import { ExamPaperService } from './exam-paper.service';
import { ExamService } from './exam.service';
import { ThrottleSecretGuesses } from '../../../core/rate-limit/secret-guess.guard';
import { LockScope } from '../../../core/auth/lockdown';
import { Audited, fromQuery } from '../../../core/audit/audited.decorator';
import { loadPaperMarks, paperId } from '../exam-audit';

/**
 * Public exam calls of product §7 (plus `get-question-detail`, `check-exam-submissions-status` and
 * `admin/judge/rejudge-exam-problem`). The rules are the services' (ExamAccessService: the contest ones).
 */
@ApiTags('exam')
// Every call names its exam (eid): a held candidate reaches only theirs; its address ranges apply (core/auth/lockdown.ts).
@LockScope({ exam: 'eid' })
@Controller()
export class ExamController {
  constructor(
    private readonly exams: ExamService,
    private readonly papers: ExamPaperService,
    private readonly access: ExamAccessService,
    private readonly admin: AdminExamService,
  ) {}

  @ApiOperation({ summary: 'Visible exams, newest first (ExamInfo page)' })
  @OptionalAuth()
  @Get('get-exam-list')
  list(@Query() q: ExamListQueryDto, @CurrentUser() user?: AuthUser) {
    return this.exams.list(q, user);
  }

  @ApiOperation({ summary: 'One exam (ExamInfo: status by the clock, now)' })
  @OptionalAuth()
  @Get('get-exam-info')
  async info(@Query() q: EidQueryDto, @CurrentUser() user?: AuthUser) {
    return this.exams.info(await this.access.access(q.eid, user));
  }

  @ApiOperation({ summary: 'Enter a private or protected exam with its password' })
  @Post('register-exam')
  @ThrottleSecretGuesses()
  @HttpCode(200)
  async register(@Body() dto: RegisterExamDto, @CurrentUser() user: AuthUser) {
    await this.access.register(await this.access.access(dto.eid, user), dto.password);
    return null;
  }

  @ApiOperation({ summary: 'Whether the caller may enter, and when they handed in: { access, handedInAt }' })
  @Get('get-exam-access')
  async examAccess(@Query() q: EidQueryDto, @CurrentUser() user: AuthUser) {
    const a = await this.access.access(q.eid, user);
    return { access: this.access.hasAccess(a), handedInAt: a.handedIn ? await this.papers.handedInAt(a) : null };
  }

  @ApiOperation({ summary: 'Hand in (交卷, not in HOJ): the paper is closed and scored (ExamPaper)' })
  @Post('hand-in-exam')
  @HttpCode(200)
  async handIn(@Body() dto: EidBodyDto, @CurrentUser() user: AuthUser) {
    return this.papers.handIn(await this.access.access(dto.eid, user));
  }

  @ApiOperation({ summary: 'Programming problems with the caller’s state (ExamProblemItem[])' })
  @Get('get-exam-problem-list')
  async problemList(@Query() q: EidQueryDto, @CurrentUser() user: AuthUser) {
    const a = await this.access.access(q.eid, user);
    this.access.assertCanViewProblems(a);
    return this.exams.problemList(a, this.access.scoresVisible(a));
  }

  @ApiOperation({ summary: 'A programming problem by its exam display id' })
  @Get('get-exam-problem-details')
  async problemDetails(@Query() q: ExamProblemDetailsQueryDto, @CurrentUser() user: AuthUser) {
    const a = await this.access.access(q.eid, user);
    this.access.assertCanViewProblems(a);
    return this.exams.problemDetails(a, q.displayId);
  }

  @ApiOperation({ summary: 'Questions as candidates see them, with the caller’s answers (ExamQuestionView[]); type filters' })
  @Get('get-exam-question-list')
  async questionList(@Query() q: ExamQuestionListQueryDto, @CurrentUser() user: AuthUser) {
    const a = await this.access.access(q.eid, user);
    this.access.assertCanViewProblems(a);
    return this.exams.questionList(a, q.type);
  }

  @ApiOperation({ summary: 'Answered or not per question (ExamQuestionStatusItem[])' })
  @Get('get-exam-question-status')
  async questionStatus(@Query() q: EidQueryDto, @CurrentUser() user: AuthUser) {
    const a = await this.access.access(q.eid, user);
    this.access.assertCanViewProblems(a);
    return this.papers.questionStatus(a);
  }

  @ApiOperation({ summary: 'One question of the exam (ExamQuestionView)' })
  @Get('get-exam-question-details')
  async questionDetails(@Query() q: ExamQuestionQueryDto, @CurrentUser() user: AuthUser) {
    const a = await this.access.access(q.eid, user);
    this.access.assertCanViewProblems(a);
    return this.exams.questionDetails(a, q.questionId);
  }

  @ApiOperation({ summary: 'A public bank question (QuestionInfo; right answer only when shared)' })
  @OptionalAuth()
  @Get('get-question-detail')
  questionDetail(@Query() q: QuestionIdQueryDto, @CurrentUser() user?: AuthUser) {
    return this.exams.bankQuestion(q.questionId, user);
  }

  @ApiOperation({ summary: 'Exam submissions: the caller’s own (exam admins: all)' })
  @Get('get-exam-submission-list')
  async submissions(@Query() q: ExamSubmissionQueryDto, @CurrentUser() user: AuthUser) {
    const a = await this.access.access(q.eid, user);
    this.access.assertCanView(a);
    return this.exams.submissions(a, q);
  }

  @ApiOperation({ summary: 'Save (or re-save) an answer until the end (ExamAnswerInfo)' })
  @Post('submit-question')
  @HttpCode(200)
  async submitQuestion(@Body() dto: SubmitQuestionDto, @CurrentUser() user: AuthUser) {
    return this.papers.submit(dto, await this.access.access(dto.eid, user));
  }

  @ApiOperation({ summary: 'Exam admins: re-score an objective question’s answers ({ rescored })' })
  // No site role asked: exam admins are the author, root and the owning group's level 5 (product §6), checked by the service.
  @Post('rejudge-question')
  @Audited('exam.question.rescore', {
    target: 'exam',
    id: (req) => (req.body as { eid?: unknown })?.eid,
    after: (req, result) => ({ questionId: (req.body as { questionId?: unknown })?.questionId, result }),
  })
  @HttpCode(200)
  async rejudgeQuestion(@Body() dto: RejudgeQuestionDto, @CurrentUser() user: AuthUser) {
    return this.papers.rejudgeQuestion(await this.access.access(dto.eid, user), dto.questionId);
  }

  @ApiOperation({ summary: 'The caller’s saved answer (ExamAnswerInfo or null)' })
  @Get('get-my-answer')
  async myAnswer(@Query() q: ExamQuestionQueryDto, @CurrentUser() user: AuthUser) {
    const a = await this.access.access(q.eid, user);
    this.access.assertCanViewProblems(a);
    return this.papers.myAnswer(a, q.questionId);
  }

  @ApiOperation({ summary: 'Papers with per-item scores: exam admins every candidate (uid: one), others their own' })
  @Get('get-exam-paper-list')
  async paperList(@Query() q: ExamPaperListQueryDto, @CurrentUser() user: AuthUser) {
    const a = await this.access.access(q.eid, user);
    this.access.assertCanView(a);
    return this.papers.papers(a, q);
  }

  @ApiOperation({ summary: 'Kinds of items: count and points per question type and for programming (ExamKindSummary[])' })
  @Get('get-exam-problem-k')
  async kinds(@Query() q: EidQueryDto, @CurrentUser() user: AuthUser) {
    const a = await this.access.access(q.eid, user);
    this.access.assertCanView(a);
    return this.exams.kinds(q.eid);
  }

  @ApiOperation({ summary: 'Exam admins: mark a paper (questions, problem adjustments); answers the paper' })
  // No site role asked: exam admins are the author, root and the owning group's level 5 (product §6), checked by the service.
  @Post('submit-exam-paper-score')
  @Audited('exam.paper.mark', { target: 'exam-paper', id: paperId, load: loadPaperMarks })
  @HttpCode(200)
  async submitPaperScore(@Body() dto: SubmitExamPaperScoreDto, @CurrentUser() user: AuthUser) {
    return this.papers.mark(await this.access.access(dto.eid, user), dto);
  }

  @ApiOperation({ summary: 'Statuses of exam submissions by id (the caller’s own; exam admins any)' })
  @Post('check-exam-submissions-status')
  @HttpCode(200)
  async checkSubmissions(@Body() dto: CheckExamSubmissionsDto, @CurrentUser() user: AuthUser) {
    const a = await this.access.access(dto.eid, user);
    this.access.assertCanView(a);
    return this.exams.submissionStatus(a, dto.submitIds);
  }

  @ApiOperation({ summary: 'Exam admins: rejudge every submission of a problem (bank pid) in the exam' })
  @Roles(Role.Root, Role.Admin, Role.ProblemAdmin)
  @Get('admin/judge/rejudge-exam-problem')
  @Audited('exam.rejudge', { target: 'exam', id: fromQuery('eid'), after: (req, result) => ({ pid: req.query.pid, result }) })
  rejudgeProblem(@Query() q: RejudgeExamProblemQueryDto, @CurrentUser() user: AuthUser) {
    return this.admin.rejudgeProblem(q.eid, q.pid, user);
  }
}
