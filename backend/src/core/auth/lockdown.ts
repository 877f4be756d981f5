import {
  CanActivate,
  ExecutionContext,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
  Optional,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { LOCKDOWN_ERR, LockedToData } from '@oj/contracts';
import Redis from 'ioredis';
import { AuditService } from '../audit/audit.service';
import { ApiException } from '../http/api.exception';
import { REDIS } from '../redis/redis.module';
import { ReplicaBus } from '../redis/replica-bus.service';
import { accessRuleOf } from './access-policy';
import type { AuthRequest, AuthUser } from './auth-user';
import { signedIn } from './access-policy';
import { SessionService } from './session.service';
import { TokenService } from './token.service';

/**
 * Locked-down contests and exams (issue 36), the part every request meets: which routes belong to a contest or an
 * exam, who is held in one (lock mode), and the one-session rule. The rules about a given contest or exam (its
 * allowed address ranges, who its admins are) stay in its module's access service; the module registers a
 * `LockSource` here, since core imports no module. Read by the global LockdownGuard and by the hot path, so a
 * request is judged the same whichever way it comes.
 */

export type LockKind = 'contest' | 'exam';

export const LOCK_SCOPE = 'oj:lock-scope';
export const LOCK_EXEMPT = 'oj:lock-exempt';

/**
 * The route belongs to the contest or exam named by this request parameter (query or JSON body), e.g.
 * `@LockScope({ contest: 'cid' })`; several kinds for a route shared by both (`submit-problem-judge`). A held
 * participant reaches it only for the contest or exam they are held in; the scope's allowed address ranges apply
 * to everyone who names it.
 */
export const LockScope = (params: Partial<Record<LockKind, string>>) => SetMetadata(LOCK_SCOPE, params);

/** The route stays open to a held participant (logout, their own account, the site's basics). */
export const LockExempt = () => SetMetadata(LOCK_EXEMPT, true);

export interface LockRule {
  scope?: Partial<Record<LockKind, string>>;
  exempt: boolean;
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- controller classes and handlers
type Target = Function;

const lockRules = new WeakMap<Target, WeakMap<Target, LockRule>>();

/** A handler's lock rule (its own decorators over its class's), remembered: decorators do not change at run time. */
export function lockRuleOf(reflector: Reflector, handler: Target, cls: Target): LockRule {
  let byHandler = lockRules.get(cls);
  if (!byHandler) lockRules.set(cls, (byHandler = new WeakMap()));
  let rule = byHandler.get(handler);
  if (!rule) {
    const scope = reflector.getAllAndOverride<LockRule['scope']>(LOCK_SCOPE, [handler, cls]);
    rule = { scope, exempt: !!reflector.getAllAndOverride<boolean>(LOCK_EXEMPT, [handler, cls]) };
    byHandler.set(handler, rule);
  }
  return rule;
}

/** One participant's standing in a contest or exam with lock mode or allowed ranges that has not ended. */
export interface LockEntry {
  kind: LockKind;
  id: number;
  startMs: number;
  endMs: number;
  /** Lock mode: while running, the participant reaches only this contest's or exam's routes. */
  lockMode: boolean;
}

/** What the contest and exam modules give core (registered in their onModuleInit). */
export interface LockSource {
  kind: LockKind;
  /** Participants (uid) of every such contest or exam not yet ended: one query, read at each refresh. */
  entries(): Promise<{ uid: string; entry: LockEntry }[]>;
  /**
   * Entering or submitting from `ip` (the access service's rule, on its cached row): the refusal, or undefined
   * (missing ids included: the handler answers those).
   */
  entryRefusal(
    id: number,
    user: AuthUser | undefined,
    ip: string | undefined,
  ): ApiException | undefined | Promise<ApiException | undefined>;
}

interface Joined {
  uid: string;
  entry: LockEntry;
}

/** What a request offers the rule: its parameters (query, then JSON body) and its client address. */
export interface LockRequest {
  param(name: string): unknown;
  ip(): string | undefined;
}

/** How often every replica re-reads the index anyway (a missed change message lasts no longer). */
export const LOCK_REFRESH_MS = 15_000;
const CHANNEL = 'lockdown';
/** A user's latest session (its sid): the one a participant of a running locked or restricted scope keeps. */
const CURRENT_KEY = (uid: string) => `auth:current:${uid}`;
/**
 * How long the latest session is remembered: longer than a token lives, since refreshed tokens keep their session
 * (a student who logged in yesterday and refreshed since must still be the one a second login replaces).
 */
const CURRENT_TTL_SEC = 30 * 24 * 3600;

function positiveId(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/**
 * The index of held participants by uid, kept in each replica's memory (no database read per request): rebuilt
 * from the sources at boot, every LOCK_REFRESH_MS, and at once on every replica when a module reports a change
 * (registration, edit, deletion). Start and end need no rebuild: each entry carries its window and the clock decides.
 */
@Injectable()
export class LockdownService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(LockdownService.name);
  private readonly sources = new Map<LockKind, LockSource>();
  private index = new Map<string, LockEntry[]>();
  private timer?: NodeJS.Timeout;
  private rebuilding?: Promise<void>;
  private again = false;

  constructor(
    private readonly bus: ReplicaBus,
    private readonly tokens: TokenService,
    private readonly sessions: SessionService,
    @Inject(REDIS) private readonly redis: Redis,
    @Optional() private readonly audit?: AuditService,
  ) {
    // `j:<entry>`: one participant joined (added as is); anything else: re-read the sources.
    this.bus.on(CHANNEL, (message) => (message.startsWith('j:') ? this.add(JSON.parse(message.slice(2)) as Joined) : void this.rebuild()));
  }

  /** A module's source (called from its onModuleInit, before the first rebuild). */
  register(source: LockSource): void {
    this.sources.set(source.kind, source);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.rebuild();
    this.timer = setInterval(() => void this.rebuild(), LOCK_REFRESH_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** After a registration or an edit: this replica's index now, the others' at once through the channel. */
  async changed(): Promise<void> {
    await this.rebuild();
    await this.bus.publish(CHANNEL, '1');
  }

  /**
   * One participant entered a locked or restricted contest or exam (registration): added here and on every replica
   * without re-reading the sources, since an opening surge registers thousands within a minute (a full rebuild of
   * 3,000 participants took about 80 ms; the periodic one still corrects anything missed).
   */
  async joined(uid: string, entry: LockEntry): Promise<void> {
    this.add({ uid, entry });
    await this.bus.publish(CHANNEL, `j:${JSON.stringify({ uid, entry })}`);
  }

  private add({ uid, entry }: Joined): void {
    const list = this.index.get(uid) ?? [];
    if (list.some((e) => e.kind === entry.kind && e.id === entry.id)) return;
    this.index.set(uid, [...list, entry]);
    // A rebuild under way read its rows before this: it is run once more so that its result keeps this entry.
    if (this.rebuilding) this.again = true;
  }

  /** Re-reads every source; a change during a rebuild runs one more after it. */
  rebuild(): Promise<void> {
    if (this.rebuilding) {
      this.again = true;
      return this.rebuilding;
    }
    this.rebuilding = (async () => {
      do {
        this.again = false;
        try {
          const next = new Map<string, LockEntry[]>();
          for (const source of this.sources.values())
            for (const { uid, entry } of await source.entries()) {
              const list = next.get(uid);
              if (list) list.push(entry);
              else next.set(uid, [entry]);
            }
          this.index = next;
        } catch (e) {
          // The last index stays: a database hiccup must not open every locked exam at once.
          this.logger.warn(`lock index not refreshed: ${(e as Error).message}`);
        }
      } while (this.again);
    })().finally(() => (this.rebuilding = undefined));
    return this.rebuilding;
  }

  /** Whether anyone is held or restricted at all: most of the time nobody is, and requests skip the rest. */
  anyone(): boolean {
    return this.index.size > 0;
  }

  /** The contest or exam in lock mode that holds this participant now, if any. */
  lockOf(uid: string, now = Date.now()): LockEntry | undefined {
    return this.index.get(uid)?.find((e) => e.lockMode && e.startMs <= now && now < e.endMs);
  }

  /** Whether one session at a time applies to this participant now (a running locked or restricted scope). */
  private singleSessionNow(uid: string, now = Date.now()): boolean {
    return !!this.index.get(uid)?.some((e) => e.startMs <= now && now < e.endMs);
  }

  /** The scope a request names under a route's rule, if any. */
  scopeOf(rule: LockRule, req: Pick<LockRequest, 'param'>): { kind: LockKind; id: number } | undefined {
    if (!rule.scope) return undefined;
    for (const [kind, name] of Object.entries(rule.scope) as [LockKind, string][]) {
      const id = positiveId(req.param(name));
      if (id !== undefined) return { kind, id };
    }
    return undefined;
  }

  /**
   * The lock rule on one request: a held participant reaches only their contest's or exam's routes (and exempt
   * ones), anyone naming a contest or exam meets its address rule. Undefined when the request may go on.
   */
  refusal(rule: LockRule, user: AuthUser | undefined, req: LockRequest): ApiException | undefined | Promise<ApiException | undefined> {
    if (rule.exempt) return undefined;
    const scope = this.scopeOf(rule, req);
    if (user && this.index.size) {
      const lock = this.lockOf(user.uid);
      if (lock && !(scope && scope.kind === lock.kind && scope.id === lock.id)) {
        const data: LockedToData = { lockedTo: { kind: lock.kind, id: lock.id } };
        return new ApiException(403, lock.kind === 'exam' ? LOCKDOWN_ERR.examLocked : LOCKDOWN_ERR.contestLocked, data);
      }
    }
    if (!scope) return undefined;
    return this.sources.get(scope.kind)?.entryRefusal(scope.id, user, req.ip());
  }

  /**
   * A login's token (the one path every way of logging in takes: password, SSO). Every login is remembered as the
   * user's latest session (one Redis write: logins are rare), so that one made before they entered a locked exam is
   * known too. While a locked or address-restricted contest or exam of theirs runs, the earlier session is ended
   * (its tokens answer LOCKDOWN_ERR.sessionReplaced) and the audit trail records it.
   */
  async startSession(user: { uid: string; username: string; tokenVersion: number }, ip: string | null): Promise<string> {
    const token = this.tokens.sign(user.uid, user.tokenVersion);
    const sid = this.tokens.verify(token)!.sid;
    const [[, previous]] = (await this.redis
      .multi()
      .getset(CURRENT_KEY(user.uid), sid)
      .expire(CURRENT_KEY(user.uid), CURRENT_TTL_SEC)
      .exec())! as [[Error | null, string | null]];
    if (!previous || previous === sid || !this.singleSessionNow(user.uid)) return token;
    await this.sessions.replace(previous);
    const held = this.index.get(user.uid)!.find((e) => e.startMs <= Date.now() && Date.now() < e.endMs)!;
    await this.audit?.record({
      action: 'session.replaced',
      actorUid: user.uid,
      actorName: user.username,
      ip,
      targetType: held.kind,
      targetId: held.id,
      // Session ids, not tokens: enough to match the refused requests in the logs, useless to replay.
      before: { sid: previous },
      after: { sid },
      note: 'a second login during a locked-down contest or exam ended the first session',
    });
    return token;
  }
}

/**
 * The lock rule as a global guard (after auth, roles and switches). On a @Public route the token is read here
 * only while someone is held at all, so that a held participant's token cannot browse the public pages either.
 */
@Injectable()
export class LockdownGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly lockdown: LockdownService,
    private readonly tokens: TokenService,
    private readonly sessions: SessionService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const handler = context.getHandler();
    const cls = context.getClass();
    const rule = lockRuleOf(this.reflector, handler, cls);
    if (rule.exempt || (!rule.scope && !this.lockdown.anyone())) return true;
    const req = context.switchToHttp().getRequest<AuthRequest>();
    let user = req.user;
    if (!user && this.lockdown.anyone() && accessRuleOf(this.reflector, handler, cls).mode === 'skip') {
      const raw = TokenService.extract(req.headers.authorization);
      const payload = raw ? this.tokens.verify(raw) : null;
      user = payload ? signedIn(this.sessions.resolveLocal(payload) ?? (await this.sessions.resolve(payload))) : undefined;
    }
    const refusal = await this.lockdown.refusal(rule, user, expressLockRequest(req));
    if (refusal) throw refusal;
    return true;
  }
}

/** A request's parameters and address as Express parsed them. */
export function expressLockRequest(req: AuthRequest): LockRequest {
  return {
    param: (name) => {
      const q = (req.query as Record<string, unknown> | undefined)?.[name];
      if (q !== undefined) return q;
      const body = req.body as unknown;
      return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>)[name] : undefined;
    },
    ip: () => req.ip ?? req.socket?.remoteAddress,
  };
}
