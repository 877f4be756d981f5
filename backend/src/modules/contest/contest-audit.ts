import type { AuditLoadContext } from '../../core/audit/audited.decorator';
import { rowLoader } from '../../core/audit/audited.decorator';
import { ProblemService } from '../problem/problem.service';
import { ContestAnnouncement } from './entities/contest-announcement.entity';
import { ContestProblem } from './entities/contest-problem.entity';
import { Contest } from './entities/contest.entity';

/**
 * What the audit trail records of a contest's admin edits (core/audit/README.md): the contest row, its problem
 * list, a problem link, an announcement, or a contest-only problem as the editor shows it.
 */
export const loadContestProblemLink = rowLoader(ContestProblem);
export const loadContestAnnouncement = rowLoader(ContestAnnouncement);

/**
 * The contest row, its password included (the entity leaves it out of reads): the audit service redacts it, so
 * the record tells whether a password was set or cleared without holding it.
 */
export async function loadContest({ em, id }: AuditLoadContext): Promise<unknown> {
  return em
    .getRepository(Contest)
    .createQueryBuilder('c')
    .addSelect('c.pwd')
    .where('c.id = :id', { id: Number(id) })
    .getOne();
}

/** The contest's problem list (links: bank problem, display id and title, colour), in display order. */
export async function loadContestProblems({ em, id }: AuditLoadContext): Promise<unknown> {
  const rows = await em.find(ContestProblem, { where: { cid: Number(id) }, order: { displayId: 'ASC' } });
  return rows.map((r) => ({ id: r.id, pid: r.pid, displayId: r.displayId, displayTitle: r.displayTitle, color: r.color }));
}

/** A contest-only problem as its editor shows it (through the problem module's service). */
export async function loadProblem({ get, id }: AuditLoadContext): Promise<unknown> {
  return get(ProblemService).adminDetail(Number(id));
}

/** The announcement id of an edit: HOJ's clients send it at the top or inside `announcement`. */
export const announcementId = (req: { body?: unknown }): unknown => {
  const b = (req.body ?? {}) as { id?: unknown; announcement?: { id?: unknown } };
  return b.id ?? b.announcement?.id;
};
/** The problem id of a problem editor's body (HOJ's ProblemDTO: `problem.id`). */
export const problemIdOfBody = (req: { body?: unknown }): unknown => (req.body as { problem?: { id?: unknown } } | undefined)?.problem?.id;
/** The id of a POST's answer (a created row or view). */
export const resultId = (r: unknown): unknown => (r as { id?: unknown } | null)?.id;
