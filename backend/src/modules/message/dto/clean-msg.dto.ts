import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MSG_CLEAN_TYPES } from '@oj/contracts';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Min } from 'class-validator';

/** DELETE /api/msg/clean?type=&id= (the type is checked by the service, with its own text). */
export class CleanMsgQuery {
  @ApiProperty({ enum: MSG_CLEAN_TYPES }) @IsString() type: string;
  @ApiPropertyOptional() @IsOptional() @Type(() => Number) @IsInt() @Min(1) id?: number;
}
