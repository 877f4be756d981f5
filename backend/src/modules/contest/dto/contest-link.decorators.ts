import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CONTEST_ERR } from '@oj/contracts';
import { IsDefined, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

/**
 * The fields that link a problem to a contest (display id, display title, balloon colour), validated the same
 * way wherever a body carries them: adding a bank problem, creating or editing a contest problem.
 */
const COLOR = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** Product §5: a contest problem needs a display id. `optional`: edits may leave it unchanged. */
export const ContestDisplayId = (optional = false) =>
  applyDecorators(
    ...(optional ? [ApiPropertyOptional(), IsOptional()] : [ApiProperty(), IsDefined({ message: CONTEST_ERR.displayIdRequired })]),
    IsString({ message: CONTEST_ERR.displayIdRequired }),
    IsNotEmpty({ message: CONTEST_ERR.displayIdRequired }),
    MaxLength(100),
  );

export const ContestDisplayTitle = () =>
  applyDecorators(ApiPropertyOptional({ description: 'Defaults to the problem title' }), IsOptional(), IsString(), MaxLength(255));

export const BalloonColor = () =>
  applyDecorators(ApiPropertyOptional({ description: 'Balloon colour, #rgb or #rrggbb' }), IsOptional(), Matches(COLOR));
