import { Injectable } from '@nestjs/common';
import { AcmRankRow, ContestRankRow, OiRankRow, STAR_USER_RANK, isRankSealedAt } from '@oj/contracts';
import { ScoreboardService } from '../contest/scoreboard/scoreboard.service';
import type { Contest } from '../contest/entities/contest.entity';
import { apiId, ContestApiReader, ContestObjects, isScored } from './contest-api-reader.service';
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

  async rows<R extends ContestRankRow = AcmRankRow>(c: Contest, admin: boolean, now = new Date()): Promise<R[]> {
    const view = this.boards.viewFor(c, admin, now);
    const rows: R[] = [];
    for (let page = 1; ; page++) {
      const p = await this.boards.rankPage(c, view, { currentPage: page, limit: 100 });
      rows.push(...(p.records as R[]));
      if (page >= p.pages || !p.records.length) break;
    }
    return rows.filter((r) => r.rank !== STAR_USER_RANK && !r.isStar);
  }

  /**
   * The board of the view. `o` is the same view's objects: a scored (OI) contest's cells count its judged and
   * pending submissions and take the time of the first submission that reached the cell's score from them.
   */
  async scoreboard(c: Contest, admin: boolean, o: ContestObjects, pending: boolean): Promise<Record<string, unknown>> {
    const now = new Date();
    const problemIds = o.problems.map((p) => String(p.label));
    const state = this.reader.stateObject(c, now, pending);
    if (!admin && isRankSealedAt(c, now)) Object.assign(state, { thawed: null, finalized: null, end_of_updates: null });
    const head = {
      time: ccsTime(now),
      contest_time: relTime(Math.min(now.getTime(), new Date(c.endTime).getTime()) - new Date(c.startTime).getTime()),
      state,
    };
    if (isScored(c)) return { ...head, rows: scoredRows(await this.rows<OiRankRow>(c, admin, now), problemIds, o) };
    const rows = await this.rows(c, admin, now);
    return {
      ...head,
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

  /**
   * `winner` (rank 1 with something solved or scored) and, in a pass-fail contest, `first-to-solve-<problem>`, from
   * the same board. A scored contest has no first to solve: its board marks none (a problem is scored, not solved).
   */
  async awards(c: Contest, admin: boolean, problemIds: string[]): Promise<Record<string, unknown>[]> {
    const awards: Record<string, unknown>[] = [];
    if (isScored(c)) {
      const rows = await this.rows<OiRankRow>(c, admin);
      const winners = rows.filter((r) => r.rank === 1 && r.totalScore > 0).map((r) => apiId(r.uid));
      awards.push({ id: 'winner', citation: 'Contest winner', team_ids: winners });
      return awards;
    }
    const rows = await this.rows(c, admin);
    const winners = rows.filter((r) => r.rank === 1 && r.ac > 0).map((r) => apiId(r.uid));
    awards.push({ id: 'winner', citation: 'Contest winner', team_ids: winners });
    for (const label of problemIds) {
      const first = rows.filter((r) => r.submissionInfo[label]?.isFirstAC).map((r) => apiId(r.uid));
      awards.push({ id: `first-to-solve-${apiId(label)}`.slice(0, 36), citation: `First to solve problem ${label}`, team_ids: first });
    }
    return awards;
  }
}

/**
 * A scored board's rows: our OI board's totals and cells (its score rule, recent or highest), with each cell's judged
 * and pending counts and time from the view's own submissions and judgements.
 */
function scoredRows(rows: OiRankRow[], problemIds: string[], o: ContestObjects): Record<string, unknown>[] {
  const minutes = (rel: string) => {
    const [h, m] = rel.split(':');
    return Number(h) * 60 + Number(m);
  };
  const judgementOf = new Map(o.judgements.map((j) => [String(j.submission_id), j]));
  const triesOf = new Map<string, { minute: number; judged: boolean; score: number }[]>();
  for (const s of o.submissions) {
    const j = judgementOf.get(String(s.id));
    const key = `${String(s.team_id)}\u0000${String(s.problem_id)}`;
    const judged = !!j?.judgement_type_id;
    (triesOf.get(key) ?? triesOf.set(key, []).get(key)!).push({
      minute: minutes(String(s.contest_time)),
      judged,
      score: judged ? Number(j!.score ?? 0) : 0,
    });
  }
  return rows.map((r) => {
    const team = apiId(r.uid);
    return {
      rank: r.rank,
      team_id: team,
      score: { score: r.totalScore },
      problems: problemIds
        .map((label) => ({ label, score: r.submissionInfo[label], tries: triesOf.get(`${team}\u0000${apiId(label)}`) ?? [] }))
        .filter((x) => x.score !== undefined || x.tries.length)
        .map(({ label, score, tries }) => {
          const points = score ?? 0;
          const reached = points > 0 ? tries.find((t) => t.judged && t.score === points) : undefined;
          return {
            problem_id: apiId(label),
            num_judged: tries.filter((t) => t.judged).length,
            num_pending: tries.filter((t) => !t.judged).length,
            score: points,
            ...(points > 0 ? { time: reached?.minute ?? 0 } : {}),
          };
        }),
    };
  });
}
