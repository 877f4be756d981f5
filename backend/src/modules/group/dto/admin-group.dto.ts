import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { GroupStatus } from '@oj/contracts';
import { PageQueryDto } from '../../../core/pagination/pagination';

/** GET /api/admin/group/get-group-list: HOJ's paging, a keyword (name, short name, owner), the ban status. */
export class AdminGroupListQueryDto extends PageQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) keyword?: string;
  @ApiPropertyOptional({ description: '0 normal, 1 banned' })
  @IsOptional()
  @Type(() => Number)
  @IsIn([GroupStatus.Normal, GroupStatus.Banned])
  status?: GroupStatus;
}
