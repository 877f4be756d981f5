import { Body, Controller, Get, HttpCode, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBody, ApiTags } from '@nestjs/swagger';
import { ContestAuth, ERR, outsideBoardVisible } from '@oj/contracts';
import type { Response } from 'express';
import { AuthUser } from '../../../core/auth/auth-user';
import { CurrentUser, OptionalAuth, RequireSwitch } from '../../../core/auth/decorators';
import { BadRequestError, ForbiddenError } from '../../../core/http/api.exception';
import { HotAnswer, HotCall, HotRoute } from '../../../core/http/hot-path';
import { sendSerialised, sendSerialisedParts } from '../../../core/http/send-serialised';
import { createValidationPipe } from '../../../core/http/validation.pipe';
import { TrainingAccessService } from '../../training/training-access.service';
import { TrainingService } from '../../training/training.service';
import { ContestAccess, ContestAccessService } from '../contest-access.service';
import { ContestPrintService } from '../contest-print.service';
import { ContestSubmissionService } from '../submissions/contest-submission.service';
import { ContestService, contestView } from '../contest.service';
import {
  CheckAcInfoDto,
  CheckContestSubmissionsDto,
  CheckPrintDto,
  CidQueryDto,
  ContestAcInfoQueryDto,
  ContestAnnouncementQueryDto,
  ContestPrintQueryDto,
  ContestProblemDetailsQueryDto,
  ContestProblemQueryDto,
  ContestRankDto,
  ContestSubmissionsQueryDto,
  contestSubmissionFilter,
  FullScreenProblemListQueryDto,
  NotReadAnnouncementDto,
  ReadAnnouncementDto,
  OutsideScoreboardDto,
  RegisterContestDto,
  SubmitPrintTextDto,
} from '../dto/contest-query.dto';
import { ContestListQueryDto } from '../dto/contest.dto';
import { Contest } from '../entities/contest.entity';
import { BoardView } from '../scoreboard/scoreboard-engine';
import { ScoreboardService } from '../scoreboard/scoreboard.service';
import { ThrottleSecretGuesses } from '../../../core/rate-limit/secret-guess.guard';
import { LockScope } from '../../../core/auth/lockdown';

/** The validation pipe every body goes through (core/http), here for get-contest-rank. */
const validation = createValidationPipe();
/** Distinct get-contest-rank bodies remembered; the map starts afresh when full. */
export const RANK_BODIES_MAX = 1_000;
const rankBodies = new Map<string, Readonly<ContestRankDto>>();

/**
 * A get-contest-rank body validated and converted by the global validation pipe, remembered by its JSON
 * text: during a contest most readers send the same few bodies (page 1 of the same contest), and the pipe
 * (class-transformer, then class-validator's metadata walk) was an eighth of the request's CPU. Invalid
 * bodies are not remembered: each one gets the pipe's 400 again.
 */
export async function rankBody(body: unknown): Promise<Readonly<ContestRankDto>> {
  const metadata = { type: 'body', metatype: ContestRankDto } as const;
  if (typeof body !== 'object' || body === null) return (await validation.transform(body, metadata)) as ContestRankDto;
  const key = JSON.stringify(body);
  let dto = rankBodies.get(key);
  if (!dto) {
    // Frozen: one object is shared by every request with this body.
    dto = Object.freeze((await validation.transform(body, metadata)) as ContestRankDto);
    if (dto.concernedList) Object.freeze(dto.concernedList);
    if (rankBodies.size >= RANK_BODIES_MAX) rankBodies.clear();
    rankBodies.set(key, dto);
  }
  return dto;
}

/** Public contest calls of product §7; the rules live in the services. */
@ApiTags('contest')
// Every call names its contest (cid): a held participant reaches only theirs; its address ranges apply (core/auth/lockdown.ts).
@LockScope({ contest: 'cid' })
@Controller()
export class ContestController {
  constructor(
    private readonly contests: ContestService,
    private readonly access: ContestAccessService,
    private readonly scoreboard: ScoreboardService,
    private readonly submissions: ContestSubmissionService,
    private readonly prints: ContestPrintService,
    private readonly trainingAccess: TrainingAccessService,
    private readonly trainings: TrainingService,
  ) {}

  @OptionalAuth()
  @Get('get-contest-list')
  list(@Query() q: ContestListQueryDto) {
    return this.contests.list(q);
  }

  @OptionalAuth()
  @Get('get-contest-info')
  async info(@Query() q: CidQueryDto, @CurrentUser() user?: AuthUser) {
    const a = await this.access.access(q.cid, user);
    return contestView(a.contest);
  }

  /** Info and problems for the public scoreboard pages. */
  @OptionalAuth()
  @Get('get-contest-outsize-info')
  async outsideInfo(@Query() q: CidQueryDto, @CurrentUser() user?: AuthUser) {
    const a = await this.access.access(q.cid, user);
    this.assertOutsideVisible(a.contest.auth, a.isAdmin || a.isRegistered);
    const problemList = (await this.contests.problemList(a)).map(({ displayId, displayTitle, color, ac, total }) => ({
      displayId,
      displayTitle,
      color,
      ac,
      total,
    }));
    return { contest: contestView(a.contest), problemList };
  }

  /** Public board of one or several contests of the same type (seal applied for non-admins). */
  @OptionalAuth()
  @Post('get-contest-outside-scoreboard')
  @HttpCode(200)
  async outsideScoreboard(@Body() dto: OutsideScoreboardDto, @CurrentUser() user?: AuthUser) {
    const cids = [...new Set([dto.cid, ...(dto.cidList ?? []), ...(dto.externalCidList ?? [])])];
    const boards = await this.boardsOf(cids, user, (a) => this.assertOutsideVisible(a.contest.auth, a.isAdmin || a.isRegistered));
    if (dto.forceRefresh) await this.refreshBoards(boards);
    return this.scoreboard.mergedPage(boards, dto);
  }

  /** The boards of several contests as this user may see them, all of one type (ACM and OI rows do not rank together). */
  private async boardsOf(cids: number[], user: AuthUser | undefined, assertVisible: (a: ContestAccess) => void) {
    const boards: { contest: Contest; view: BoardView; isAdmin: boolean }[] = [];
    for (const cid of cids) {
      const a = await this.access.access(cid, user);
      assertVisible(a);
      boards.push({ contest: a.contest, view: this.scoreboard.viewFor(a.contest, a.isAdmin), isAdmin: a.isAdmin });
    }
    if (boards.some((b) => b.contest.type !== boards[0].contest.type)) throw new BadRequestError();
    return boards;
  }

  /** forceRefresh: the boards this user administers are recomputed from the database; for the rest it is ignored (HOJ). */
  private async refreshBoards(boards: { contest: Contest; isAdmin: boolean }[]): Promise<void> {
    for (const b of boards) if (b.isAdmin) await this.scoreboard.invalidate(b.contest.id);
  }

  private assertOutsideVisible(auth: ContestAuth, entered: boolean): void {
    if (!outsideBoardVisible(auth, entered)) throw new ForbiddenError(ERR.noPermission);
  }

  @Post('register-contest')
  @ThrottleSecretGuesses()
  @HttpCode(200)
  async register(@Body() dto: RegisterContestDto, @CurrentUser() user: AuthUser) {
    const a = await this.access.access(dto.cid, user);
    await this.access.register(a, dto.password);
    return null;
  }

  @Get('get-contest-access')
  async getAccess(@Query() q: CidQueryDto, @CurrentUser() user: AuthUser) {
    const a = await this.access.access(q.cid, user);
    return { access: this.access.hasAccess(a) };
  }

  @Get('get-contest-problem')
  async problems(@Query() q: ContestProblemQueryDto, @CurrentUser() user: AuthUser) {
    const a = await this.access.access(q.cid, user);
    this.access.assertCanViewProblems(a);
    return this.contests.problemList(a);
  }

  @Get('get-contest-problem-details')
  async problemDetails(@Query() q: ContestProblemDetailsQueryDto, @CurrentUser() user: AuthUser) {
    const a = await this.access.access(q.cid, user);
    this.access.assertCanViewProblems(a);
    return this.contests.problemDetails(a, q.displayId);
  }

  /** HOJ ProblemFullScreenListVO: a contest's (`cid`) or a training's (`tid`) problems with the caller's status and score. */
  @Get('get-full-screen-problem-list')
  async fullScreenProblems(@Query() q: FullScreenProblemListQueryDto, @CurrentUser() user: AuthUser) {
    if (q.tid && !q.cid) {
      const t = await this.trainingAccess.access(q.tid, user);
      this.trainingAccess.assertCanView(t);
      const rows = await this.trainings.problemList(t);
      return rows.map((r) => ({
        pid: r.pid,
        problemId: r.problemId,
        title: r.title,
        status: r.myStatus?.status ?? null,
        score: r.myStatus?.score ?? null,
      }));
    }
    if (!q.cid) throw new BadRequestError(ERR.badRequest);
    const a = await this.access.access(q.cid, user);
    this.access.assertCanViewProblems(a);
    return this.contests.fullScreenProblems(a, user.uid);
  }

  @RequireSwitch('openContestJudge')
  @Get('contest-submissions')
  async contestSubmissions(@Query() q: ContestSubmissionsQueryDto, @CurrentUser() user: AuthUser) {
    const filter = contestSubmissionFilter(q);
    const a = await this.access.access(filter.cid, user);
    this.access.assertCanView(a);
    return this.submissions.list(a, filter, q);
  }

  @RequireSwitch('openContestJudge')
  @Post('check-contest-submissions-status')
  @HttpCode(200)
  async checkSubmissions(@Body() dto: CheckContestSubmissionsDto, @CurrentUser() user: AuthUser) {
    const a = await this.access.access(dto.cid, user);
    this.access.assertCanView(a);
    return this.submissions.statuses(a, dto.submitIds);
  }

  /**
   * The hot read of a running contest: the page comes rendered from the board's page cache. The body is
   * typed `unknown` so that the global pipe leaves it alone: `rankBody` applies the same pipe to
   * ContestRankDto once per distinct body (see there).
   */
  @Post('get-contest-rank')
  @HttpCode(200)
  @ApiBody({ type: ContestRankDto })
  @HotRoute('rankHot')
  async rank(@Body() body: unknown, @CurrentUser() user: AuthUser, @Res() res: Response): Promise<void> {
    const dto = await rankBody(body);
    if (dto.externalCidList?.length) {
      // Several contests ranked together: rare, so rendered per request (the page cache is per board).
      const cids = [...new Set([dto.cid, ...dto.externalCidList])];
      const boards = await this.boardsOf(cids, user, (a) => this.access.assertCanView(a));
      if (dto.forceRefresh) await this.refreshBoards(boards);
      sendSerialisedParts(res, [Buffer.from(JSON.stringify(await this.scoreboard.mergedPage(boards, dto, user.uid)))]);
      return;
    }
    const a = await this.access.access(dto.cid, user);
    this.access.assertCanView(a);
    if (dto.forceRefresh && a.isAdmin) await this.scoreboard.invalidate(a.contest.id);
    sendSerialised(res, await this.scoreboard.rankAnswer(a.contest, this.scoreboard.viewFor(a.contest, a.isAdmin), dto, user.uid));
  }

  /**
   * `rank` on core's hot path (core/http/hot-path.ts): thousands of contestants poll the same few pages, whose
   * JSON the board's page cache holds. The same steps as `rank`; merged boards and forced refreshes (rare, and
   * the latter writes) are left to it, as is every refusal (a thrown check sends the request on to it).
   */
  async rankHot({ body, user }: HotCall): Promise<HotAnswer> {
    const dto = await rankBody(body);
    if (dto.externalCidList?.length || dto.forceRefresh) return undefined;
    const a = await this.access.access(dto.cid, user);
    this.access.assertCanView(a);
    return this.scoreboard.rankAnswer(a.contest, this.scoreboard.viewFor(a.contest, a.isAdmin), dto, user.uid);
  }

  @Get('get-contest-announcement')
  async announcements(@Query() q: ContestAnnouncementQueryDto, @CurrentUser() user: AuthUser) {
    const a = await this.access.access(q.cid, user);
    this.access.assertCanView(a);
    return this.contests.announcementPage(a.contest.id, q);
  }

  @Post('get-contest-not-read-announcement')
  @HttpCode(200)
  async notRead(@Body() dto: NotReadAnnouncementDto, @CurrentUser() user: AuthUser) {
    const a = await this.access.access(dto.cid, user);
    this.access.assertCanView(a);
    return this.contests.notReadAnnouncements(a.contest.id, dto.readAnnouncementList, user.uid);
  }

  /** The user acknowledged these announcements: their popup stays closed in every browser (issue 21). */
  @Post('read-contest-announcement')
  @HttpCode(200)
  async readAnnouncements(@Body() dto: ReadAnnouncementDto, @CurrentUser() user: AuthUser) {
    const a = await this.access.access(dto.cid, user);
    this.access.assertCanView(a);
    await this.contests.acknowledgeAnnouncements(a.contest.id, user.uid, dto.announcementIds);
    return null;
  }

  @Post('submit-print-text')
  @HttpCode(200)
  async submitPrint(@Body() dto: SubmitPrintTextDto, @CurrentUser() user: AuthUser) {
    const a = await this.access.access(dto.cid, user);
    this.access.assertCanSubmit(a);
    await this.prints.submit(a, dto.content);
    return null;
  }

  @Get('get-contest-print')
  async printPage(@Query() q: ContestPrintQueryDto, @CurrentUser() user: AuthUser) {
    const a = await this.access.access(q.cid, user);
    this.access.assertCanManage(a);
    return this.prints.page(a.contest.id, q);
  }

  @Put('check-contest-print-status')
  async checkPrint(@Query() q: CheckPrintDto, @CurrentUser() user: AuthUser) {
    const a = await this.access.access(q.cid, user);
    this.access.assertCanManage(a);
    await this.prints.markPrinted(a.contest.id, q.id);
    return null;
  }

  @Get('get-contest-ac-info')
  async acInfo(@Query() q: ContestAcInfoQueryDto, @CurrentUser() user: AuthUser) {
    const a = await this.access.access(q.cid, user);
    this.access.assertCanManage(a);
    return this.submissions.acInfo(a, q);
  }

  @Put('check-contest-ac-info')
  async checkAcInfo(@Body() dto: CheckAcInfoDto, @CurrentUser() user: AuthUser) {
    const a = await this.access.access(dto.cid, user);
    this.access.assertCanManage(a);
    await this.submissions.checkAcInfo(a.contest.id, dto.id, dto.checked);
    return null;
  }
}
