import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { PageQueryDto } from '../../../core/pagination/pagination';
import { CreateDiscussionDto } from '../dto/discussion.dto';

/** group/get-discussion-list (HOJ: limit, currentPage, gid, pid). */
export class GroupDiscussionListQueryDto extends PageQueryDto {
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) gid: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) pid?: string;
}

/** POST group/discussion: HOJ's Discussion body with the group's id. */
export class CreateGroupDiscussionDto extends CreateDiscussionDto {
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) gid: number;
}
