import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsString, MaxLength, Min } from 'class-validator';
import { ContestDisplayId } from '../../contest/dto/contest-link.decorators';

/** contest-problem GET / DELETE (HOJ: pid, cid). */
export class GroupContestProblemRefDto {
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) pid: number;
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) cid: number;
}

/** add-contest-problem-from-group (HOJ @RequestParam problemId, cid, displayId). */
export class AddContestProblemFromGroupDto {
  @ApiProperty() @IsString() @MaxLength(100) problemId: string;
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) cid: number;
  @ContestDisplayId() displayId: string;
}

/** contest-announcement DELETE (HOJ: aid, cid). */
export class GroupContestAnnouncementRefDto {
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) aid: number;
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) cid: number;
}
