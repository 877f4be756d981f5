import { Controller, Get, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Role, PERMISSION } from '@oj/contracts';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, Min } from 'class-validator';
import { Permission, Roles } from '../../../core/auth/decorators';
import { RatingService } from '../rating.service';
import { Audited, fromQuery } from '../../../core/audit/audited.decorator';

class CidQuery {
  @Type(() => Number) @IsInt() @Min(1) cid: number;
}
class RatedQuery extends CidQuery {
  @Transform(({ value }) => value === true || value === 'true' || value === '1')
  @IsBoolean()
  rated: boolean;
}

/** Admin → Contest: the rated flag (its ratings apply when the contest ends). */
@ApiTags('admin')
@Roles(Role.Root, Role.Admin)
@Permission(PERMISSION.contestRating)
@Controller('admin/contest')
export class AdminRatingController {
  constructor(private readonly ratings: RatingService) {}

  @Get('get-contest-rated')
  getRated(@Query() q: CidQuery) {
    return this.ratings.isRated(q.cid);
  }

  @Put('change-contest-rated')
  @Audited('contest.rated', { target: 'contest', id: fromQuery('cid'), after: (req, result) => ({ rated: req.query.rated, result }) })
  @ApiOperation({ summary: 'Mark a contest rated (or not) before its ratings are applied' })
  setRated(@Query() q: RatedQuery) {
    return this.ratings.setRated(q.cid, q.rated);
  }
}
