import { Type } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../../core/pagination/pagination';
import { RankType } from '../rank-order';

export class RankListQueryDto extends PageQueryDto {
  @IsOptional() @Type(() => Number) @IsIn(Object.values(RankType)) type?: RankType;
  @IsOptional() @IsString() @MaxLength(100) searchUser?: string;
}
