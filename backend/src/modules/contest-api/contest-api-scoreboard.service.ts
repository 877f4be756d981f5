import { Injectable } from '@nestjs/common';
import { AcmRankRow, STAR_USER_RANK, isRankSealedAt } from '@oj/contracts';
import { ScoreboardService } from '../contest/scoreboard/scoreboard.service';
import type { Contest } from '../contest/entities/contest.entity';
import { apiId, ContestApiReader } from './contest-api-reader.service';
import { ccsTime, relTime } from './ccs-format';

/**
 * The API's scoreboard and awards, drawn from the contest module's own board (`ScoreboardService`): the same rules,
 * admins' tries left out, and the sealed view for non-admins exactly when our boards show it. Star users (unranked)
 * are left out of the rows.
 */
@Injectable()
export class ContestApiScoreboard {
  constructor(
    private readonly boards: ScoreboardService,
    private readonly reader: ContestApiReader,
  ) {}

  async rows(c: Contest, admin: boolean, now = new Date()): Promise<AcmRankRow[]> {
    const view = this.boards.viewFor(c, admin, now);
    const rows: AcmRankRow[] = [];
    for (let page = 1; ; page++) {
      const p = await this.boards.rankPage(c, view, { currentPage: page, limit: 100 });
      rows.push(...(p.records as AcmRankRow[]));
      if (page >= p.pages || !p.records.length) break;
    }
    return rows.filter((r) => r.rank !== STAR_USER_RANK && !r.isStar);
  }

  async scoreboard(c: Contest, admin: boolean, problemIds: string[], pending: boolean): Promise<Record<string, unknown>> {
    const now = new Date();
    const rows = await this.rows(c, admin, now);
    const state = this.reader.stateObject(c, now, pending);
    if (!admin && isRankSealedAt(c, now)) Object.assign(state, { thawed: null, finalized: null, end_of_updates: null });
    return {
      time: ccsTime(now),
      contest_time: relTime(Math.min(now.getTime(), new Date(c.endTime).getTime()) - new Date(c.startTime).getTime()),
      state,
      rows: rows.map((r) => ({
        rank: r.rank,
        team_id: apiId(r.uid),
        score: { num_solved: r.ac, total_time: r.penalty },
        problems: problemIds
          .map((label) => ({ label, cell: r.submissionInfo[label] }))
          .filter((x) => x.cell)
          .map(({ label, cell }) => ({
            problem_id: apiId(label),
            num_judged: cell.errorNum + (cell.isAC ? 1 : 0),
            num_pending: cell.tryNum,
            solved: cell.isAC,
            ...(cell.isAC ? { time: Math.floor((cell.ACTime ?? 0) / 60), first_to_solve: cell.isFirstAC } : {}),
          })),
      })),
    };
  }

  /** `winner` (rank 1) and `first-to-solve-<problem>` from the same board. */
  async awards(c: Contest, admin: boolean, problemIds: string[]): Promise<Record<string, unknown>[]> {
    const rows = await this.rows(c, admin);
    const awards: Record<string, unknown>[] = [];
    const winners = rows.filter((r) => r.rank === 1 && r.ac > 0).map((r) => apiId(r.uid));
    awards.push({ id: 'winner', citation: 'Contest winner', team_ids: winners });
    for (const label of problemIds) {
      const first = rows.filter((r) => r.submissionInfo[label]?.isFirstAC).map((r) => apiId(r.uid));
      awards.push({ id: `first-to-solve-${apiId(label)}`.slice(0, 36), citation: `First to solve problem ${label}`, team_ids: first });
    }
    return awards;
  }
}
