/**
 * Subtasks (OI test groups): cases that share a `groupNum` are scored together by their group's rule.
 * The judge folds case results into group results with foldSubtasks; the backend stores what it returns.
 */
import { JudgeStatus } from './result-codes';
import { JudgeCaseMode } from './problem';

/**
 * How a group turns its cases into points. Every case of a group is worth the group's score (a checker's
 * partial points are out of it):
 * - `all`: all or nothing: the group's score only when every case is Accepted; judging stops at its first failure;
 * - `min`: the lowest case score (HOJ's subtask_lowest); judging stops at its first case that scores nothing;
 * - `sum`: the mean of the case scores, every case counting the same (HOJ's subtask_average); every case runs.
 */
export type SubtaskRule = 'all' | 'min' | 'sum';
export const SUBTASK_RULES: readonly SubtaskRule[] = ['all', 'min', 'sum'];

/** A group of a problem: its number (the cases' groupNum), its score and its rule. */
export interface CaseGroup {
  groupNum: number;
  score: number;
  rule: SubtaskRule;
}

/** One group's outcome in a submission. */
export interface SubtaskResult {
  groupNum: number;
  rule: SubtaskRule;
  score: number;
  fullScore: number;
  /** Accepted, or the status of the group's first failed case (in case order). */
  status: JudgeStatus;
  /** Cases of the group that were judged, and how many it has (fewer judged: stopped early). */
  judged: number;
  total: number;
}

/** Whether judging may skip the group's remaining cases after a case with this status and score. */
export function subtaskStops(rule: SubtaskRule, status: JudgeStatus, score: number): boolean {
  if (rule === 'all') return status !== JudgeStatus.Accepted;
  if (rule === 'min') return status !== JudgeStatus.Accepted && score <= 0;
  return false;
}

/**
 * Folds the judged cases of each group (cases: groupNum → results in case order; a case not judged counts 0)
 * into its score. `totals` says how many cases each group has.
 */
export function foldSubtasks(
  groups: readonly CaseGroup[],
  judged: ReadonlyMap<number, readonly { status: JudgeStatus; score: number }[]>,
  totals: ReadonlyMap<number, number>,
): SubtaskResult[] {
  return groups.map((g) => {
    const cases = judged.get(g.groupNum) ?? [];
    const total = totals.get(g.groupNum) ?? cases.length;
    const failed = cases.find((c) => c.status !== JudgeStatus.Accepted);
    const complete = cases.length >= total && total > 0;
    const clamp = (n: number) => Math.max(0, Math.min(g.score, n));
    let score: number;
    if (g.rule === 'all') score = complete && !failed ? g.score : 0;
    else if (g.rule === 'min') score = complete ? clamp(Math.min(...cases.map((c) => c.score))) : 0;
    else score = total > 0 ? clamp(Math.floor(cases.reduce((s, c) => s + clamp(c.score), 0) / total)) : 0;
    return {
      groupNum: g.groupNum,
      rule: g.rule,
      score,
      fullScore: g.score,
      status: failed ? failed.status : complete ? JudgeStatus.Accepted : JudgeStatus.WrongAnswer,
      judged: cases.length,
      total,
    };
  });
}

/** HOJ's judgeCaseMode for a problem's groups: none → default; only `sum` → subtask_average; else subtask_lowest. */
export function judgeCaseModeOf(groups: readonly CaseGroup[] | null | undefined): JudgeCaseMode {
  if (!groups?.length) return JudgeCaseMode.Default;
  return groups.every((g) => g.rule === 'sum') ? JudgeCaseMode.SubtaskAverage : JudgeCaseMode.SubtaskLowest;
}

/**
 * Checks a problem's groups against its cases' groupNums; returns the reason it is refused, or null.
 * Group numbers are positive and unique, scores non-negative integers, every group has a case and every
 * grouped case has a group.
 */
export function subtaskProblem(groups: readonly CaseGroup[], caseGroupNums: readonly (number | null | undefined)[]): string | null {
  const seen = new Set<number>();
  for (const g of groups) {
    if (!Number.isInteger(g.groupNum) || g.groupNum <= 0) return `invalid group number ${String(g.groupNum)}`;
    if (seen.has(g.groupNum)) return `group ${g.groupNum} is listed twice`;
    seen.add(g.groupNum);
    if (!Number.isInteger(g.score) || g.score < 0) return `invalid score of group ${g.groupNum}`;
    if (!SUBTASK_RULES.includes(g.rule)) return `invalid rule of group ${g.groupNum}`;
  }
  const used = new Set(caseGroupNums.filter((n): n is number => n !== null && n !== undefined));
  for (const n of used) if (!seen.has(n)) return `cases name group ${n}, which is not defined`;
  for (const n of seen) if (!used.has(n)) return `group ${n} has no case`;
  return null;
}

/**
 * The groups a HOJ problem means: judgeCaseMode subtask_lowest / subtask_average with cases that carry
 * groupNums. HOJ gives each case a score; a group is worth its cases' lowest (min) or mean (sum) score.
 * Null for any other mode or without grouped cases.
 */
export function caseGroupsFromHoj(
  mode: unknown,
  cases: readonly { score?: number | null; groupNum?: number | null }[],
): CaseGroup[] | null {
  if (mode !== JudgeCaseMode.SubtaskLowest && mode !== JudgeCaseMode.SubtaskAverage) return null;
  const scores = new Map<number, number[]>();
  for (const c of cases) if (c.groupNum != null) scores.set(c.groupNum, [...(scores.get(c.groupNum) ?? []), c.score ?? 0]);
  if (scores.size === 0) return null;
  return [...scores].map(([groupNum, s]) =>
    mode === JudgeCaseMode.SubtaskLowest
      ? { groupNum, score: Math.min(...s), rule: 'min' as const }
      : { groupNum, score: Math.floor(s.reduce((a, b) => a + b, 0) / s.length), rule: 'sum' as const },
  );
}
