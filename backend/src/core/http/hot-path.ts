import { Injectable, OnApplicationBootstrap, RequestMethod, SetMetadata } from '@nestjs/common';
import {
  CONTROLLER_WATERMARK,
  HOST_METADATA,
  HTTP_CODE_METADATA,
  METHOD_METADATA,
  PARAMTYPES_METADATA,
  PATH_METADATA,
  ROUTE_ARGS_METADATA,
  SCOPE_OPTIONS_METADATA,
  SELF_DECLARED_DEPS_METADATA,
} from '@nestjs/common/constants';
import { APP_GUARD, APP_INTERCEPTOR, DiscoveryService, Reflector } from '@nestjs/core';
import { SiteSwitch } from '@oj/contracts';
import type { IncomingMessage, Server, ServerResponse } from 'http';
import { AccessRule, authRefusal, readAccessRule, rolesRefusal, signedIn, switchRefusal } from '../auth/access-policy';
import { AuthGuard } from '../auth/auth.guard';
import { AuthUser } from '../auth/auth-user';
import { IS_OPTIONAL_AUTH, IS_PUBLIC, PERMISSION_KEY, REQUIRE_SWITCH, ROLES } from '../auth/decorators';
import { LOCK_EXEMPT, LOCK_SCOPE, LockRule, LockdownGuard, LockdownService, lockRuleOf } from '../auth/lockdown';
import { PermissionService } from '../auth/permission.service';
import { RolesGuard } from '../auth/roles.guard';
import { SessionService } from '../auth/session.service';
import { SwitchGuard } from '../auth/switch.guard';
import { TokenService } from '../auth/token.service';
import { MetricsService } from '../observability/metrics.service';
import { SiteConfigService } from '../site-config/site-config.service';
import { TrustProxy, clientAddress, trustNone } from './client-ip';
import { inputProblem } from './input-guard.middleware';
import { setSecurityHeaders } from './security-headers';
import { PageWithInsert, sendSerialised, sendSerialisedParts } from './send-serialised';

/** The global prefix of every API route (app.setup.ts); hot routes are found under it. */
export const API_PREFIX = 'api';

/** What a hot answer is given: the parsed JSON body (POST) or the query (GET), and the signed-in caller. */
export interface HotCall {
  body: unknown;
  query: URLSearchParams;
  user: AuthUser;
}

/**
 * The data of the success envelope: one buffer is a cached page's (sent as `sendSerialised` sends it, gzipped
 * when large), as is a cached page with this request's bytes put in (PageWithInsert); several buffers are the
 * pieces of an answer made for this request (`sendSerialisedParts`). Undefined: the framework answers.
 */
export type HotAnswer = Buffer | PageWithInsert | Buffer[] | undefined;

const HOT_ROUTE = 'oj:hot-route';

/**
 * Puts the controller handler it decorates on the hot path: `answer` names a method of the same controller that
 * takes a HotCall and gives the serialised data of the handler's success envelope, or undefined to let the
 * handler answer (a cache miss, anything unusual, a query it does not take). It calls the handler's services and
 * must give exactly what the handler would; when it gives undefined or throws it must have changed nothing the
 * handler's second try would not repeat harmlessly. The handler's access decorators (@Roles, @Permission,
 * @RequireSwitch, @OptionalAuth, its class's too) are evaluated by the hot path before `answer` is called (core
 * auth/access-policy.ts, as the guards do); a decorator or guard it cannot evaluate stops the app at boot.
 */
export const HotRoute = (answer: string) => SetMetadata(HOT_ROUTE, answer);

/** A hot route as found at boot: where it answers, who may call it, and its answer bound to its controller. */
export interface BoundHotRoute {
  method: 'GET' | 'POST';
  path: string;
  rule: AccessRule;
  /** The lock rule (core/auth/lockdown.ts: @LockScope, @LockExempt), as the LockdownGuard reads it. */
  lock: LockRule;
  answer(call: HotCall): Promise<HotAnswer> | HotAnswer;
}

/** The metadata a hot route's handler may carry: routing, documentation, and what access-policy evaluates. */
const ACCESS_KEYS = [ROLES, PERMISSION_KEY, REQUIRE_SWITCH, IS_PUBLIC, IS_OPTIONAL_AUTH, LOCK_SCOPE, LOCK_EXEMPT];
const HANDLER_KEYS = new Set<unknown>([
  PATH_METADATA,
  METHOD_METADATA,
  ROUTE_ARGS_METADATA,
  HTTP_CODE_METADATA,
  PARAMTYPES_METADATA,
  'design:type',
  'design:returntype',
  HOT_ROUTE,
  ...ACCESS_KEYS,
]);
/** And its controller class. */
const CLASS_KEYS = new Set<unknown>([
  CONTROLLER_WATERMARK,
  PATH_METADATA,
  HOST_METADATA,
  SCOPE_OPTIONS_METADATA,
  PARAMTYPES_METADATA,
  SELF_DECLARED_DEPS_METADATA,
  ...ACCESS_KEYS,
]);
/** The global guards whose rules access-policy evaluates (core.module.ts). */
const EVALUATED_GUARDS = new Set<unknown>([AuthGuard, RolesGuard, SwitchGuard, LockdownGuard]);

/** A hot route the hot path cannot answer as the framework would: the app does not start. */
export class HotRouteError extends Error {
  constructor(where: string, why: string) {
    super(`hot route ${where}: ${why}; the hot path cannot evaluate it (core/http/hot-path.ts)`);
    this.name = 'HotRouteError';
  }
}

/** Documentation only (@nestjs/swagger's decorators): no effect on the answer. */
const isDocumentation = (key: unknown) => typeof key === 'string' && key.startsWith('swagger/');

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- controller classes and handlers
type Target = Function;

function unevaluated(target: Target, allowed: Set<unknown>): string[] {
  return Reflect.getMetadataKeys(target).filter(
    (key) => !allowed.has(key) && !isDocumentation(key) && Reflect.getMetadata(key, target) !== undefined,
  ) as string[];
}

function pathsOf(value: unknown): string[] {
  const list = Array.isArray(value) ? (value as unknown[]) : [value];
  return list.map((p) => (typeof p === 'string' ? p.replace(/^\/+|\/+$/g, '') : '')).filter(Boolean);
}

/**
 * The hot routes of these controllers, from the same route metadata the guards read. Throws HotRouteError when a
 * hot handler carries what the hot path cannot evaluate (a @UseGuards, interceptor, pipe, filter, header or
 * redirect decorator, a decorator it does not know, a @Public handler, a status other than 200, a parametrised
 * path), or when a global guard or interceptor is one it does not evaluate.
 */
export function hotRoutesOf(
  reflector: Reflector,
  controllers: { instance: object; metatype: Target }[],
  global: { guards: Target[]; interceptors: Target[] },
): BoundHotRoute[] {
  const routes: BoundHotRoute[] = [];
  for (const { instance, metatype } of controllers) {
    const proto = metatype.prototype as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(proto)) {
      const handler = proto[name];
      if (name === 'constructor' || typeof handler !== 'function') continue;
      const answerName = Reflect.getMetadata(HOT_ROUTE, handler) as string | undefined;
      if (answerName === undefined) continue;
      const where = `${metatype.name}.${name}`;
      const fail = (why: string) => {
        throw new HotRouteError(where, why);
      };
      const answer = (instance as Record<string, unknown>)[answerName];
      if (typeof answer !== 'function') fail(`its answer ${metatype.name}.${answerName} is not a method`);
      const foreign = [...unevaluated(handler as Target, HANDLER_KEYS), ...unevaluated(metatype, CLASS_KEYS)];
      if (foreign.length) fail(`it carries ${foreign.map((k) => `"${String(k)}"`).join(', ')}`);
      if (Reflect.getMetadata(HOST_METADATA, metatype) !== undefined) fail('its controller is bound to a host');
      const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, metatype, name) ?? {}) as Record<string, { pipes?: unknown[] }>;
      if (Object.values(args).some((a) => a.pipes?.length)) fail('a parameter of it has its own pipe');
      const verb = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod;
      if (verb !== RequestMethod.GET && verb !== RequestMethod.POST) fail('only GET and POST routes can be hot');
      const method = verb === RequestMethod.GET ? 'GET' : 'POST';
      const code = Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined;
      if ((code ?? (method === 'POST' ? 201 : 200)) !== 200) fail('the hot path answers 200 and its handler does not');
      const [classPath = '', ...moreClassPaths] = pathsOf(Reflect.getMetadata(PATH_METADATA, metatype));
      const [handlerPath = '', ...moreHandlerPaths] = pathsOf(Reflect.getMetadata(PATH_METADATA, handler));
      if (moreClassPaths.length || moreHandlerPaths.length) fail('it has several paths');
      const path = `/${[API_PREFIX, classPath, handlerPath].filter(Boolean).join('/')}`;
      if (/[:*?(]/.test(path)) fail(`its path ${path} has parameters`);
      const rule = readAccessRule(reflector, handler as Target, metatype);
      if (rule.mode === 'skip') fail('it is @Public (the hot path answers signed-in callers, and the handler sees none)');
      if (routes.some((r) => r.method === method && r.path === path)) fail(`${method} ${path} is hot twice`);
      // Looked up per call, as Nest calls the handler: a test's spy on the controller sees the hot calls too.
      const target = instance as Record<string, BoundHotRoute['answer']>;
      const lock = lockRuleOf(reflector, handler as Target, metatype);
      routes.push({ method, path, rule, lock, answer: (call) => target[answerName](call) });
    }
  }
  if (routes.length) {
    const guards = global.guards.filter((g) => !EVALUATED_GUARDS.has(g));
    if (guards.length) throw new HotRouteError(routes[0].path, `the global guard ${guards.map((g) => g.name).join(', ')} applies to it`);
    if (global.interceptors.length)
      throw new HotRouteError(routes[0].path, `the global interceptor ${global.interceptors.map((g) => g.name).join(', ')} applies to it`);
  }
  return routes;
}

/** What the framework's middlewares would add that the hot path must add too. */
export interface HotPathOptions {
  /** CORS is configured: requests that carry an Origin go through the framework (its CORS headers). */
  cors: boolean;
  /** The per-request access log (pino-http's middleware), when requests are logged. */
  requestLogger?: (req: IncomingMessage, res: ServerResponse) => void;
  /** Express's compiled `trust proxy` (app.get('trust proxy fn')): the client address the lock rule reads is req.ip's. */
  trustProxy?: TrustProxy;
}

/** Bodies of hot POST calls are small JSON (a rank query); anything larger goes through the framework. */
const MAX_HOT_BODY = 16 * 1024;

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The hot path: a few read calls polled by thousands of clients at once (a contest's rank page) are answered
 * from the replica's memory by the HTTP server's own request listener, ahead of Express's middleware chain and
 * router and Nest's guards and pipes, which cost about two thirds of such a request's CPU (contest README).
 *
 * It is a shortcut, never a second set of rules. Its routes are the controller handlers marked @HotRoute, found at
 * boot with the access rule their decorators declare (access-policy's readAccessRule, which the guards read too).
 * A request takes it only when nothing is in doubt: a hot path, a small JSON body free of what the input guard
 * refuses, a token whose session resolves as the auth guard resolves it (the replica's memory of SESSION_LOCAL_MS,
 * else the one Redis read shared by the requests of that turn; not disabled, not due for refresh), no CORS to negotiate, the route's rule admitting the caller
 * (access-policy's decisions, as the guards take them), and an answer the route gave. Otherwise the request goes on
 * to the framework unchanged, with its body already parsed (body-parser skips a request whose stream has ended),
 * and the controller answers it, refusals included: a refusal is always the guards' or the handler's own, so its
 * status and text are the framework's. Answers are timed into the same metric and logged by the same access
 * logger as the framework's.
 */
@Injectable()
export class HotPathService implements OnApplicationBootstrap {
  private readonly routes = new Map<string, BoundHotRoute>();

  constructor(
    private readonly tokens: TokenService,
    private readonly sessions: SessionService,
    private readonly metrics: MetricsService,
    private readonly permissions: PermissionService,
    private readonly siteConfig: SiteConfigService,
    private readonly discovery: DiscoveryService,
    private readonly reflector: Reflector,
    private readonly lockdown: LockdownService,
  ) {}

  /** Finds the hot routes; a hot route the hot path cannot evaluate stops the app here (HotRouteError). */
  onApplicationBootstrap(): void {
    const enhancers = (token: string) =>
      this.discovery
        .getProviders()
        .filter((w) => typeof w.token === 'string' && w.token.startsWith(`${token} (`) && w.metatype)
        .map((w) => w.metatype as Target);
    const controllers = this.discovery
      .getControllers()
      .filter((w) => w.instance && w.metatype)
      .map((w) => ({ instance: w.instance as object, metatype: w.metatype as Target }));
    const routes = hotRoutesOf(this.reflector, controllers, {
      guards: enhancers(APP_GUARD),
      interceptors: enhancers(APP_INTERCEPTOR),
    });
    this.routes.clear();
    for (const route of routes) this.routes.set(`${route.method} ${route.path}`, route);
  }

  /** The hot routes found at boot, as `METHOD /path` (the permission matrix calls each both ways). */
  paths(): string[] {
    return [...this.routes.keys()];
  }

  /** Puts the hot path in front of the framework's request listener (Express) on `server`. */
  install(server: Server, options: HotPathOptions): void {
    const listeners = server.listeners('request') as Listener[];
    if (listeners.length !== 1) throw new Error(`expected the framework's one request listener, found ${listeners.length}`);
    const [framework] = listeners;
    server.removeAllListeners('request');
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      const url = req.url ?? '';
      const at = url.indexOf('?');
      // GET routes read their query; a POST is taken at its exact path only.
      const key = `${req.method} ${at < 0 || req.method === 'POST' ? url : url.slice(0, at)}`;
      const route = req.method === 'POST' || req.method === 'GET' ? this.routes.get(key) : undefined;
      if (!route || !this.eligible(req, options)) return framework(req, res);
      const query = new URLSearchParams(at < 0 ? '' : url.slice(at + 1));
      const attempt = (body: unknown) =>
        void this.tryAnswer(route, req, res, body, query, options).then(
          (answered) => answered || framework(req, res),
          () => framework(req, res),
        );
      if (req.method === 'GET') attempt(undefined);
      else this.readBody(req, res, attempt);
    });
  }

  private eligible(req: IncomingMessage, options: HotPathOptions): boolean {
    const h = req.headers;
    if (!h.authorization || h['transfer-encoding'] || (options.cors && h.origin)) return false;
    // A GET with a body is left to the framework; a POST needs a small JSON one.
    if (req.method === 'GET') return !h['content-length'] || h['content-length'] === '0';
    if (!h['content-type']?.startsWith('application/json')) return false;
    const length = Number(h['content-length']);
    return length > 0 && length <= MAX_HOT_BODY;
  }

  /**
   * Reads the body; `then` gets it parsed, or undefined when it is not JSON. The body is left on the request
   * either way, so the framework's parsers skip it and its pipes see what this one saw.
   */
  private readBody(req: IncomingMessage, res: ServerResponse, then: (body: unknown) => void): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('error', () => res.destroy());
    req.on('end', () => {
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = undefined;
      }
      (req as IncomingMessage & { body?: unknown }).body = body;
      then(body);
    });
  }

  /** True once answered; false: nothing was sent, the framework answers. */
  private async tryAnswer(
    route: BoundHotRoute,
    req: IncomingMessage,
    res: ServerResponse,
    body: unknown,
    query: URLSearchParams,
    options: HotPathOptions,
  ): Promise<boolean> {
    if (route.method === 'POST' && (body === null || typeof body !== 'object' || inputProblem(body))) return false;
    // What the input guard refuses in a query (NUL, prototype keys) and bracketed keys (Express's nested query
    // objects) are the framework's to answer.
    for (const [key, value] of query) if (key.includes('[') || inputProblem({ [key]: value })) return false;
    const user = await this.signedIn(req.headers.authorization);
    if (!user) return false;
    const started = this.metrics.httpDuration.startTimer();
    const admitted = this.admits(route.rule, user);
    if (admitted !== true && !(await admitted)) return false;
    // The LockdownGuard's rule (a held participant, a scope's address ranges): refused ones go to the framework.
    const trust = options.trustProxy ?? trustNone;
    const locked = this.lockdown.refusal(route.lock, user, {
      param: (name) => query.get(name) ?? (body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined),
      ip: () => clientAddress(req, trust),
    });
    if (locked && (!(locked instanceof Promise) || (await locked))) return false;
    const data = await route.answer({ body, query, user });
    if (!data || res.headersSent) return false;
    options.requestLogger?.(req, res);
    res.once('finish', () => started({ method: route.method, route: route.path, status_code: String(res.statusCode) }));
    // What Express's global middleware adds to every answer (app.setup.ts), since this answer never reaches it.
    setSecurityHeaders(res);
    if (Array.isArray(data)) sendSerialisedParts(res, data);
    else sendSerialised(res, data);
    return true;
  }

  /**
   * The caller as the auth guard finds it (the same session lookup: the replica's memory, else the one Redis read
   * shared by the requests of that turn), when it needs no new token; else undefined. A session older than the
   * replica's memory is looked up here, not left to the framework: at a contest's end every contestant loads the
   * rank at once, most more than SESSION_LOCAL_MS after their last poll, and the framework's path cost each of
   * them five times the hot one (contest README, "final burst").
   */
  private async signedIn(header: string | undefined): Promise<AuthUser | undefined> {
    const raw = TokenService.extract(header);
    const payload = raw ? this.tokens.verify(raw) : null;
    const user = signedIn(payload ? (this.sessions.resolveLocal(payload) ?? (await this.sessions.resolve(payload))) : undefined);
    if (!payload || !user || this.tokens.shouldRefresh(payload)) return undefined;
    return user;
  }

  private readonly holds = (roleId: number, permission: string) => this.permissions.holds(roleId, permission);
  private readonly isOn = (name: SiteSwitch) => this.siteConfig.isSwitchOn(name);

  /**
   * Whether the guards would let this signed-in caller through, decided as they decide (auth, roles, switches).
   * False: the framework answers, and its guards give the refusal.
   */
  private admits(rule: AccessRule, user: AuthUser): boolean | Promise<boolean> {
    if (authRefusal(rule.mode, user)) return false;
    // Most hot routes ask nothing more of a signed-in caller: no promise for them.
    if (!rule.roles && !rule.permission && !rule.switches) return true;
    return (async () => {
      if (await rolesRefusal(rule, user, this.holds)) return false;
      return !(await switchRefusal(rule.switches, user, this.isOn));
    })();
  }
}

/**
 * A hot GET route's query as positive integers when it holds only `allowed` names, each once, each a plain
 * positive number of at most nine digits (what the DTOs and the column bounds accept), `required` among them;
 * otherwise undefined and the handler reads it (and refuses it, if it must).
 */
export function positiveIntQuery<K extends string>(
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
