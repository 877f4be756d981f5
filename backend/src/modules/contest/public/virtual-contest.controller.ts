import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { AuthUser } from '../../../core/auth/auth-user';
import { CurrentUser } from '../../../core/auth/decorators';
import { VirtualContestService } from '../virtual/virtual-contest.service';

class VirtualCidDto {
  @Type(() => Number) @IsInt() @Min(1) cid: number;
}

class VirtualRankQueryDto extends VirtualCidDto {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) currentPage?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) limit?: number;
  @IsOptional() @IsString() @MaxLength(100) keyword?: string;
}

/** Virtual participation (issue 35): signed-in users (the guards' default); the contest's own view rules decide the rest. */
@ApiTags('contest')
@Controller()
export class VirtualContestController {
  constructor(private readonly virtual: VirtualContestService) {}

  @Post('start-virtual-contest')
  @HttpCode(200)
  start(@Body() body: VirtualCidDto, @CurrentUser() user: AuthUser) {
    return this.virtual.start(body.cid, user);
  }

  @Get('get-virtual-contest')
  mine(@Query() q: VirtualCidDto, @CurrentUser() user: AuthUser) {
    return this.virtual.mine(q.cid, user);
  }

  @Get('get-virtual-contest-rank')
  rank(@Query() q: VirtualRankQueryDto, @CurrentUser() user: AuthUser) {
    return this.virtual.rank(q.cid, user, q);
  }
}
