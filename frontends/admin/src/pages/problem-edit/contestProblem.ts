/**
 * The problem editor inside a contest (/admin/contest/:contestID/problem/create and .../:problemId/edit):
 * the contest part of the form (display id, title, balloon colour) and the body of POST|PUT
 * /api/admin/contest/problem, which is the bank editor's ProblemDto plus the contest and that part.
 */
import { AdminProblemDetail, ContestProblemItem, ProblemCase, ProblemDto } from '@oj/contracts';
import type { ValidationError } from './problemForm';

/** A colour picker value: a Color object once touched, a string (or nothing) otherwise. */
export type ColorInput = string | { toHexString(): string } | null | undefined;

/** The API wants #rrggbb or null. */
export const colorValue = (c: ColorInput): string | null => (!c ? null : typeof c === 'string' ? c : c.toHexString());

export interface ContestLinkValues {
  displayId: string;
  displayTitle?: string;
  color?: ColorInput;
}

export const NEW_CONTEST_LINK: ContestLinkValues = { displayId: '', displayTitle: '', color: null };

/** GET /api/admin/contest/problem: the bank editor's problem, its cases and its place in the contest. */
export type ContestProblemDetail = AdminProblemDetail & { problemCases: ProblemCase[]; contestProblem: ContestProblemItem };

/** Body of POST|PUT /api/admin/contest/problem. */
export type ContestProblemBody = ProblemDto & { cid: number; displayId: string; displayTitle: string; color: string | null };

export function contestLinkValues(cp: ContestProblemItem | null | undefined): ContestLinkValues {
  return cp ? { displayId: cp.displayId, displayTitle: cp.displayTitle, color: cp.color } : { ...NEW_CONTEST_LINK };
}

/** Product §5: the display id is required (message ids of the admin locales). */
export function validateContestLink(link: ContestLinkValues): ValidationError[] {
  return link.displayId?.trim() ? [] : [{ id: 'admin.contestProblem.displayIdRequired' }];
}

/** An empty display title means the problem's own title. */
export function toContestProblemBody(dto: ProblemDto, cid: number, link: ContestLinkValues): ContestProblemBody {
  return {
    ...dto,
    cid,
    displayId: link.displayId.trim(),
    displayTitle: link.displayTitle?.trim() || dto.problem.title,
    color: colorValue(link.color),
  };
}
