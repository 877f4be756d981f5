import { Controller, Get, Query } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { GROUP_CONTENT_ERR } from '@oj/contracts';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { AuthUser } from '../../../core/auth/auth-user';
import { CurrentUser } from '../../../core/auth/decorators';
import { PageQueryDto } from '../../../core/pagination/pagination';
import { RankType } from '../rank-order';
import { GroupRankService } from './group-rank.service';

/** HOJ: limit, currentPage, searchUser, gid, type (required: 0 ACM, 1 OI). */
class GroupRankQueryDto extends PageQueryDto {
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) gid: number;
  @ApiProperty({ enum: Object.values(RankType) })
  @Type(() => Number)
  @IsIn(Object.values(RankType), { message: GROUP_CONTENT_ERR.rankTypeInvalid })
  type: RankType;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) searchUser?: string;
}

/** The group's rank (HOJ GroupRankController, under /api as HOJ has it); members and root. */
@ApiTags('group')
@Controller()
export class GroupRankController {
  constructor(private readonly ranks: GroupRankService) {}

  @Get('get-group-rank-list')
  list(@Query() q: GroupRankQueryDto, @CurrentUser() user: AuthUser) {
    return this.ranks.list(q.gid, q, user);
  }
}
