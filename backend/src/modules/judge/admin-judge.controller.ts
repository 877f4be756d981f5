import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Role } from '@oj/contracts';
import { Roles } from '../../core/auth/decorators';
import { SubmitIdQueryDto } from '../submission/dto/submission.dto';
import { RejudgeService } from './rejudge.service';

/** GET /api/admin/judge/rejudge (spec §7): admins put a judged submission back in the queue. */
@ApiTags('admin judge')
@Roles(Role.Root, Role.Admin, Role.ProblemAdmin)
@Controller('admin/judge')
export class AdminJudgeController {
  constructor(private readonly rejudges: RejudgeService) {}

  @Get('rejudge')
  rejudge(@Query() q: SubmitIdQueryDto) {
    return this.rejudges.rejudge(q.submitId);
  }
}
