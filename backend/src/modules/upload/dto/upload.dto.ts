import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { PageQueryDto } from '../../../core/pagination/pagination';

export class FileIdQuery {
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) fileId: number;
}

export class MdFileListQuery extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Uploader, original or stored name' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  keyword?: string;
}

/** A multipart form's optional `gid` (a group's editor). */
export class OptionalGidDto {
  @ApiPropertyOptional()
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  gid?: number;
}
