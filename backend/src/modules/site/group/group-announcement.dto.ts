import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, Min } from 'class-validator';
import { CreateAnnouncementDto } from '../dto/announcement.dto';

/** POST /api/group/announcement: HOJ's Announcement body with the group's id. */
export class CreateGroupAnnouncementDto extends CreateAnnouncementDto {
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) gid: number;
}
