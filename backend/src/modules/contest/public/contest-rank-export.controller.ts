import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { InjectRepository } from '@nestjs/typeorm';
import { ContestRankRow, ContestType } from '@oj/contracts';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, Min } from 'class-validator';
import { Repository } from 'typeorm';
import { AuthUser } from '../../../core/auth/auth-user';
import { CurrentUser } from '../../../core/auth/decorators';
import { XLSX_MIME, xlsxFile } from '../../../core/xlsx/xlsx';
import { ContestAccessService } from '../contest-access.service';
import { ContestProblem } from '../entities/contest-problem.entity';
import { ScoreboardService } from '../scoreboard/scoreboard.service';
import { LockScope } from '../../../core/auth/lockdown';

const bool = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);

class DownloadRankQuery {
  @Type(() => Number) @IsInt() @Min(1) cid: number;
  @IsOptional() @Transform(bool) @IsBoolean() forceRefresh?: boolean;
  @IsOptional() @Transform(bool) @IsBoolean() removeStar?: boolean;
}

/** HOJ's `download-contest-rank`: the whole board of a contest as an .xlsx, for its admins. */
@ApiTags('contest')
@LockScope({ contest: 'cid' })
@Controller()
export class ContestRankExportController {
  constructor(
    private readonly access: ContestAccessService,
    private readonly scoreboard: ScoreboardService,
    @InjectRepository(ContestProblem) private readonly problems: Repository<ContestProblem>,
  ) {}

  @Get('file/download-contest-rank')
  @ApiProduces(XLSX_MIME)
  @ApiOperation({ summary: 'The contest rank as an .xlsx (contest admins; the live board)' })
  async download(@Query() q: DownloadRankQuery, @CurrentUser() user: AuthUser) {
    const a = await this.access.access(q.cid, user);
    this.access.assertCanManage(a);
    if (q.forceRefresh) await this.scoreboard.invalidate(a.contest.id);
    const rows = await this.scoreboard.mergedRows([{ contest: a.contest, view: 'live' }], { removeStar: q.removeStar });
    const ids = (await this.problems.find({ where: { cid: a.contest.id }, order: { displayId: 'ASC' } })).map((p) => p.displayId);
    const oi = a.contest.type === ContestType.OI;
    const header = [
      'Rank',
      'Username',
      'Nickname',
      'Real name',
      'School',
      ...(oi ? ['Total score', 'Total time (ms)'] : ['AC', 'Total', 'Penalty (min)']),
      ...ids,
    ];
    const body = rows.map((r: ContestRankRow) => [
      r.isStar ? '*' : r.rank,
      r.username,
      r.nickname,
      r.realname,
      r.school,
      ...('totalScore' in r ? [r.totalScore, r.totalTime] : [r.ac, r.total, r.penalty]),
      ...ids.map((id) => {
        if ('totalScore' in r) return r.submissionInfo[id] ?? '';
        const cell = r.submissionInfo[id];
        if (!cell) return '';
        return cell.isAC ? `+${cell.errorNum || ''} (${Math.floor((cell.ACTime ?? 0) / 60)})` : `-${cell.errorNum}`;
      }),
    ]);
    return xlsxFile(`contest-${a.contest.id}-rank.xlsx`, a.contest.title, header, body);
  }
}
