import type { AuditLoadContext } from '../../core/audit/audited.decorator';
import { rowLoader } from '../../core/audit/audited.decorator';
import { TagClassification } from './entities/tag-classification.entity';
import { Tag } from './entities/tag.entity';
import { ProblemService } from './problem.service';

/**
 * What the audit trail records of problem edits (core/audit/README.md): the problem as its editor shows it (row,
 * tags, languages, templates), or a tag / tag classification row.
 */
export async function loadProblem({ get, id }: AuditLoadContext): Promise<unknown> {
  return get(ProblemService).adminDetail(Number(id));
}
export const loadTag = rowLoader(Tag);
export const loadTagClassification = rowLoader(TagClassification);

/** The problem id of an editor's body (HOJ's ProblemDTO: `problem.id`). */
export const problemIdOfBody = (req: { body?: unknown }): unknown => (req.body as { problem?: { id?: unknown } } | undefined)?.problem?.id;
/** The id of a POST's answer. */
export const resultId = (r: unknown): unknown => (r as { id?: unknown } | null)?.id;
