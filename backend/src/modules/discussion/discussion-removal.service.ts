import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { UserMessageService, firstResult } from '../message/user-message.service';
import { DiscussionCacheService } from './discussion-cache.service';

/**
 * Deleting discussions and comments with everything hanging on them: replies, likes, reports and the
 * messages about them (so no box lists a message whose source is gone, and the unread counts follow).
 */
@Injectable()
export class DiscussionRemovalService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly messages: UserMessageService,
    private readonly cache: DiscussionCacheService,
  ) {}

  /** Answers how many discussions were deleted. */
  async removeDiscussions(dids: number[]): Promise<number> {
    const removed = await this.dataSource.transaction(async (em) => {
      const removed = firstResult<{ id: number }>(await em.query('DELETE FROM discussion WHERE id = ANY($1) RETURNING id', [dids]));
      const ids = removed.map((r) => r.id);
      if (!ids.length) return 0;
      const comments = firstResult<{ id: number }>(await em.query('SELECT id FROM comment WHERE did = ANY($1)', [ids]));
      await this.removeCommentRows(
        em,
        comments.map((c) => c.id),
      );
      await em.query('DELETE FROM discussion_like WHERE did = ANY($1)', [ids]);
      await em.query('DELETE FROM discussion_report WHERE did = ANY($1)', [ids]);
      for (const did of ids) await this.messages.removeAbout(em, { sourceType: 'Discussion', sourceId: did });
      return ids.length;
    });
    await this.cache.touch({ list: true, dids });
    return removed;
  }

  /** Deletes comments (with replies, likes, messages) and lowers their discussions' comment counts. */
  async removeComments(em: EntityManager, commentIds: number[]): Promise<void> {
    const counts = firstResult<{ did: number; n: number }>(
      await em.query(
        `SELECT c.did, (COUNT(*) + (SELECT COUNT(*) FROM reply r JOIN comment c2 ON c2.id = r.comment_id
                                     WHERE c2.id = ANY($1) AND c2.did = c.did))::int AS n
           FROM comment c WHERE c.id = ANY($1) AND c.did IS NOT NULL GROUP BY c.did`,
        [commentIds],
      ),
    );
    await this.removeCommentRows(em, commentIds);
    for (const c of counts) await em.query('UPDATE discussion SET comment_num = GREATEST(0, comment_num - $2) WHERE id = $1', [c.did, c.n]);
  }

  private async removeCommentRows(em: EntityManager, commentIds: number[]): Promise<void> {
    if (!commentIds.length) return;
    await this.messages.removeAbout(em, { commentIds });
    await em.query('DELETE FROM reply WHERE comment_id = ANY($1)', [commentIds]);
    await em.query('DELETE FROM comment_like WHERE cid = ANY($1)', [commentIds]);
    await em.query('DELETE FROM comment WHERE id = ANY($1)', [commentIds]);
  }
}
