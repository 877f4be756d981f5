import type { UserJudgeStatOrder } from '../submission-store/user-judge-stats.service';

/** Rank list types (HOJ): 0 ACM (problems solved, then fewer submissions), 1 OI (total score). */
export const RankType = { ACM: 0, OI: 1 } as const;
export type RankType = (typeof RankType)[keyof typeof RankType];

export interface RankStat {
  uid: string;
  solved: number;
  submissions: number;
  totalScore: number;
}

/** The ordering of the rank lists (rankOrder below), as a comparator (documented and unit-tested here). */
export function compareRank(type: RankType): (a: RankStat, b: RankStat) => number {
  if (type === RankType.OI) {
    return (a, b) => b.totalScore - a.totalScore || b.solved - a.solved || a.submissions - b.submissions || a.uid.localeCompare(b.uid);
  }
  return (a, b) => b.solved - a.solved || a.submissions - b.submissions || a.uid.localeCompare(b.uid);
}

/** The same rules as the columns to order user_judge_stat by (submission-store's UserJudgeStatsService.rankPage). */
export function rankOrder(type: RankType): UserJudgeStatOrder {
  return type === RankType.OI
    ? [
        ['totalScore', 'DESC'],
        ['solved', 'DESC'],
        ['submissions', 'ASC'],
        ['uid', 'ASC'],
      ]
    : [
        ['solved', 'DESC'],
        ['submissions', 'ASC'],
        ['uid', 'ASC'],
      ];
}
