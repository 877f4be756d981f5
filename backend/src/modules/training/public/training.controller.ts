import { Body, Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import { ERR } from '@oj/contracts';
import type { Request, Response } from 'express';
import { AuthUser } from '../../../core/auth/auth-user';
import { CurrentUser, OptionalAuth, Public } from '../../../core/auth/decorators';
import { BadRequestError } from '../../../core/http/api.exception';
import { sendSerialised } from '../../../core/http/send-serialised';
import { createValidationPipe } from '../../../core/http/validation.pipe';
import {
  RegisterTrainingDto,
  TidBodyDto,
  TidQueryDto,
  TrainingListQueryDto,
  TrainingProblemDetailsQueryDto,
  TrainingRankQueryDto,
} from '../dto/training.dto';
import { TrainingRankService } from '../rank/training-rank.service';
import { TrainingAccessService } from '../training-access.service';
import { TrainingCountsService } from '../training-counts.service';
import { TrainingService } from '../training.service';
import { ThrottleSecretGuesses } from '../../../core/rate-limit/secret-guess.guard';

const validation = createValidationPipe();
const RANK_QUERIES_MAX = 1_000;
const rankQueries = new Map<string, Readonly<TrainingRankQueryDto>>();

/**
 * A get-training-rank query validated by the global pipe, remembered by its query string (the contest rank's
 * body memo): most readers ask for the same few pages, and the pipe is a large share of a cached page's cost.
 * Invalid queries are not remembered.
 */
async function rankQuery(raw: Record<string, unknown>, url: string): Promise<Readonly<TrainingRankQueryDto>> {
  const key = url.slice(url.indexOf('?') + 1);
  let dto = rankQueries.get(key);
  if (!dto) {
    dto = Object.freeze((await validation.transform(raw, { type: 'query', metatype: TrainingRankQueryDto })) as TrainingRankQueryDto);
    if (rankQueries.size >= RANK_QUERIES_MAX) rankQueries.clear();
    rankQueries.set(key, dto);
  }
  return dto;
}

/** Training calls of product §7 with HOJ's names and parameters (TrainingController, CommonController). */
@ApiTags('training')
@Controller()
export class TrainingController {
  constructor(
    private readonly trainings: TrainingService,
    private readonly access: TrainingAccessService,
    private readonly rank: TrainingRankService,
    private readonly counts: TrainingCountsService,
  ) {}

  @Public()
  @Get('get-training-category')
  categories() {
    return this.trainings.categoryList();
  }

  @OptionalAuth()
  @Get('get-training-list')
  list(@Query() q: TrainingListQueryDto, @CurrentUser() user?: AuthUser) {
    return this.trainings.list(q, user);
  }

  /** Shown to logged-in users even before a private training's password (the page shows the password form). */
  @Get('get-training-detail')
  async detail(@Query() q: TidQueryDto, @CurrentUser() user: AuthUser) {
    const a = await this.access.access(q.tid, user);
    return this.trainings.detail(a, this.access.hasAccess(a));
  }

  @Post('register-training')
  @ThrottleSecretGuesses()
  @HttpCode(200)
  async register(@Body() dto: RegisterTrainingDto, @CurrentUser() user: AuthUser) {
    const a = await this.access.access(dto.tid, user);
    await this.access.register(a, dto.password);
    return null;
  }

  /** HOJ AccessVO: `{ access }`, true once the password was entered (and for admins and public trainings). */
  @Get('get-training-access')
  async getAccess(@Query() q: TidQueryDto, @CurrentUser() user: AuthUser) {
    const a = await this.access.access(q.tid, user);
    return { access: this.access.hasAccess(a) };
  }

  @Get('get-training-problem-list')
  async problems(@Query() q: TidQueryDto, @CurrentUser() user: AuthUser) {
    const a = await this.access.access(q.tid, user);
    this.access.assertCanView(a);
    return this.trainings.problemList(a);
  }

  @Get('get-training-problem-details')
  async problemDetails(@Query() q: TrainingProblemDetailsQueryDto, @CurrentUser() user: AuthUser) {
    const tid = q.tid ?? q.cid;
    if (!tid) throw new BadRequestError(ERR.badRequest);
    const a = await this.access.access(tid, user);
    this.access.assertCanView(a);
    return this.trainings.problemDetails(a, q.displayId);
  }

  /** Rendered pages are cached per board change and written as they are (see the module README). */
  @Get('get-training-rank')
  @ApiQuery({ type: TrainingRankQueryDto })
  async getRank(
    @Query() raw: Record<string, unknown>,
    @Req() req: Request,
    @CurrentUser() user: AuthUser,
    @Res() res: Response,
  ): Promise<void> {
    const q = await rankQuery(raw, req.originalUrl);
    const a = await this.access.access(q.tid, user);
    this.access.assertCanView(a);
    sendSerialised(res, await this.rank.rankPageJson(a.training, q));
  }

  /** Rebuilds the rank from PostgreSQL on every replica (the training's admins; idempotent). */
  @Post('update-rank-list')
  @HttpCode(200)
  async updateRank(@Body() body: TidBodyDto, @Query() q: TidBodyDto, @CurrentUser() user: AuthUser) {
    const a = await this.access.access(this.tidOf(body, q), user);
    this.access.assertCanManage(a);
    await this.rank.invalidate(a.training.id);
    return null;
  }

  /** Recounts the training's per-problem tries and accepted tries from its submissions (admins; idempotent). */
  @Post('update-problem-count')
  @HttpCode(200)
  async updateProblemCount(@Body() body: TidBodyDto, @Query() q: TidBodyDto, @CurrentUser() user: AuthUser) {
    const a = await this.access.access(this.tidOf(body, q), user);
    this.access.assertCanManage(a);
    await this.counts.recount(a.training.id);
    return null;
  }

  private tidOf(body: TidBodyDto, q: TidBodyDto): number {
    const tid = body?.tid ?? q.tid;
    if (!tid) throw new BadRequestError(ERR.badRequest);
    return tid;
  }
}
