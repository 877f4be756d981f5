import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import Redis from 'ioredis';
import { Pool, PoolConfig, QueryResultRow } from 'pg';
import { DataSource } from 'typeorm';
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

/** Connections of the generic-plan pool (see poolQuery); the hot reads are batched, so few run at once. */
const HOT_READ_CONNECTIONS = 8;
/** The generic-plan pool of each data source, made at its first named read. */
const genericPools = new WeakMap<DataSource, Pool>();

function genericPool(dataSource: DataSource): Pool {
  let pool = genericPools.get(dataSource);
  if (!pool) {
    const main = (dataSource.driver as unknown as { master: Pool & { options: PoolConfig } }).master;
    const options = [main.options.options, '-c plan_cache_mode=force_generic_plan'].filter(Boolean).join(' ');
    pool = new Pool({ ...main.options, max: HOT_READ_CONNECTIONS, options });
    pool.on('error', () => undefined); // an idle connection the server dropped: the pool replaces it
    genericPools.set(dataSource, pool);
  }
  return pool;
}

/** Ends the generic-plan pool of `dataSource`, if it has one (module shutdown). */
export async function endGenericPool(dataSource: DataSource): Promise<void> {
  const pool = genericPools.get(dataSource);
  genericPools.delete(dataSource);
  await pool?.end();
}

/**
 * A read straight from the PostgreSQL pool, for the hot reads of this area: the same rows and types as
 * `dataSource.query` without its query-runner bookkeeping (reads only; never inside a transaction).
 *
 * `name` makes it a named prepared statement, run on a small pool of its own whose sessions use generic plans
 * (`plan_cache_mode=force_generic_plan`): each connection parses, analyses and plans the text once. On the main
 * pool PostgreSQL planned such a statement at every call, because a batch's array lengths change the costs and a
 * generic plan never looked cheaper; for four comment pages that was 0.3 ms of planning beside 1.1-1.5 ms of
 * execution (EXPLAIN on the bench's database), and the generic plan (index nested loops, as the custom ones)
 * executes no slower. Only these statements' sessions are set so: any other query keeps its custom plans.
 * One name per SQL text.
 */
export async function poolQuery<T>(dataSource: DataSource, sql: string, params: unknown[], name?: string): Promise<T[]> {
  if (name) return (await genericPool(dataSource).query<T & QueryResultRow>({ name, text: sql, values: params })).rows;
  const pool = (dataSource.driver as unknown as { master: { query(q: PoolQuery, params?: unknown[]): Promise<{ rows: T[] }> } }).master;
  return (await pool.query(sql, params)).rows;
}
type PoolQuery = string;

/** A cached page: its JSON as answered, and (when asked for) the rendered value. */
export interface CachedPage<T> {
  json: Buffer;
  data: T;
}

/**
 * One round trip for a post's reads: its version (`epoch.post`), and the stored pages named by ARGV[1] and
 * ARGV[2] ('{v}' standing for the version, under the page prefix KEYS[3]), each only when the version differs
 * from the one the replica already holds (ARGV[3] and ARGV[4]).
 */
const READ_SCRIPT = `
local version = (redis.call('GET', KEYS[1]) or '0') .. '.' .. (redis.call('GET', KEYS[2]) or '0')
local first = false
local second = false
if ARGV[1] ~= '' and ARGV[3] ~= version then first = redis.call('GET', KEYS[3] .. string.gsub(ARGV[1], '{v}', version)) end
if ARGV[2] ~= '' and ARGV[4] ~= version then second = redis.call('GET', KEYS[3] .. string.gsub(ARGV[2], '{v}', version)) end
local pending = false
if ARGV[5] ~= '' and ARGV[5] == version then
  if redis.call('SET', KEYS[4], '1', 'EX', tonumber(ARGV[7]), 'NX') then
    pending = redis.call('HINCRBY', KEYS[5], ARGV[6], 1)
  else
    pending = tonumber(redis.call('HGET', KEYS[5], ARGV[6]) or '0')
  end
end
return {version, first, second, pending}`;

/**
 * A view of post ARGV[1] by the viewer of KEYS[1], counted once per ARGV[2] seconds (SET NX), and the views still
 * waiting for the database in the hash KEYS[2] (HINCRBY when counted, HGET otherwise).
 */
const VIEW_SCRIPT = `
if redis.call('SET', KEYS[1], '1', 'EX', tonumber(ARGV[2]), 'NX') then
  return redis.call('HINCRBY', KEYS[2], ARGV[1], 1)
end
return tonumber(redis.call('HGET', KEYS[2], ARGV[1]) or '0')`;

/** A page rendered by PostgreSQL: its answer JSON and what the caller needs besides. */
export interface RawPage<M> {
  meta: M;
  json: Buffer;
}

/** What one post read answers: the version and the stored pages asked for (null: none, or held already). */
export interface PostRead {
  version: string;
  first: string | null;
  second: string | null;
  /** The post's views waiting for the database, when the read counted the view (`view` given and still current). */
  pending?: number;
}

/** A view to count with a read, only if the post is still at `atVersion` (the version its reader was checked at). */
export interface ViewAtVersion {
  viewer: string;
  windowSec: number;
  viewsKey: string;
  atVersion: string;
}

interface ReadCommands {
  discussionRead(...args: (string | number)[]): Promise<[string, string | null, string | null, number | null]>;
  discussionView(...args: (string | number)[]): Promise<number>;
}

/**
 * Rendered discussion pages shared by every replica (product §9 speed, issue 15's benchmark): list first pages
 * per filter, a post's detail and its first comment pages. Every page key carries the version counters it
 * was rendered under; writers raise the counters after their commit (`touch`), so the next read renders
 * again and no replica serves a page older than a committed change. Each replica keeps the pages it used
 * (a hit is one Redis round trip for the versions); a miss looks in Redis, then renders once per replica
 * however many requests wait for it.
 */
@Injectable()
export class DiscussionCacheService implements OnModuleDestroy {
  /** `copy`: the meta JSON of a page rendered here and not yet copied to Redis (postRawPage). */
  private readonly local = new Map<string, CachedPage<unknown> & { at: number; copy?: string }>();
  private readonly rendering = new Map<string, Promise<CachedPage<unknown>>>();
  /** Per post page name (`name@did`), the version this replica holds it at, so Redis need not send it again. */
  private readonly heldVersion = new Map<string, string>();

  /**
   * Its own connection (same server and key prefix) with automatic pipelining: the commands of all requests
   * issued in one event-loop turn leave in one write, which under load saves most of the socket writes.
   */
  private readonly redis: Redis;

  constructor(
    @Inject(REDIS) shared: Redis,
    private readonly dataSource: DataSource,
  ) {
    this.redis = shared.duplicate({ enableAutoPipelining: true });
    this.redis.defineCommand('discussionRead', { numberOfKeys: 5, lua: READ_SCRIPT });
    this.redis.defineCommand('discussionView', { numberOfKeys: 2, lua: VIEW_SCRIPT });
  }

  async onModuleDestroy(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
    await endGenericPool(this.dataSource).catch(() => undefined);
  }

  listVersion(): Promise<string> {
    return this.redis.mget(EPOCH, LIST_VERSION).then(([e, l]) => `${e ?? 0}.${l ?? 0}`);
  }

  /** A post's version tag (`epoch.post`). */
  async postVersion(did: number): Promise<string> {
    const [epoch, post] = await this.redis.mget(EPOCH, postVersion(did));
    return `${epoch ?? 0}.${post ?? 0}`;
  }

  /**
   * A post's version with, in the same Redis call, the stored pages `first` and `second` (keys with '{v}' for
   * the version) unless this replica holds them already.
   */
  async readPost(did: number, opts: { first?: string; second?: string; view?: ViewAtVersion }): Promise<PostRead> {
    const held = (template?: string) => {
      const v = template && this.heldVersion.get(template);
      return v && this.local.has(template.replace('{v}', v)) ? v : '';
    };
    const view = opts.view;
    const [version, first, second, pending] = await (this.redis as unknown as ReadCommands).discussionRead(
      EPOCH,
      postVersion(did),
      PAGE_PREFIX,
      view ? `discussion:view:${did}:${view.viewer}` : 'discussion:view:-',
      view ? view.viewsKey : 'discussion:views:-',
      opts.first ?? '',
      opts.second ?? '',
      held(opts.first),
      held(opts.second),
      view?.atVersion ?? '',
      String(did),
      view?.windowSec ?? 0,
    );
    return { version, first: first || null, second: second || null, pending: typeof pending === 'number' ? pending : undefined };
  }

  /**
   * The page this replica holds for `template` and the version it holds it at, or null: what a reader can be
   * checked against before the read (the read then counts the view only if the post is still at that version).
   */
  heldPage<M>(template: string): { version: string; page: RawPage<M> } | null {
    const version = this.heldVersion.get(template);
    if (!version) return null;
    const hit = this.local.get(template.replace('{v}', version));
    if (!hit || Date.now() - hit.at >= PAGE_TTL_SEC * 1000) return null;
    return { version, page: hit.data as RawPage<M> };
  }

  /**
   * Counts the view of a post by `viewer` (once per `windowSec`), and gives the post's views still waiting for
   * the database. Called once the caller was allowed to see the post: a refused reader counts no view.
   */
  async countView(did: number, view: { viewer: string; windowSec: number; viewsKey: string }): Promise<number> {
    const pending = await (this.redis as unknown as ReadCommands).discussionView(
      `discussion:view:${did}:${view.viewer}`,
      view.viewsKey,
      String(did),
      view.windowSec,
    );
    return Number(pending);
  }

  /**
   * The page named by `template` ('{v}' for the post's version) at the version `read` found, using the
   * stored copy the same call brought (`which`) when this replica did not hold it.
   */
  async postPage<T>(
    template: string,
    read: PostRead,
    which: 'first' | 'second',
    render: () => Promise<T>,
    answer?: (data: T) => Buffer,
  ): Promise<CachedPage<T>> {
    const key = template.replace('{v}', read.version);
    const brought = this.heldVersion.get(template) !== read.version || read[which] !== null;
    const page = await this.page(key, render, answer, brought ? { stored: read[which] } : undefined);
    if (this.heldVersion.size >= LOCAL_MAX) this.heldVersion.clear();
    this.heldVersion.set(template, read.version);
    return page;
  }

  /**
   * Like `postPage`, for a page PostgreSQL rendered as JSON text: `render` gives the answer's JSON as is and
   * a small `meta` object (what the caller checks or adds per answer). Redis holds `meta` JSON, a newline,
   * then the page JSON (JSON.stringify never writes a raw newline), so neither a render nor a copy from
   * Redis parses or re-serialises the page in Node. A render that throws stores nothing.
   */
  async postRawPage<M>(
    template: string,
    read: PostRead,
    which: 'first' | 'second',
    render: () => Promise<{ meta: M; json: string }>,
  ): Promise<RawPage<M>> {
    const key = template.replace('{v}', read.version);
    const brought = this.heldVersion.get(template) !== read.version || read[which] !== null;
    const prefetched = brought ? read[which] : undefined;
    const hit = this.local.get(key);
    let page: Promise<RawPage<M>>;
    if (hit && Date.now() - hit.at < PAGE_TTL_SEC * 1000) {
      page = Promise.resolve(hit.data as RawPage<M>);
      if (hit.copy !== undefined) this.copyToRedis(key, hit);
    } else {
      let pending = this.rendering.get(key) as Promise<CachedPage<RawPage<M>>> | undefined;
      if (!pending) {
        pending = (async (): Promise<CachedPage<RawPage<M>>> => {
          const stored = prefetched !== undefined ? prefetched : await this.redis.get(PAGE_PREFIX + key);
          let raw: RawPage<M>;
          if (stored) {
            const nl = stored.indexOf('\n');
            raw = { meta: JSON.parse(stored.slice(0, nl)) as M, json: Buffer.from(stored.slice(nl + 1)) };
          } else {
            const r = await render();
            raw = { meta: r.meta, json: Buffer.from(r.json) };
          }
          if (this.local.size >= LOCAL_MAX) this.local.clear();
          // A page rendered here goes to Redis at its second use (copyToRedis), not now.
          const entry = { json: raw.json, data: raw, at: Date.now(), copy: stored ? undefined : JSON.stringify(raw.meta) };
          this.local.set(key, entry);
          return entry;
        })().finally(() => this.rendering.delete(key));
        this.rendering.set(key, pending);
      }
      page = pending.then((p) => p.data);
    }
    const result = await page;
    if (this.heldVersion.size >= LOCAL_MAX) this.heldVersion.clear();
    this.heldVersion.set(template, read.version);
    return result;
  }

  /**
   * Copies a page this replica rendered to Redis, for the other replicas, at its second use here: most pages
   * of random old posts are read once and never again within their minute, and writing each of them (a few KB)
   * to Redis was about a tenth of a comment page's CPU in the benchmark's profile (the socket write and the
   * string). A page read twice is worth sharing; until then another replica renders it itself. Redis keeps it
   * for what is left of its minute.
   */
  private copyToRedis(key: string, entry: { json: Buffer; at: number; copy?: string }): void {
    const ttlSec = PAGE_TTL_SEC - Math.floor((Date.now() - entry.at) / 1000);
    if (ttlSec > 0) this.redis.set(PAGE_PREFIX + key, `${entry.copy}\n${entry.json.toString()}`, 'EX', ttlSec).catch(() => undefined);
    entry.copy = undefined;
  }

  /**
   * The page under `key` (which names its versions): from this replica, else from Redis, else rendered by
   * `render` (once per replica however many requests wait). Redis holds the rendered value's JSON; `answer`
   * makes the JSON answered from the value (default: that same JSON, and `data` is then left undefined).
   */
  async page<T>(
    key: string,
    render: () => Promise<T>,
    answer?: (data: T) => Buffer,
    prefetched?: { stored: string | null },
  ): Promise<CachedPage<T>> {
    const hit = this.local.get(key);
    if (hit && Date.now() - hit.at < PAGE_TTL_SEC * 1000) return hit as CachedPage<T>;
    let pending = this.rendering.get(key);
    if (!pending) {
      pending = (async (): Promise<CachedPage<T>> => {
        const stored = prefetched
          ? prefetched.stored === null
            ? null
            : Buffer.from(prefetched.stored)
          : await this.redis.getBuffer(PAGE_PREFIX + key);
        let data: T;
        let json: Buffer;
        if (stored) {
          data = answer ? (JSON.parse(stored.toString()) as T) : (undefined as T);
          json = answer ? answer(data) : stored;
        } else {
          data = await render();
          const full = Buffer.from(JSON.stringify(data));
          // Not awaited: the answer does not wait for the copy other replicas may use.
          this.redis.set(PAGE_PREFIX + key, full, 'EX', PAGE_TTL_SEC).catch(() => undefined);
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
