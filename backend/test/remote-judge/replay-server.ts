/**
 * A small HTTP server the remote-judge tests stand up on a loopback port in place of a judge site (issue 34: no
 * test touches the internet). Each site's replay (hdu-replay.ts, ...) registers routes that answer from fixtures in
 * the site's real shapes and keep the state a real site keeps (logged-in sessions, runs moving from queued to
 * judging to final on each status read). This file only does the plumbing every site needs: routing, form bodies in
 * the site's charset, cookies, redirects, a simulated latency, and a log of what was asked.
 */
import * as http from 'http';
import type { AddressInfo } from 'net';
import iconv from 'iconv-lite';

export interface ReplayRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** the urlencoded body's fields, decoded in the server's charset (empty for other bodies) */
  form: Record<string, string>;
  /** the raw body */
  body: Buffer;
  cookies: Record<string, string>;
  headers: http.IncomingHttpHeaders;
}

export interface ReplayResponse {
  status?: number;
  /** a string is encoded in the server's charset */
  body?: string | Buffer;
  contentType?: string;
  headers?: Record<string, string | string[]>;
  /** Set-Cookie lines (`name=value; Path=/`) */
  cookies?: string[];
  /** a 302 to this place */
  redirect?: string;
}

export type ReplayHandler = (req: ReplayRequest) => ReplayResponse | Promise<ReplayResponse>;

export interface ReplayServerOptions {
  /** the site's page encoding: form bodies are decoded and string bodies encoded with it (HDU, POJ: gbk) */
  charset?: string;
  /** added before each answer (the benchmark's 200 ms per remote call) */
  latencyMs?: number;
}

export class ReplayServer {
  readonly charset: string;
  latencyMs: number;
  /** every request, in order: `GET /path?query` */
  readonly log: string[] = [];
  private readonly routes: { method: string; path: string | RegExp; handler: ReplayHandler }[] = [];
  private server?: http.Server;
  private base = '';

  constructor(options: ReplayServerOptions = {}) {
    this.charset = options.charset ?? 'utf-8';
    this.latencyMs = options.latencyMs ?? 0;
  }

  /** A route; a RegExp path matches the whole path (without the query). Later routes do not shadow earlier ones. */
  on(method: 'GET' | 'POST' | '*', path: string | RegExp, handler: ReplayHandler): this {
    this.routes.push({ method, path, handler });
    return this;
  }

  get url(): string {
    return this.base;
  }

  /** How many requests matched `method path` (path without the query). */
  count(method: string, path: string): number {
    return this.log.filter((l) => l.split('?')[0] === `${method} ${path}`).length;
  }

  async start(): Promise<string> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    this.server.keepAliveTimeout = 1000;
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.base;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = undefined;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://replay');
    this.log.push(`${req.method} ${url.pathname}${url.search}`);
    const route = this.routes.find(
      (r) =>
        (r.method === '*' || r.method === req.method) &&
        (typeof r.path === 'string' ? r.path === url.pathname : new RegExp(`^(?:${r.path.source})$`).test(url.pathname)),
    );
    if (this.latencyMs) await new Promise((r) => setTimeout(r, this.latencyMs));
    let answer: ReplayResponse;
    try {
      answer = route
        ? await route.handler({
            method: req.method ?? 'GET',
            path: url.pathname,
            query: url.searchParams,
            form: /urlencoded/.test(req.headers['content-type'] ?? '') ? decodeForm(body, this.charset) : {},
            body,
            cookies: parseCookies(req.headers.cookie),
            headers: req.headers,
          })
        : { status: 404, body: 'not found' };
    } catch (err) {
      answer = { status: 500, body: String(err) };
    }
    const headers: Record<string, string | string[]> = { ...answer.headers };
    if (answer.cookies?.length) headers['set-cookie'] = answer.cookies;
    if (answer.redirect) {
      res.writeHead(answer.status ?? 302, { ...headers, location: answer.redirect });
      res.end();
      return;
    }
    const payload = typeof answer.body === 'string' ? iconv.encode(answer.body, this.charset) : (answer.body ?? Buffer.alloc(0));
    res.writeHead(answer.status ?? 200, { 'content-type': answer.contentType ?? `text/html; charset=${this.charset}`, ...headers });
    res.end(payload);
  }
}

function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0) out[part.slice(0, i).trim()] = part.slice(i + 1).trim();
  }
  return out;
}

/** Decodes an urlencoded body whose percent-escapes are bytes in `charset`. */
function decodeForm(body: Buffer, charset: string): Record<string, string> {
  const out: Record<string, string> = {};
  const dec = (s: string) => {
    const bytes: number[] = [];
    for (let i = 0; i < s.length; i++) {
      if (s[i] === '+') bytes.push(0x20);
      else if (s[i] === '%' && /^[0-9a-f]{2}$/i.test(s.slice(i + 1, i + 3))) {
        bytes.push(parseInt(s.slice(i + 1, i + 3), 16));
        i += 2;
      } else bytes.push(...Buffer.from(s[i], 'utf8'));
    }
    return iconv.decode(Buffer.from(bytes), charset);
  };
  for (const pair of body.toString('latin1').split('&')) {
    if (!pair) continue;
    const i = pair.indexOf('=');
    out[dec(i < 0 ? pair : pair.slice(0, i))] = i < 0 ? '' : dec(pair.slice(i + 1));
  }
  return out;
}
