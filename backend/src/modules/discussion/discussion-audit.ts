import { rowLoader } from '../../core/audit/audited.decorator';
import { DiscussionCategoryEntity } from './entities/discussion-category.entity';
import { DiscussionReport } from './entities/discussion-report.entity';
import { Discussion } from './entities/discussion.entity';

/**
 * What the audit trail records of discussion moderation (core/audit/README.md): the discussion row without its
 * content (a moderator's change is to its flags, category or existence), a report, a category.
 */
export const loadDiscussion = rowLoader(Discussion, 'id', ['content']);
export const loadDiscussionReport = rowLoader(DiscussionReport);
export const loadDiscussionCategory = rowLoader(DiscussionCategoryEntity);

/** The ids of a delete: a bare JSON array (HOJ) or `{ didList }`. */
export const discussionIds = (req: { body?: unknown }): unknown =>
  Array.isArray(req.body) ? req.body : (req.body as { didList?: unknown } | undefined)?.didList;
export const resultId = (r: unknown): unknown => (r as { id?: unknown } | null)?.id;
