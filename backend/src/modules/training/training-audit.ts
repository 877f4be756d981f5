import type { AuditLoadContext } from '../../core/audit/audited.decorator';
import { rowLoader } from '../../core/audit/audited.decorator';
import { TrainingCategory } from './entities/training-category.entity';
import { TrainingProblem } from './entities/training-problem.entity';
import { Training } from './entities/training.entity';

/** What the audit trail records of training edits (core/audit/README.md): the row, its problem list, a category. */
export const loadTraining = rowLoader(Training);
export const loadTrainingProblemLink = rowLoader(TrainingProblem);
export const loadTrainingCategory = rowLoader(TrainingCategory);

export async function loadTrainingProblems({ em, id }: AuditLoadContext): Promise<unknown> {
  const rows = await em.find(TrainingProblem, { where: { tid: Number(id) }, order: { rank: 'ASC', id: 'ASC' } });
  return rows.map((r) => ({ id: r.id, pid: r.pid, displayId: r.displayId, rank: r.rank }));
}

/** The training id of an edit: HOJ sends `{ training: { id } }`. */
export const trainingIdOfBody = (req: { body?: unknown }): unknown =>
  (req.body as { training?: { id?: unknown } } | undefined)?.training?.id;
export const resultId = (r: unknown): unknown => (r as { id?: unknown } | null)?.id;
