import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { createValidationPipe } from '../../../core/http/validation.pipe';
import { AuthUser } from '../../../core/auth/auth-user';
import { CurrentUser, OptionalAuth, Public } from '../../../core/auth/decorators';
import { JudgeServerRegistry } from '../../judge-queue/judge-server-registry.service';
import {
  LanguagesQueryDto,
  PidQueryDto,
  ProblemDetailQueryDto,
  ProblemListQueryDto,
  ProblemTagsQueryDto,
  UserProblemStatusDto,
} from '../dto/problem-query.dto';
import { ProblemService } from '../problem.service';
import { TagService } from '../tag.service';

/** Public problem calls of product §7. */
@ApiTags('problem')
@Controller()
export class ProblemController {
  private readonly queryPipe = createValidationPipe();

  constructor(
    private readonly problems: ProblemService,
    private readonly registry: JudgeServerRegistry,
    private readonly tagService: TagService,
  ) {}

  @Public()
  @Get('get-all-problem-tags')
  tags(@Query() q: ProblemTagsQueryDto) {
    return this.problems.allTags(q.oj);
  }

  /** HOJ ProblemTagVO list: the OJ's tag classes by rank with their tags, then the tags of no class. */
  @Public()
  @Get('get-problem-tags-and-classification')
  tagsAndClassifications(@Query() q: ProblemTagsQueryDto) {
    return this.tagService.tagsAndClassifications(q.oj);
  }

  /** The tags of one problem the caller may see. */
  @OptionalAuth()
  @Get('get-problem-tags')
  async problemTags(@Query() q: PidQueryDto, @CurrentUser() user?: AuthUser) {
    await this.problems.findVisible({ pid: q.pid }, user);
    return this.tagService.tagsOfProblem(q.pid);
  }

  /** The remote judges that hold public problems (issue 21: the problem list's source filter offers only these). */
  @Public()
  @Get('get-remote-oj-list')
  remoteOjs() {
    return this.problems.remoteOjsWithProblems();
  }

  @Public()
  @Get('get-recent-updated-problem')
  recentUpdated() {
    return this.problems.recentUpdated();
  }

  /**
   * The busiest public call: answers are cached per raw query string for a second (ProblemService), and the
   * query is validated like any DTO (same pipe, same texts) only when the cache misses.
   */
  @Public()
  @ApiQuery({ type: ProblemListQueryDto })
  @Get('get-problem-list')
  list(@Req() req: Request) {
    const raw = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
    return this.problems.cachedPublicList(
      raw,
      () => this.queryPipe.transform(req.query, { type: 'query', metatype: ProblemListQueryDto }) as Promise<ProblemListQueryDto>,
    );
  }

  @Post('get-user-problem-status')
  @HttpCode(200)
  status(@Body() dto: UserProblemStatusDto, @CurrentUser() user: AuthUser) {
    return this.problems.userStatus(user.uid, dto);
  }

  @Public()
  @Get('get-random-problem')
  random() {
    return this.problems.randomProblemId();
  }

  @OptionalAuth()
  @Get('get-problem-detail')
  detail(@Query() q: ProblemDetailQueryDto, @CurrentUser() user?: AuthUser) {
    return this.problems.detail(q.problemId, user);
  }

  @OptionalAuth()
  @Get('get-problem-code-template')
  async template(@Query() q: PidQueryDto, @CurrentUser() user?: AuthUser) {
    await this.problems.findVisible({ pid: q.pid }, user);
    return this.problems.templatesOf(q.pid);
  }

  /** Languages the judges run (`all`), or those a problem accepts (`pid`). */
  @OptionalAuth()
  @Get('languages')
  async languages(@Query() q: LanguagesQueryDto, @CurrentUser() user?: AuthUser) {
    if (q.pid && !q.all) {
      await this.problems.findVisible({ pid: q.pid }, user);
      return this.problems.languagesFor(q.pid);
    }
    return this.registry.languages();
  }

  @OptionalAuth()
  @Get('get-problem-languages')
  async problemLanguages(@Query() q: PidQueryDto, @CurrentUser() user?: AuthUser) {
    await this.problems.findVisible({ pid: q.pid }, user);
    return this.problems.languagesFor(q.pid);
  }
}
