import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsString, MaxLength, Min } from 'class-validator';

/** add-training-problem-from-group (HOJ @RequestParam problemId, tid). */
export class AddTrainingProblemFromGroupDto {
  @ApiProperty() @IsString() @MaxLength(100) problemId: string;
  @ApiProperty() @Type(() => Number) @IsInt() @Min(1) tid: number;
}
