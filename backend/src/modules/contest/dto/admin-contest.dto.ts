import { ApiProperty } from '@nestjs/swagger';
import { CONTEST_ERR } from '@oj/contracts';
import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { PageQueryDto } from '../../../core/pagination/pagination';
import { BoolQuery } from '../../../core/http/bool-query';
import { BalloonColor, ContestDisplayId, ContestDisplayTitle } from './contest-link.decorators';

export class AdminContestListQueryDto extends PageQueryDto {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  keyword?: string;
}

/** Add a bank problem to a contest (product §5: problem ID and display ID required). */
export class AddContestProblemDto {
  @ApiProperty()
  @IsInt()
  cid: number;

  @ApiProperty({ description: 'Problem primary key (problem.id)' })
  @IsDefined({ message: CONTEST_ERR.problemIdRequired })
  @IsInt({ message: CONTEST_ERR.problemIdRequired })
  pid: number;

  @ContestDisplayId()
  displayId: string;

  @ContestDisplayTitle()
  displayTitle?: string;

  @BalloonColor()
  color?: string | null;
}

/** HOJ sends the whole contest_problem row back (ContestProblem): its cid and pid, when given, must be the row's. */
export class UpdateContestProblemDto {
  @IsInt()
  id: number;

  @IsOptional()
  @IsInt()
  cid?: number;

  @IsOptional()
  @IsInt()
  pid?: number;

  @ContestDisplayId(true)
  displayId?: string;

  @ContestDisplayTitle()
  displayTitle?: string;

  @BalloonColor()
  color?: string | null;
}

export class ContestProblemListQueryDto extends PageQueryDto {
  @Type(() => Number)
  @IsInt()
  cid: number;

  /** get-problem-list (HOJ): display id, display title, bank problem id or title contains it. */
  @IsOptional()
  @IsString()
  @MaxLength(100)
  keyword?: string;

  /** HOJ's picker: given, the answer lists bank problems of this type that may join the contest. */
  @IsOptional()
  @IsInt()
  problemType?: number;

  /** HOJ's `oj` filter of the picker (All, Mine, or a remote judge's key). */
  @IsOptional()
  @IsString()
  @MaxLength(20)
  oj?: string;
}

/** GET admin/contest/contest-problem: by the link's id, or by contest and problem as HOJ asks (`cid`, `pid`). */
export class ContestProblemRefQueryDto {
  @ValidateIf((q: ContestProblemRefQueryDto) => q.cid === undefined || q.pid === undefined)
  @Type(() => Number)
  @IsInt()
  id?: number;

  @ValidateIf((q: ContestProblemRefQueryDto) => q.id === undefined)
  @Type(() => Number)
  @IsInt()
  cid?: number;

  @ValidateIf((q: ContestProblemRefQueryDto) => q.id === undefined)
  @Type(() => Number)
  @IsInt()
  pid?: number;
}

export class IdQueryDto {
  @Type(() => Number)
  @IsInt()
  id: number;
}

export class ChangeContestVisibleDto {
  @Type(() => Number)
  @IsInt()
  cid: number;

  @BoolQuery()
  @IsBoolean()
  visible: boolean;
}

/** HOJ's Announcement inside an AnnouncementDTO; `status` 0 shown, 1 hidden. Other fields (uid, gid, times) are dropped. */
export class HojAnnouncementDto {
  @IsOptional()
  @IsInt()
  id?: number;

  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  title: string;

  @IsString()
  @IsNotEmpty()
  content: string;

  @IsOptional()
  @IsIn([0, 1])
  status?: number;
}

/**
 * POST|PUT admin/contest/announcement: HOJ's AnnouncementDTO `{cid, announcement: {title, content, status}}`,
 * or the flat form `{cid, title, content, visible}` (and `id` to update). `announcementInput` reads either.
 */
export class ContestAnnouncementBodyDto {
  @IsInt()
  cid: number;

  @IsOptional()
  @ValidateNested()
  @Type(() => HojAnnouncementDto)
  announcement?: HojAnnouncementDto;

  @ValidateIf((o: ContestAnnouncementBodyDto) => !o.announcement)
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  title?: string;

  @ValidateIf((o: ContestAnnouncementBodyDto) => !o.announcement)
  @IsString()
  @IsNotEmpty()
  content?: string;

  @IsOptional()
  @IsBoolean()
  visible?: boolean;
}

export class UpdateContestAnnouncementDto extends ContestAnnouncementBodyDto {
  @ValidateIf((o: UpdateContestAnnouncementDto) => !o.announcement || o.announcement.id === undefined)
  @IsInt()
  id?: number;
}

/** One announcement as the service takes it, whichever form the body had. */
export interface ContestAnnouncementInput {
  id?: number;
  title: string;
  content: string;
  visible?: boolean;
}

export function announcementInput(dto: ContestAnnouncementBodyDto & { id?: number }): ContestAnnouncementInput {
  const a = dto.announcement;
  if (a) return { id: a.id ?? dto.id, title: a.title, content: a.content, visible: a.status === undefined ? undefined : a.status === 0 };
  return { id: dto.id, title: dto.title ?? '', content: dto.content ?? '', visible: dto.visible };
}

/** DELETE admin/contest/announcement: HOJ sends `aid`, the admin app `id`. */
export class AnnouncementIdQueryDto {
  @ValidateIf((q: AnnouncementIdQueryDto) => q.aid === undefined)
  @IsInt()
  id?: number;

  @IsOptional()
  @IsInt()
  aid?: number;
}
