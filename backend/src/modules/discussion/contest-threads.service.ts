import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** One comment under a contest, as other modules may read it (no avatars, likes or titles). */
export interface ContestThreadComment {
  id: number;
  fromUid: string;
  content: string;
  gmtCreate: Date;
}

/** One reply under a contest comment. `toUid` is the author it answers (the comment's or another reply's). */
export interface ContestThreadReply {
  id: number;
  commentId: number;
  fromUid: string;
  toUid: string;
  content: string;
  gmtCreate: Date;
}

/**
 * A contest's comments and their replies in order, for readers outside this module (the Contest API's
 * clarifications). Removed comments and replies are deleted rows, so whatever is here is shown on the contest's
 * comment page; who may read them is the caller's rule.
 */
@Injectable()
export class ContestThreadsService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async threads(cid: number): Promise<{ comments: ContestThreadComment[]; replies: ContestThreadReply[] }> {
    const [comments, replies] = await Promise.all([
      this.ds.query(`SELECT id, from_uid AS "fromUid", content, gmt_create AS "gmtCreate" FROM comment WHERE cid = $1 ORDER BY id`, [
        cid,
      ]) as Promise<ContestThreadComment[]>,
      this.ds.query(
        `SELECT r.id, r.comment_id AS "commentId", r.from_uid AS "fromUid", r.to_uid AS "toUid", r.content, r.gmt_create AS "gmtCreate"
           FROM reply r JOIN comment c ON c.id = r.comment_id WHERE c.cid = $1 ORDER BY r.id`,
        [cid],
      ) as Promise<ContestThreadReply[]>,
    ]);
    return { comments, replies };
  }
}
