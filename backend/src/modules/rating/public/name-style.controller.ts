import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { LIMITS, NAME_STYLES_MAX, UserNameStyle } from '@oj/contracts';
import { ArrayMaxSize, IsArray, IsString, MaxLength } from 'class-validator';
import { Public } from '../../../core/auth/decorators';
import { RatingService } from '../rating.service';
import { LockExempt } from '../../../core/auth/lockdown';

class NameStylesDto {
  @ApiProperty({ type: [String], maxItems: NAME_STYLES_MAX })
  @IsArray()
  @ArrayMaxSize(NAME_STYLES_MAX)
  @IsString({ each: true })
  @MaxLength(LIMITS.usernameMax, { each: true })
  usernames: string[];
}

/** What every list needs to colour user names (product §6): rating, admin role and title, by username. */
@ApiTags('user')
@Controller()
export class NameStyleController {
  constructor(private readonly ratings: RatingService) {}

  @Public()
  // Names on a locked contest's board are drawn with it.
  @LockExempt()
  @Post('get-user-name-styles')
  @HttpCode(200)
  @ApiOperation({ summary: 'Rating, admin role and title of up to 200 users, by username (unknown names are left out)' })
  styles(@Body() dto: NameStylesDto): Promise<Record<string, UserNameStyle>> {
    return this.ratings.nameStyles(dto.usernames);
  }
}
