import { Injectable } from '@nestjs/common';
import { DISCUSSION_ERR, MSG_CLEAN_TYPES, MsgAction, MsgCleanType, Page, UserMsgVO } from '@oj/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { BadRequestError } from '../../core/http/api.exception';
import { pageRequest, toPage } from '../../core/pagination/pagination';
import { MsgRemind } from './entities/msg-remind.entity';
import { UnreadCounterService } from './unread-counter.service';

export interface RemindInput {
  action: MsgAction;
  sourceId: number;
  sourceType: 'Discussion' | 'Contest';
  sourceContent?: string | null;
  quoteId?: number | null;
  quoteType?: 'Comment' | 'Reply' | null;
  commentId?: number | null;
  replyId?: number | null;
  url?: string | null;
  recipientId: string;
  senderId: string;
}

/** Longest message excerpt kept (the box shows a line of it). */
const EXCERPT_MAX = 250;

/**
 * The comment ("Discuss"), reply and like boxes (HOJ's msg_remind), kept in step with the unread counters.
 * The boxes show the title of the discussion or contest and the quoted text, read at listing time.
 */
@Injectable()
export class UserMessageService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly counters: UnreadCounterService,
  ) {}

  /** Files one message (none when people act on their own posts). */
  async remind(em: EntityManager, m: RemindInput): Promise<void> {
    if (m.recipientId === m.senderId) return;
    await em.insert(MsgRemind, {
      action: m.action,
      sourceId: m.sourceId,
      sourceType: m.sourceType,
      sourceContent: m.sourceContent ? m.sourceContent.slice(0, EXCERPT_MAX) : null,
      quoteId: m.quoteId ?? null,
      quoteType: m.quoteType ?? null,
      commentId: m.commentId ?? null,
      replyId: m.replyId ?? null,
      url: m.url ?? null,
      recipientId: m.recipientId,
      senderId: m.senderId,
      state: false,
    });
    await this.counters.adjust(em, [{ uid: m.recipientId, box: actionBox(m.action), delta: 1 }]);
  }

  /** Deletes messages about a discussion, contest or comment (their source is gone). */
  async removeAbout(
    em: EntityManager,
    about: { sourceType?: string; sourceId?: number; commentIds?: number[]; replyId?: number },
  ): Promise<void> {
    let rows: { recipient_id: string; kind: string; state: boolean }[] = [];
    if (about.sourceType && about.sourceId !== undefined) {
      rows = rows.concat(
        firstResult(
          await em.query('DELETE FROM msg_remind WHERE source_type = $1 AND source_id = $2 RETURNING recipient_id, action AS kind, state', [
            about.sourceType,
            about.sourceId,
          ]),
        ),
      );
    }
    if (about.commentIds?.length) {
      rows = rows.concat(
        firstResult(
          await em.query('DELETE FROM msg_remind WHERE comment_id = ANY($1) RETURNING recipient_id, action AS kind, state', [
            about.commentIds,
          ]),
        ),
      );
    }
    if (about.replyId !== undefined) {
      rows = rows.concat(
        firstResult(
          await em.query(
            `DELETE FROM msg_remind WHERE reply_id = $1 OR (quote_type = 'Reply' AND quote_id = $1) RETURNING recipient_id, action AS kind, state`,
            [about.replyId],
          ),
        ),
      );
    }
    await this.counters.adjust(em, UnreadCounterService.unreadRows(rows));
  }

  /** GET /api/msg/comment|reply|like: unread first, then newest; the page shown is marked read. */
  async list(uid: string, action: MsgAction, query: { currentPage?: number; limit?: number }): Promise<Page<UserMsgVO>> {
    const req = pageRequest(query);
    return this.dataSource.transaction(async (em) => {
      const records: UserMsgVO[] = await em.query(
        // HOJ's action names: a like of a comment is Like_Discuss, of a post Like_Post (its client prints Action_<action>).
        `SELECT m.id,
                CASE WHEN m.action <> 'Like' THEN m.action WHEN m.quote_type = 'Comment' THEN 'Like_Discuss' ELSE 'Like_Post' END AS action,
                m.source_id AS "sourceId", m.source_type AS "sourceType",
                COALESCE(d.title, c.title) AS "sourceTitle", m.source_content AS "sourceContent",
                m.quote_id AS "quoteId", m.quote_type AS "quoteType", COALESCE(qc.content, qr.content) AS "quoteContent",
                m.url, m.state, m.sender_id AS "senderId", u.username AS "senderUsername", u.avatar AS "senderAvatar",
                m.gmt_create AS "gmtCreate"
           FROM msg_remind m
           LEFT JOIN discussion d ON m.source_type = 'Discussion' AND d.id = m.source_id
           LEFT JOIN contest c ON m.source_type = 'Contest' AND c.id = m.source_id
           LEFT JOIN comment qc ON m.quote_type = 'Comment' AND qc.id = m.quote_id
           LEFT JOIN reply qr ON m.quote_type = 'Reply' AND qr.id = m.quote_id
           LEFT JOIN user_info u ON u.uid = m.sender_id
          WHERE m.recipient_id = $1 AND m.action = $2
          ORDER BY m.state ASC, m.id DESC
          LIMIT $3 OFFSET $4`,
        [uid, action, req.size, req.skip],
      );
      const [{ total }] = await em.query('SELECT COUNT(*)::int AS total FROM msg_remind WHERE recipient_id = $1 AND action = $2', [
        uid,
        action,
      ]);
      for (const r of records) r.quoteContent = r.quoteContent ? r.quoteContent.slice(0, EXCERPT_MAX) : r.quoteContent;
      const unread = records.filter((r) => !r.state).map((r) => r.id);
      if (unread.length) {
        const changed = firstResult(
          await em.query('UPDATE msg_remind SET state = true WHERE id = ANY($1) AND state = false RETURNING id', [unread]),
        );
        await this.counters.adjust(em, [{ uid, box: actionBox(action), delta: -changed.length }]);
      }
      return toPage(records, total, req);
    });
  }

  /** DELETE /api/msg/clean for the Discuss, Reply and Like boxes: one message or the whole box. */
  async clean(uid: string, action: MsgAction, id?: number): Promise<void> {
    await this.dataSource.transaction(async (em) => {
      const rows = firstResult(
        id === undefined
          ? await em.query('DELETE FROM msg_remind WHERE recipient_id = $1 AND action = $2 RETURNING recipient_id, action AS kind, state', [
              uid,
              action,
            ])
          : await em.query(
              'DELETE FROM msg_remind WHERE recipient_id = $1 AND action = $2 AND id = $3 RETURNING recipient_id, action AS kind, state',
              [uid, action, id],
            ),
      );
      await this.counters.adjust(em, UnreadCounterService.unreadRows(rows));
    });
  }
}

export function actionBox(action: MsgAction): 'comment' | 'reply' | 'like' {
  return action === 'Discuss' ? 'comment' : action === 'Reply' ? 'reply' : 'like';
}

export function parseCleanType(type: unknown): MsgCleanType {
  if (typeof type !== 'string' || !(MSG_CLEAN_TYPES as readonly string[]).includes(type))
    throw new BadRequestError(DISCUSSION_ERR.msgTypeInvalid);
  return type as MsgCleanType;
}

/** DELETE/UPDATE ... RETURNING through `query` answers [rows, count] with the pg driver. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function firstResult<T = any>(result: unknown): T[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as T[];
  return result as T[];
}
