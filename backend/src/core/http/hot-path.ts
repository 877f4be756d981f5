import { Injectable } from '@nestjs/common';
import type { IncomingMessage, Server, ServerResponse } from 'http';
import { AuthUser } from '../auth/auth-user';
import { SessionService } from '../auth/session.service';
import { TokenService } from '../auth/token.service';
import { MetricsService } from '../observability/metrics.service';
import { UserStatus } from '../auth/entities/user.entity';
import { inputProblem } from './input-guard.middleware';
import { PageWithInsert, sendSerialised, sendSerialisedParts } from './send-serialised';

/** What a hot route is given: the parsed JSON body (POST) or the query (GET), and the signed-in caller. */
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

/**
 * A read route that can often answer from memory before Express and Nest see the request: `answer` gives the
 * serialised data of the success envelope, or undefined to let the framework answer (a cache miss, a refusal,
 * anything unusual). When it gives undefined or throws it must have changed nothing the framework's second
 * try would not repeat harmlessly: the route's controller then runs as for any request. `path` is matched
 * exactly: a GET's with any query, a POST's only without one.
 */
export interface HotRoute {
  method: 'GET' | 'POST';
  path: string;
  answer(call: HotCall): Promise<HotAnswer> | HotAnswer;
}

/** What the framework's middlewares would add that the hot path must add too. */
export interface HotPathOptions {
  /** CORS is configured: requests that carry an Origin go through the framework (its CORS headers). */
  cors: boolean;
  /** The per-request access log (pino-http's middleware), when requests are logged. */
  requestLogger?: (req: IncomingMessage, res: ServerResponse) => void;
}

/** Bodies of hot POST calls are small JSON (a rank query); anything larger goes through the framework. */
const MAX_HOT_BODY = 16 * 1024;

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The hot path: a few read calls polled by thousands of clients at once (a contest's rank page) are answered
 * from the replica's memory by the HTTP server's own request listener, ahead of Express's middleware chain and
 * router and Nest's guards and pipes, which cost about two thirds of such a request's CPU (contest README).
 *
 * It is a shortcut, never a second set of rules. A request takes it only when nothing is in doubt: a registered
 * path, a small JSON body free of what the input guard refuses, a token whose session resolves as the
 * guard resolves it (the replica's memory, else one shared Redis read; not disabled, not due for refresh), no CORS to negotiate, and
 * an answer the route gave after its own access checks (the same services as its controller). Otherwise the
 * request goes on to the framework unchanged, with its body already parsed (body-parser skips a request whose
 * stream has ended), and the controller answers it, refusals included. Answers are timed into the same metric
 * and logged by the same access logger as the framework's. A route whose controller has role or switch guards
 * checks the same in its answer.
 */
@Injectable()
export class HotPathService {
  private readonly routes = new Map<string, HotRoute>();

  constructor(
    private readonly tokens: TokenService,
    private readonly sessions: SessionService,
    private readonly metrics: MetricsService,
  ) {}

  /** Called by a module at start-up; the controller route of the same path stays the authority. */
  register(route: HotRoute): void {
    if (!route.path.startsWith('/api/')) throw new Error(`hot route outside /api: ${route.path}`);
    this.routes.set(`${route.method} ${route.path}`, route);
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
    route: HotRoute,
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
    const data = await route.answer({ body, query, user });
    if (!data || res.headersSent) return false;
    options.requestLogger?.(req, res);
    res.once('finish', () => started({ method: route.method, route: route.path, status_code: String(res.statusCode) }));
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
    const user = payload ? (this.sessions.resolveLocal(payload) ?? (await this.sessions.resolve(payload))) : undefined;
    if (!payload || !user || user.status === UserStatus.Disabled) return undefined;
    if (this.tokens.shouldRefresh(payload)) return undefined;
    return user;
  }
}
