import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ANNOUNCEMENT_HIDDEN, ANNOUNCEMENT_VISIBLE } from '@oj/contracts';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, Min } from 'class-validator';

export class CreateAnnouncementDto {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(255) title: string;
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(100_000) content: string;

  @ApiPropertyOptional({ description: '0 visible, 1 hidden', default: ANNOUNCEMENT_VISIBLE })
  @IsOptional()
  @IsIn([ANNOUNCEMENT_VISIBLE, ANNOUNCEMENT_HIDDEN])
  status?: number;

  /** HOJ clients post the same object they edit; these are ignored. */
  @IsOptional() @IsInt() id?: number;
  @IsOptional() @IsString() uid?: string;
  @IsOptional() @IsString() username?: string;
  @IsOptional() @IsString() gmtCreate?: string;
  @IsOptional() @IsString() gmtModified?: string;
}

export class UpdateAnnouncementDto {
  @ApiProperty() @IsInt() @Min(1) id: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @IsNotEmpty() @MaxLength(255) title?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @IsNotEmpty() @MaxLength(100_000) content?: string;

  @ApiPropertyOptional({ description: '0 visible, 1 hidden' })
  @IsOptional()
  @IsIn([ANNOUNCEMENT_VISIBLE, ANNOUNCEMENT_HIDDEN])
  status?: number;

  /** HOJ clients send the whole row back; these are ignored. */
  @IsOptional() @IsString() uid?: string;
  @IsOptional() @IsString() username?: string;
  @IsOptional() @IsString() gmtCreate?: string;
  @IsOptional() @IsString() gmtModified?: string;
}

export class IdQuery {
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) id: number;
}

export class AnnouncementIdQuery {
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) aid: number;
}
