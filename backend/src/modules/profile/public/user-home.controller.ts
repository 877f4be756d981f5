import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { UserCalendarHeatmap } from '@oj/contracts';
import { AuthUser } from '../../../core/auth/auth-user';
import { CurrentUser, OptionalAuth } from '../../../core/auth/decorators';
import { UserLookupQuery } from '../dto/profile.dto';
import { UserHomeService } from '../user-home.service';

/** Product §7 User: the public home page of a user (HOJ AccountController). */
@ApiTags('user')
@Controller()
export class UserHomeController {
  constructor(private readonly home: UserHomeService) {}

  @OptionalAuth()
  @Get('get-user-home-info')
  @ApiOperation({ summary: 'Profile, totals, solved and tried problems and calendar of a user (uid or username; the caller without both)' })
  @ApiOkResponse({ description: 'UserHomeInfo in the envelope' })
  async homeInfo(@Query() q: UserLookupQuery, @Res() res: Response, @CurrentUser() user?: AuthUser): Promise<void> {
    // A busy user's answer is tens of KB: the cached answer goes out as is instead of parse + stringify.
    res.type('json').send(await this.home.homeInfoBody(q, user));
  }

  @OptionalAuth()
  @Get('get-user-calendar-heatmap')
  @ApiOperation({ summary: 'Submissions per day over the last year' })
  heatmap(@Query() q: UserLookupQuery, @CurrentUser() user?: AuthUser): Promise<UserCalendarHeatmap> {
    return this.home.heatmap(q, user);
  }
}
