import { Injectable, OnModuleInit } from '@nestjs/common';
import { MAX_PAGE_SIZE } from '@oj/contracts';
import { HotAnswer, HotCall, HotPathService } from '../../../core/http/hot-path';
import { DiscussionRulesService } from '../discussion-rules.service';
import { CommentService } from './comment.service';
import { DiscussionService } from './discussion.service';

/**
 * The query's fields as positive integers when it holds only `allowed` names, each once, each a plain positive
 * number of at most nine digits (what the DTOs and the column bounds accept), `required` among them; otherwise
 * undefined and the controller reads it (and refuses it, if it must).
 */
function positiveInts<K extends string>(
  query: URLSearchParams,
  allowed: readonly K[],
  required: K,
): Partial<Record<K, number>> | undefined {
  const out: Partial<Record<K, number>> = {};
  for (const [key, value] of query) {
    if (!(allowed as readonly string[]).includes(key) || out[key as K] !== undefined || !/^[1-9]\d{0,8}$/.test(value)) return undefined;
    out[key as K] = Number(value);
  }
  return out[required] === undefined ? undefined : out;
}

/**
 * A post and its first comment pages on core's hot path (core/http/hot-path.ts): the web app asks for both at
 * once for every post it opens. The same steps as the controllers, with the same services: the area's switch
 * (DiscussionController's class guard; the comment service checks its own), then the page-cached answers.
 * Anything else (other parameters, refusals) is left to the controllers. A view counted before a refusal is
 * counted once either way (once per viewer per hour).
 */
@Injectable()
export class DiscussionHotRoutes implements OnModuleInit {
  constructor(
    private readonly hotPath: HotPathService,
    private readonly discussions: DiscussionService,
    private readonly comments: CommentService,
    private readonly rules: DiscussionRulesService,
  ) {}

  onModuleInit(): void {
    this.hotPath.register({ method: 'GET', path: '/api/get-discussion-detail', answer: (call) => this.detail(call) });
    this.hotPath.register({ method: 'GET', path: '/api/comments', answer: (call) => this.commentPage(call) });
  }

  async detail({ query, user }: HotCall): Promise<HotAnswer> {
    const q = positiveInts(query, ['did'], 'did');
    if (!q) return undefined;
    await this.rules.assertSwitch('openPublicDiscussion', user);
    // The viewer is the user (the client's address only counts views of anonymous readers, who go the framework's way).
    return this.discussions.detailJson(q.did!, user, undefined);
  }

  async commentPage({ query, user }: HotCall): Promise<HotAnswer> {
    const q = positiveInts(query, ['did', 'currentPage', 'limit'], 'did');
    if (!q || (q.limit ?? 0) > MAX_PAGE_SIZE) return undefined;
    return this.comments.listJson(q, user);
  }
}
