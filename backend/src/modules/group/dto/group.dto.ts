import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { GroupAuth, GroupMemberStatus } from '@oj/contracts';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { PageQueryDto } from '../../../core/pagination/pagination';
import { BoolQuery } from '../../../core/http/bool-query';

/** HOJ's client sends empty filters as ''; read them as absent. */
const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' || value === null ? undefined : value);

/** GET /api/get-group-list (HOJ: currentPage, limit, keyword, auth, onlyMine). */
export class GroupListQueryDto extends PageQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) keyword?: string;
  @ApiPropertyOptional({ enum: [1, 2, 3] })
  @IsOptional()
  @Transform(emptyToUndefined)
  @Type(() => Number)
  @IsIn([0, ...Object.values(GroupAuth)])
  auth?: number;
  @ApiPropertyOptional() @IsOptional() @Transform(emptyToUndefined) @BoolQuery() @IsBoolean() onlyMine?: boolean;
}

export class GidQueryDto {
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) gid: number;
}

/**
 * POST and PUT /api/group: HOJ's Group object. Lengths are checked by the service with the product §5 texts
 * (HOJ answers each rule with its own sentence); here only the types.
 */
export class GroupBodyDto {
  @ApiPropertyOptional({ description: 'PUT only' }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) id?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) avatar?: string | null;
  @ApiProperty() @IsOptional() @IsString() @MaxLength(2000) name?: string;
  @ApiProperty() @IsOptional() @IsString() @MaxLength(2000) shortName?: string;
  @ApiProperty() @IsOptional() @IsString() @MaxLength(2000) brief?: string;
  @ApiProperty() @IsOptional() @IsString() @MaxLength(5000) description?: string;
  @ApiProperty({ enum: [1, 2, 3] }) @IsOptional() @Type(() => Number) @IsInt() auth?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) code?: string | null;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() visible?: boolean;
  @ApiPropertyOptional({ description: 'root only: 0 normal, 1 banned' }) @IsOptional() @Type(() => Number) @IsIn([0, 1]) status?: number;
}

/** GET /api/group/get-member-list and get-apply-list (HOJ: limit, currentPage, keyword, auth, gid). */
export class MemberListQueryDto extends PageQueryDto {
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) gid: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) keyword?: string;
  @ApiPropertyOptional({ enum: [1, 2, 3, 4, 5] })
  @IsOptional()
  @Transform(emptyToUndefined)
  @Type(() => Number)
  @IsIn([0, ...Object.values(GroupMemberStatus)])
  auth?: number;
}

/** POST /api/group/member (HOJ request params gid, code, reason; read from the query or the body). */
export class JoinGroupDto {
  // Read outside the global pipes (query and body merged): bounded here like an int column.
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) @Max(2147483647) gid: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) code?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(1000) reason?: string;
}

/** PUT /api/group/member (HOJ GroupMember body): the member's new level (5 from the owner transfers the group). */
export class UpdateMemberDto {
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) gid: number;
  @ApiProperty() @IsString() @MaxLength(32) uid: string;
  @ApiProperty({ enum: [1, 2, 3, 4, 5] }) @Type(() => Number) @IsInt() auth: number;
}

/** DELETE /api/group/member (HOJ: uid, gid). */
export class RemoveMemberQueryDto {
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) gid: number;
  @ApiProperty() @IsString() @MaxLength(32) uid: string;
}

/** GET /api/group/get-announcement-list and get-admin-announcement-list (HOJ: limit, currentPage, gid). */
export class GroupPageQueryDto extends PageQueryDto {
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) gid: number;
}

/** The lists of a group's content (HOJ: limit, currentPage, gid; keyword for the admin lists). */
export class GroupItemListQueryDto extends GroupPageQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) keyword?: string;
}
