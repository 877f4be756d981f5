/** Rank list types (HOJ): 0 ACM (problems solved, then fewer submissions), 1 OI (total score). */
export const RankType = { ACM: 0, OI: 1 } as const;
export type RankType = (typeof RankType)[keyof typeof RankType];

export interface RankStat {
  uid: string;
  solved: number;
  submissions: number;
  totalScore: number;
}

/** The ordering the SQL of RankService uses, as a comparator (documented and unit-tested here). */
export function compareRank(type: RankType): (a: RankStat, b: RankStat) => number {
  if (type === RankType.OI) {
    return (a, b) => b.totalScore - a.totalScore || b.solved - a.solved || a.submissions - b.submissions || a.uid.localeCompare(b.uid);
  }
  return (a, b) => b.solved - a.solved || a.submissions - b.submissions || a.uid.localeCompare(b.uid);
}

/** ORDER BY of the same rules (column names of user_judge_stat, alias s). */
export function rankOrderSql(type: RankType): [string, 'ASC' | 'DESC'][] {
  return type === RankType.OI
    ? [
        ['s.totalScore', 'DESC'],
        ['s.solved', 'DESC'],
        ['s.submissions', 'ASC'],
        ['s.uid', 'ASC'],
      ]
    : [
        ['s.solved', 'DESC'],
        ['s.submissions', 'ASC'],
        ['s.uid', 'ASC'],
      ];
}
