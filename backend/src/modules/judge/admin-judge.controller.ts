import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Role } from '@oj/contracts';
import { IsInt, IsOptional } from 'class-validator';
import { AuthUser } from '../../core/auth/auth-user';
import { CurrentUser, Roles } from '../../core/auth/decorators';
import { SubmitIdQueryDto } from '../submission/dto/submission.dto';
import { ManualJudgeService } from './manual-judge.service';
import { RejudgeService } from './rejudge.service';

/** GET admin/judge/manual-judge (HOJ: submitId, status, optional score). */
class ManualJudgeQueryDto extends SubmitIdQueryDto {
  @IsInt() status: number;
  @IsOptional() @IsInt() score?: number;
}

/** /api/admin/judge (spec §7, HOJ AdminJudgeController): rejudge, manual verdicts and cancelling. */
@ApiTags('admin judge')
@Roles(Role.Root, Role.Admin, Role.ProblemAdmin)
@Controller('admin/judge')
export class AdminJudgeController {
  constructor(
    private readonly rejudges: RejudgeService,
    private readonly manual: ManualJudgeService,
  ) {}

  @Get('rejudge')
  rejudge(@Query() q: SubmitIdQueryDto) {
    return this.rejudges.rejudge(q.submitId);
  }

  @Get('manual-judge')
  manualJudge(@Query() q: ManualJudgeQueryDto, @CurrentUser() admin: AuthUser) {
    return this.manual.judge(q.submitId, q.status, q.score, admin);
  }

  @Get('cancel-judge')
  cancel(@Query() q: SubmitIdQueryDto, @CurrentUser() admin: AuthUser) {
    return this.manual.cancel(q.submitId, admin);
  }
}
