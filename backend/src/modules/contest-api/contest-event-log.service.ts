import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { EventBus } from '../../core/events/event-bus';
import { ContestAccessService } from '../contest/contest-access.service';
import type { Contest } from '../contest/entities/contest.entity';
import { ApiObject, ContestApiReader, asObjects } from './contest-api-reader.service';
import { EVENT_TYPES } from './ccs-format';
import { EventAudience } from './entities/contest-api-event.entity';

/** Settings a test may change (CONTEST_API_OPTIONS). */
export interface ContestApiOptions {
  /** A newline is sent to a feed reader after this long without a line (spec: 120 s). */
  keepAliveMs: number;
  /** How often a replica with readers of a contest compares the contest with its log (catches every change). */
  fullSyncMs: number;
  /** How often a replica with readers of a contest reads the log's new rows. */
  tailMs: number;
}
export const CONTEST_API_OPTIONS = 'CONTEST_API_OPTIONS';
export const DEFAULT_CONTEST_API_OPTIONS: ContestApiOptions = { keepAliveMs: 120_000, fullSyncMs: 1_000, tailMs: 100 };

/** One row of the log as readers get it. */
export interface LoggedEvent {
  token: string;
  type: string;
  id: string | null;
  /** The object's JSON text as logged ('null' for a delete): written into feed lines as is. */
  json: string;
  audience: EventAudience;
}

/** What this replica last knows the log says, per contest: the JSON per view and key, up to `lastId`. */
interface Known {
  lastId: string;
  admin: Map<string, string>;
  public: Map<string, string>;
}

const keyOf = (type: string, id: string | null) => `${type}\u0000${id ?? ''}`;
const typeRank = (type: string) => EVENT_TYPES.indexOf(type as (typeof EVENT_TYPES)[number]);
/** Types a sync of a few submissions covers (the rest only changes in a full sync). */
const SUBMISSION_TYPES = new Set(['submissions', 'judgements', 'runs']);

/**
 * The event log (README, "Design"): each sync reads the contest as the API shows it, in both views, compares it with
 * what the log already says and appends the differences, under a per-contest transaction lock so that replicas never
 * write the same change twice. Syncs run when this replica stores a verdict (`judge.result-written`, only those
 * submissions) and every `fullSyncMs` while someone reads the contest's feed (everything: edits, announcements, the
 * clock's state changes, results stored by other replicas or written without the event).
 */
@Injectable()
export class ContestEventLog implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(ContestEventLog.name);
  private readonly known = new Map<number, Known>();
  /** One sync at a time per contest on this replica; a sync asked for meanwhile runs once after it. */
  private readonly running = new Map<number, Promise<void>>();
  private readonly queued = new Map<number, { full: boolean; ids: Set<number> }>();
  /** The contests this replica serves a feed of, and when each was last synced in full. */
  private readonly watched = new Map<number, { readers: number; lastFull: number; fullMs: number }>();
  private timer?: NodeJS.Timeout;
  /** Set at shutdown: open feeds end their loop. */
  closing = false;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly reader: ContestApiReader,
    private readonly access: ContestAccessService,
    private readonly bus: EventBus,
    @Inject(CONTEST_API_OPTIONS) private readonly options: ContestApiOptions,
  ) {}

  onModuleInit(): void {
    this.bus.on('judge.result-written', (r) => {
      // Only contests whose log exists (someone read the API) or is watched: a log is started by its first reader.
      if (r.cid > 0 && (this.known.has(r.cid) || this.watched.has(r.cid))) this.request(r.cid, [r.submitId]);
    });
  }

  onApplicationShutdown(): void {
    this.closing = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** A feed reader arrives (on this replica): full syncs run for the contest while it stays. */
  watch(cid: number): () => void {
    const w = this.watched.get(cid) ?? { readers: 0, lastFull: 0, fullMs: 0 };
    w.readers++;
    this.watched.set(cid, w);
    this.timer ??= setInterval(() => this.tick(), Math.min(this.options.fullSyncMs, 250));
    this.timer.unref?.();
    return () => {
      w.readers--;
      if (w.readers <= 0) this.watched.delete(cid);
      if (!this.watched.size && this.timer) {
        clearInterval(this.timer);
        this.timer = undefined;
      }
    };
  }

  private tick(): void {
    const now = Date.now();
    for (const [cid, w] of this.watched) {
      // Every fullSyncMs, but never more than a fifth of the time: a big contest's full read costs more.
      if (now - w.lastFull < Math.max(this.options.fullSyncMs, 5 * w.fullMs)) continue;
      w.lastFull = now;
      const t0 = Date.now();
      void this.sync(cid)
        .then(() => (w.fullMs = Date.now() - t0))
        .catch((err: Error) => this.logger.warn(`contest ${cid}: sync failed: ${err.message}`));
    }
  }

  /** Asks for a sync (of these submissions only, or in full) without waiting. */
  request(cid: number, submitIds?: number[]): void {
    void this.sync(cid, submitIds).catch((err: Error) => this.logger.warn(`contest ${cid}: sync failed: ${err.message}`));
  }

  /** Brings the log up to date with the contest (in full, or for these submissions). Resolves once written. */
  async sync(cid: number, submitIds?: number[]): Promise<void> {
    const q = this.queued.get(cid) ?? { full: false, ids: new Set<number>() };
    if (submitIds) submitIds.forEach((id) => q.ids.add(id));
    else q.full = true;
    this.queued.set(cid, q);
    for (;;) {
      const current = this.running.get(cid);
      if (!current) break;
      await current;
      if (!this.queued.has(cid)) return; // another caller's run took this request
    }
    const next = this.queued.get(cid)!;
    this.queued.delete(cid);
    const run = this.runSync(cid, next.full ? undefined : [...next.ids]).finally(() => this.running.delete(cid));
    this.running.set(cid, run);
    await run;
  }

  private async runSync(cid: number, submitIds?: number[]): Promise<void> {
    const contest = await this.access.contest(cid);
    if (!contest) return;
    await this.ds.transaction(async (m) => {
      await m.query(`SELECT pg_advisory_xact_lock(73217, $1)`, [cid]);
      const known = await this.catchUp(cid, (sql, p) => m.query(sql, p));
      let views = await this.reader.objects(contest, new Date(), submitIds);
      // A submission of a team (problem, language) the log does not have yet: everything, so that references hold.
      const unknown = (s: Record<string, unknown>) =>
        !known.admin.has(keyOf('teams', String(s.team_id))) ||
        !known.admin.has(keyOf('problems', String(s.problem_id))) ||
        !known.admin.has(keyOf('languages', String(s.language_id)));
      if (submitIds && views.admin.submissions.some(unknown)) {
        submitIds = undefined;
        views = await this.reader.objects(contest, new Date());
      }
      const rows = diff(known, asObjects(views.admin), asObjects(views.public), submitIds ? SUBMISSION_TYPES : undefined);
      if (!rows.length) return;
      const values: unknown[] = [];
      const tuples = rows.map((r, i) => {
        values.push(cid, r.type, r.id, r.json, r.audience);
        const b = i * 5;
        return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}::json, $${b + 5})`;
      });
      const inserted: { id: string }[] = await m.query(
        `INSERT INTO contest_api_event (cid, type, object_id, data, audience) VALUES ${tuples.join(', ')} RETURNING id`,
        values,
      );
      rows.forEach((r) => apply(known, r.type, r.id, r.json ?? undefined, r.audience));
      known.lastId = inserted[inserted.length - 1].id;
    });
  }

  /** This replica's picture of the log, brought up to its newest row (rows other replicas wrote included). */
  private async catchUp(cid: number, query: (sql: string, params: unknown[]) => Promise<unknown[]>): Promise<Known> {
    let known = this.known.get(cid);
    if (!known) this.known.set(cid, (known = { lastId: '0', admin: new Map(), public: new Map() }));
    const rows = (await query(
      `SELECT e.id::text AS id, e.type, e.object_id, e.data::text AS json, e.audience FROM contest_api_event e
       WHERE e.cid = $1 AND e.id > $2 ORDER BY e.id`,
      [cid, known.lastId],
    )) as { id: string; type: string; object_id: string | null; json: string | null; audience: EventAudience }[];
    for (const r of rows) {
      apply(known, r.type, r.object_id, r.json ?? undefined, r.audience);
      known.lastId = r.id;
    }
    return known;
  }

  /** The log's rows after `after` for one view, up to `limit`. */
  async read(cid: number, after: string, admin: boolean, limit = 1000): Promise<LoggedEvent[]> {
    const audiences = admin ? [EventAudience.All, EventAudience.Admin] : [EventAudience.All, EventAudience.Public];
    const rows: { id: string; type: string; object_id: string | null; json: string | null; audience: EventAudience }[] =
      await this.ds.query(
        `SELECT e.id::text AS id, e.type, e.object_id, e.data::text AS json, e.audience FROM contest_api_event e
       WHERE e.cid = $1 AND e.id > $2 AND e.audience = ANY($3::smallint[]) ORDER BY e.id LIMIT $4`,
        [cid, after, audiences, limit],
      );
    return rows.map((r) => ({ token: r.id, type: r.type, id: r.object_id, json: r.json ?? 'null', audience: r.audience }));
  }

  /** Whether a token was ever given for this contest (a reader resuming from a foreign token is refused). */
  async isToken(cid: number, token: string): Promise<boolean> {
    const rows: unknown[] = await this.ds.query(`SELECT 1 FROM contest_api_event WHERE cid = $1 AND id = $2`, [cid, token]);
    return rows.length > 0;
  }

  /** The contest row this module shows, or null. */
  async contest(cid: number): Promise<Contest | null> {
    return this.access.contest(cid);
  }
}

function apply(known: Known, type: string, id: string | null, json: string | undefined, audience: EventAudience): void {
  const key = keyOf(type, id);
  for (const [view, map] of [
    [EventAudience.Admin, known.admin],
    [EventAudience.Public, known.public],
  ] as const) {
    if (audience !== EventAudience.All && audience !== view) continue;
    if (json === undefined) map.delete(key);
    else map.set(key, json);
  }
}

interface NewRow {
  type: string;
  id: string | null;
  /** The JSON text, null for a delete. */
  json: string | null;
  audience: EventAudience;
}

/**
 * The rows that bring the log from `known` to the two views: a change the same in both views is one row for all, a
 * change in one view a row for that audience, an object gone a delete (data null). `types`: compare only these.
 */
export function diff(known: Known, admin: ApiObject[], pub: ApiObject[], types?: Set<string>): NewRow[] {
  const now = { admin: new Map<string, ApiObject>(), public: new Map<string, ApiObject>() };
  admin.forEach((o) => now.admin.set(keyOf(o.type, o.id), o));
  pub.forEach((o) => now.public.set(keyOf(o.type, o.id), o));
  const keys = new Set<string>([...now.admin.keys(), ...now.public.keys()]);
  // A delete only where the whole type was read: a partial read says nothing about the objects it did not read.
  if (!types) [...known.admin.keys(), ...known.public.keys()].forEach((k) => keys.add(k));
  const rows: (NewRow & { order: number })[] = [];
  // The two views share most objects: each is serialised once. The log keeps the text as written (a json column),
  // so the same value is the same text on every replica.
  const texts = new WeakMap<object, string>();
  const text = (o: ApiObject) => texts.get(o.data) ?? (texts.set(o.data, JSON.stringify(o.data)), texts.get(o.data)!);
  for (const key of keys) {
    const [type, rawId] = key.split('\u0000');
    if (types && !types.has(type)) continue;
    const id = rawId === '' ? null : rawId;
    const a = now.admin.get(key);
    const p = now.public.get(key);
    const aJson = a ? text(a) : undefined;
    const pJson = p ? text(p) : undefined;
    const aChanged = aJson !== known.admin.get(key);
    const pChanged = pJson !== known.public.get(key);
    // The state that sets end_of_updates must be the feed's very last event.
    const last = type === 'state' && !!(a ?? p)?.data.end_of_updates;
    const order = last ? Number.MAX_SAFE_INTEGER : typeRank(type) * 1e12 + (id !== null && /^\d+$/.test(id) ? Number(id) : 0);
    if (aChanged && pChanged && aJson === pJson) rows.push({ type, id, json: aJson ?? null, audience: EventAudience.All, order });
    else {
      if (aChanged) rows.push({ type, id, json: aJson ?? null, audience: EventAudience.Admin, order });
      if (pChanged) rows.push({ type, id, json: pJson ?? null, audience: EventAudience.Public, order });
    }
  }
  // Dependencies first (contest, types, problems, teams, state, submissions, judgements, runs, clarifications), then by id.
  return rows.sort((x, y) => x.order - y.order).map(({ order: _order, ...r }) => r);
}
