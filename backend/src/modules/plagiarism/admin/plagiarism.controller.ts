import { Body, Controller, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Role } from '@oj/contracts';
import { AuthUser } from '../../../core/auth/auth-user';
import { CurrentUser, Roles } from '../../../core/auth/decorators';
import {
  PlagiarismChecksQueryDto,
  PlagiarismIdQueryDto,
  PlagiarismPairsQueryDto,
  ReviewPlagiarismPairDto,
  StartPlagiarismCheckDto,
} from '../dto/plagiarism.dto';
import { PlagiarismService } from '../plagiarism.service';
import { Audited, fromBody } from '../../../core/audit/audited.decorator';
import { loadPair } from '../plagiarism-audit';

/**
 * /api/admin/plagiarism/...: admin-type roles at the door; each check only by those who manage its contest, exam or
 * problem (PlagiarismScopes.assertManages, which also reads the role's stored permission).
 */
@ApiTags('admin plagiarism')
@Roles(Role.Root, Role.Admin, Role.ProblemAdmin)
@Controller('admin/plagiarism')
export class PlagiarismController {
  constructor(private readonly checks: PlagiarismService) {}

  @Post('check')
  @HttpCode(200)
  start(@Body() body: StartPlagiarismCheckDto, @CurrentUser() user: AuthUser) {
    return this.checks.start(user, body);
  }

  @Get('check')
  check(@Query() q: PlagiarismIdQueryDto, @CurrentUser() user: AuthUser) {
    return this.checks.check(q.id, user);
  }

  @Get('checks')
  list(@Query() q: PlagiarismChecksQueryDto, @CurrentUser() user: AuthUser) {
    return this.checks.list(q.scope, q.id, user);
  }

  @Get('pairs')
  pairs(@Query() q: PlagiarismPairsQueryDto, @CurrentUser() user: AuthUser) {
    return this.checks.pairPage(q, user);
  }

  @Get('pair')
  pair(@Query() q: PlagiarismIdQueryDto, @CurrentUser() user: AuthUser) {
    return this.checks.pair(q.id, user);
  }

  @Put('pair')
  @Audited('plagiarism.pair.review', {
    target: 'plagiarism-pair',
    id: fromBody('id'),
    load: loadPair,
    note: (req) => {
      const x = (req.body as { excludeFromRank?: unknown })?.excludeFromRank;
      return Array.isArray(x) && x.length ? `excluded from rank: ${x.join(', ')}` : null;
    },
  })
  review(@Body() body: ReviewPlagiarismPairDto, @CurrentUser() user: AuthUser) {
    return this.checks.review(body, user);
  }
}
