/** What a scoreboard cell shows (pure, unit-tested): ACM time and tries, OI score, pending tries in each rule's style. */
import { AcmProblemCell, OiRankRow, STAR_USER_RANK } from '@oj/contracts';
import { formatClock } from '@oj/kit';

export type CellKind = 'firstBlood' | 'ac' | 'wrong' | 'pending' | 'none';

export interface CellView {
  kind: CellKind;
  /** main line: AC time (hh:mm:ss) or score */
  main: string;
  /** second line: ACM "(-2)" rejected tries, "+1?" pending tries; OI "×2" pending tries */
  sub: string;
}

export function acmCell(cell: AcmProblemCell | undefined): CellView {
  if (!cell) return { kind: 'none', main: '', sub: '' };
  const pending = cell.tryNum > 0 ? `+${cell.tryNum}?` : '';
  if (cell.isAC) {
    return {
      kind: cell.isFirstAC ? 'firstBlood' : 'ac',
      main: formatClock(cell.ACTime ?? 0),
      sub: cell.errorNum > 0 ? `(-${cell.errorNum})` : '',
    };
  }
  if (cell.tryNum > 0)
    return { kind: 'pending', main: '', sub: [cell.errorNum > 0 ? `(-${cell.errorNum})` : '', pending].join(' ').trim() };
  if (cell.errorNum > 0) return { kind: 'wrong', main: '', sub: `(-${cell.errorNum})` };
  return { kind: 'none', main: '', sub: '' };
}

/**
 * An OI cell. Tries hidden by the seal or still judging get OI's marker, never ACM's "+1?" (which counts rejected
 * tries to come, a notion OI does not have): the score so far followed by "?" ("?" alone before any counted score),
 * and "×n" the number of such tries.
 */
export function oiCell(row: Pick<OiRankRow, 'submissionInfo' | 'pendingInfo'>, displayId: string): CellView {
  const score = row.submissionInfo[displayId];
  const pending = row.pendingInfo?.[displayId] ?? 0;
  if (pending > 0) return { kind: 'pending', main: `${score ?? ''}?`, sub: `×${pending}` };
  if (score === undefined) return { kind: 'none', main: '', sub: '' };
  return { kind: score > 0 ? 'ac' : 'wrong', main: String(score), sub: '' };
}

export const CELL_BACKGROUND: Record<CellKind, string | undefined> = {
  firstBlood: '#3db03d',
  ac: '#a9f5af',
  wrong: '#ffd0d0',
  pending: '#fff3c4',
  none: undefined,
};

/** A virtual participant's row on a virtual board (issue 35). */
export const VIRTUAL_ROW_BACKGROUND = '#e6f4ff';

/** Rank column text: star users are not ranked. */
export const rankText = (rank: number): string => (rank === STAR_USER_RANK ? '*' : String(rank));
