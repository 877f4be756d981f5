import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { REDIS } from '../../core/redis/redis.module';

/** Raised by any change a list page shows (posts added, edited, hidden, pinned, deleted; likes, comments, views). */
const LIST_VERSION = 'discussion:cache:list';
/** Raised by changes of every post at once (a category renamed). */
const EPOCH = 'discussion:cache:epoch';
/** Raised by any change of one post's detail or comment pages. */
const postVersion = (did: number) => `discussion:cache:post:${did}`;
const PAGE_PREFIX = 'discussion:cache:page:';
/** Rendered pages live this long in Redis and in each replica (also bounds what no version covers: user titles). */
export const PAGE_TTL_SEC = 60;
const LOCAL_MAX = 5_000;

/** A cached page: its JSON as answered, and (when asked for) the rendered value. */
export interface CachedPage<T> {
  json: Buffer;
  data: T;
}

/**
 * One round trip for a post's detail: its versions, and the view counted once per viewer per window
 * (SET NX), with the views still waiting for the database (HINCRBY when counted, HGET otherwise).
 */
const VIEW_SCRIPT = `
local epoch = redis.call('GET', KEYS[1]) or '0'
local post = redis.call('GET', KEYS[2]) or '0'
local pending
if redis.call('SET', KEYS[3], '1', 'EX', tonumber(ARGV[2]), 'NX') then
  pending = redis.call('HINCRBY', KEYS[4], ARGV[1], 1)
else
  pending = tonumber(redis.call('HGET', KEYS[4], ARGV[1]) or '0')
end
return {epoch, post, pending}`;

interface ViewCommand {
  discussionView(epoch: string, post: string, view: string, views: string, did: string, windowSec: number): Promise<[string, string, number]>;
}

/**
 * Rendered discussion pages shared by every replica (spec §9 speed, issue 15's benchmark): list first pages
 * per filter, a post's detail and its first comment pages. Every page key carries the version counters it
 * was rendered under; writers raise the counters after their commit (`touch`), so the next read renders
 * again and no replica serves a page older than a committed change. Each replica keeps the pages it used
 * (a hit is one Redis round trip for the versions); a miss looks in Redis, then renders once per replica
 * however many requests wait for it.
 */
@Injectable()
export class DiscussionCacheService {
  private readonly local = new Map<string, CachedPage<unknown> & { at: number }>();
  private readonly rendering = new Map<string, Promise<CachedPage<unknown>>>();

  constructor(@Inject(REDIS) private readonly redis: Redis) {
    if (!(redis as unknown as Partial<ViewCommand>).discussionView) redis.defineCommand('discussionView', { numberOfKeys: 4, lua: VIEW_SCRIPT });
  }

  listVersion(): Promise<string> {
    return this.redis.mget(EPOCH, LIST_VERSION).then(([e, l]) => `${e ?? 0}.${l ?? 0}`);
  }

  /** A post's version tag (`epoch.post`). */
  async postVersion(did: number): Promise<string> {
    const [epoch, post] = await this.redis.mget(EPOCH, postVersion(did));
    return `${epoch ?? 0}.${post ?? 0}`;
  }

  /** A post's version tag, counting the view of `viewer` (once per window) and answering the views not yet in the database. */
  async viewAndVersion(did: number, viewer: string, windowSec: number, viewsKey: string): Promise<{ version: string; pending: number }> {
    const [epoch, post, pending] = await (this.redis as unknown as ViewCommand).discussionView(
      EPOCH,
      postVersion(did),
      `discussion:view:${did}:${viewer}`,
      viewsKey,
      String(did),
      windowSec,
    );
    return { version: `${epoch}.${post}`, pending: Number(pending) };
  }

  /**
   * The page under `key` (which names its versions): from this replica, else from Redis, else rendered by
   * `render` (once per replica however many requests wait). Redis holds the rendered value's JSON; `answer`
   * makes the JSON answered from the value (default: that same JSON, and `data` is then left undefined).
   */
  async page<T>(key: string, render: () => Promise<T>, answer?: (data: T) => Buffer): Promise<CachedPage<T>> {
    const hit = this.local.get(key);
    if (hit && Date.now() - hit.at < PAGE_TTL_SEC * 1000) return hit as CachedPage<T>;
    let pending = this.rendering.get(key);
    if (!pending) {
      pending = (async (): Promise<CachedPage<T>> => {
        const stored = await this.redis.getBuffer(PAGE_PREFIX + key);
        let data: T;
        let json: Buffer;
        if (stored) {
          data = answer ? (JSON.parse(stored.toString()) as T) : (undefined as T);
          json = answer ? answer(data) : stored;
        } else {
          data = await render();
          const full = Buffer.from(JSON.stringify(data));
          await this.redis.set(PAGE_PREFIX + key, full, 'EX', PAGE_TTL_SEC);
          json = answer ? answer(data) : full;
        }
        if (this.local.size >= LOCAL_MAX) this.local.clear();
        const entry = { json, data, at: Date.now() };
        this.local.set(key, entry);
        return entry;
      })().finally(() => this.rendering.delete(key));
      this.rendering.set(key, pending);
    }
    return pending as Promise<CachedPage<T>>;
  }

  /**
   * After a committed change: `list` raises the list version, `dids` those posts' versions, `all` every
   * post's (and the lists').
   */
  async touch(change: { list?: boolean; dids?: number[]; all?: boolean }): Promise<void> {
    const p = this.redis.pipeline();
    if (change.all) p.incr(EPOCH);
    if (change.list || change.all) p.incr(LIST_VERSION);
    for (const did of new Set(change.dids ?? [])) p.incr(postVersion(did)).expire(postVersion(did), 7 * 24 * 3_600);
    if (p.length) await p.exec();
  }
}
