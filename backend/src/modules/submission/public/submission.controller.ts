import { Body, Controller, Get, HttpCode, Post, Put, Query, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { AuthUser } from '../../../core/auth/auth-user';
import { CurrentUser, OptionalAuth, RequireSwitch } from '../../../core/auth/decorators';
import {
  CheckSubmissionsStatusDto,
  LastAcCodeQueryDto,
  ShareSubmissionDto,
  SubmissionListQueryDto,
  SubmissionStatisticsQueryDto,
  SubmissionDetailQueryDto,
  SubmitIdQueryDto,
  SubmitJudgeDto,
  TestJudgeDto,
  TestJudgeKeyQueryDto,
} from '../dto/submission.dto';
import { ContestSubmitService } from '../../contest/submissions/contest-submit.service';
import { SubmissionStatisticsService } from '../../submission-store/submission-statistics.service';
import { TrainingSubmitService } from '../../training/training-submit.service';
import { ExamSubmitService } from '../../exam/exam-submit.service';
import { SubmissionService } from '../submission.service';
import { LockScope } from '../../../core/auth/lockdown';

/** Submission calls of product §7. */
@ApiTags('submission')
@Controller()
export class SubmissionController {
  constructor(
    private readonly submissions: SubmissionService,
    private readonly contestSubmissions: ContestSubmitService,
    private readonly statistics: SubmissionStatisticsService,
    private readonly trainingSubmissions: TrainingSubmitService,
    private readonly examSubmissions: ExamSubmitService,
  ) {}

  /** One route for both (HOJ): with a cid, `pid` is the contest display id and the contest rules apply. */
  // With a cid or an eid the submission enters that contest or exam (its address ranges; a held participant's
  // only submissions); without, it is a practice one, which a held participant may not make.
  @LockScope({ contest: 'cid', exam: 'eid' })
  @Post('submit-problem-judge')
  @HttpCode(200)
  async submit(@Body() dto: SubmitJudgeDto, @CurrentUser() user: AuthUser, @Req() req: Request) {
    const ip = req.ip ?? null;
    // The role's stored `submit` permission (Admin → Auth) decides for every context alike: practice, training,
    // contest and exam submissions pass this one check before their own rules.
    await this.submissions.assertCanSubmit(user);
    if (dto.cid) return this.contestSubmissions.submit({ cid: dto.cid, pid: dto.pid, language: dto.language, code: dto.code }, user, ip);
    // With an eid, `pid` is the exam display id and the exam rules apply (points count in the paper).
    if (dto.eid) return this.examSubmissions.submit({ eid: dto.eid, pid: dto.pid, language: dto.language, code: dto.code }, user, ip);
    // With a tid (HOJ), the training's access rules apply and the try counts for its rank.
    if (dto.tid) return this.submissions.submit(dto, user, ip, await this.trainingSubmissions.resolve(dto.tid, dto.pid, user));
    return this.submissions.submit(dto, user, ip);
  }

  @Get('resubmit')
  resubmit(@Query() q: SubmitIdQueryDto, @CurrentUser() user: AuthUser) {
    return this.submissions.resubmit(q.submitId, user);
  }

  @OptionalAuth()
  @RequireSwitch('openPublicJudge')
  @Get('get-submission-list')
  list(@Query() q: SubmissionListQueryDto, @CurrentUser() user?: AuthUser) {
    return this.submissions.list(q, user);
  }

  /** With a cid or an eid (not in HOJ) only a submission of that contest or exam: a held participant's way in. */
  @OptionalAuth()
  @LockScope({ contest: 'cid', exam: 'eid' })
  @Get('get-submission-detail')
  detail(@Query() q: SubmissionDetailQueryDto, @CurrentUser() user?: AuthUser) {
    return this.submissions.detail(q.submitId, user, { cid: q.cid, eid: q.eid });
  }

  @Put('submission')
  async share(@Body() dto: ShareSubmissionDto, @CurrentUser() user: AuthUser) {
    await this.submissions.setShare(dto.submitId, dto.share, user);
    return null;
  }

  /** With a cid or an eid (not in HOJ), as get-submission-detail. */
  @OptionalAuth()
  @LockScope({ contest: 'cid', exam: 'eid' })
  @Get('get-all-case-result')
  cases(@Query() q: SubmissionDetailQueryDto, @CurrentUser() user?: AuthUser) {
    return this.submissions.caseResults(q.submitId, user, { cid: q.cid, eid: q.eid });
  }

  @OptionalAuth()
  @Post('check-submissions-status')
  @HttpCode(200)
  checkStatus(@Body() dto: CheckSubmissionsStatusDto, @CurrentUser() user?: AuthUser) {
    return this.submissions.checkStatus(dto.submitIds, user);
  }

  @Post('submit-problem-test-judge')
  @HttpCode(200)
  testJudge(@Body() dto: TestJudgeDto, @CurrentUser() user: AuthUser) {
    return this.submissions.testJudge(dto, user);
  }

  @Get('get-test-judge-result')
  testJudgeResult(@Query() q: TestJudgeKeyQueryDto, @CurrentUser() user: AuthUser) {
    return this.submissions.testJudgeResult(q.testJudgeKey, user);
  }

  @Get('get-last-ac-code')
  lastAcCode(@Query() q: LastAcCodeQueryDto, @CurrentUser() user: AuthUser) {
    return this.submissions.lastAcceptedCode(user.uid, q.pid, q.cid ?? 0);
  }

  /** The home page chart; `forceRefresh` counts only for root (HOJ). */
  @OptionalAuth()
  @Get('get-last-week-submission-statistics')
  lastWeek(@Query() q: SubmissionStatisticsQueryDto, @CurrentUser() user?: AuthUser) {
    return this.statistics.lastWeek(!!q.forceRefresh && !!user?.isRoot);
  }
}
