/**
 * The HTTP client an adapter talks to its site with (issue 34): one per account, holding that account's cookies.
 * Everything a test needs to replace is injected: the base URL (a replay server on a loopback port), the cookie jar,
 * the clock and fetch itself. Redirects are followed here, one hop at a time, so every hop's Set-Cookie lands in the
 * jar (login pages set their session cookie on the 302). Old sites answer in GBK: a response is decoded with the
 * charset its Content-Type names, else the site's default; forms are encoded in the charset the site reads.
 */
import iconv from 'iconv-lite';
import { CookieJar } from 'tough-cookie';

export interface RemoteHttpOptions {
  /** The site's address, e.g. `https://acm.hdu.edu.cn` (tests: `http://127.0.0.1:PORT`). */
  baseUrl: string;
  /** Sent with every request; a pasted bot-wall cookie only works with the user agent it was issued to. */
  userAgent?: string;
  /** Decoding when a response names no charset, and the encoding of forms (HDU, POJ: `gbk`). Default utf-8. */
  charset?: string;
  /** Per request, redirects included. */
  timeoutMs?: number;
  jar?: CookieJar;
  fetch?: typeof fetch;
  /** ms since the epoch, for the time-based tokens some sites want (tests: a fixed clock). */
  now?: () => number;
}

export interface RemoteResponse {
  status: number;
  /** The URL that answered (after redirects). */
  url: string;
  headers: Headers;
  /** The body decoded as text. */
  text: string;
  body: Buffer;
}

/** A request that got no answer: the site is down, the connection broke, or the time ran out. */
export class RemoteHttpFailure extends Error {
  constructor(
    readonly reason: 'timeout' | 'network' | 'redirects',
    readonly url: string,
    detail: string,
  ) {
    super(`${reason === 'timeout' ? 'no answer in time' : reason === 'redirects' ? 'too many redirects' : detail} (${url})`);
    this.name = 'RemoteHttpFailure';
  }
}

export const DEFAULT_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const MAX_REDIRECTS = 10;

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Overrides the site's charset for this response (a JSON API on an otherwise GBK site). */
  charset?: string;
  /** Do not follow redirects: the caller reads Location (a login's 302 says where it went). */
  noFollow?: boolean;
}

export class RemoteHttp {
  readonly baseUrl: string;
  readonly jar: CookieJar;
  readonly charset: string;
  userAgent: string;
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;
  readonly now: () => number;

  constructor(options: RemoteHttpOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.jar = options.jar ?? new CookieJar();
    this.charset = options.charset ?? 'utf-8';
    this.userAgent = options.userAgent || DEFAULT_USER_AGENT;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.fetchImpl = options.fetch ?? fetch;
    this.now = options.now ?? Date.now;
  }

  /** An absolute URL for a site path (`/submit.php`) or the URL itself when absolute. */
  url(pathOrUrl: string): string {
    return /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${this.baseUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
  }

  get(pathOrUrl: string, options: RequestOptions = {}): Promise<RemoteResponse> {
    return this.request('GET', this.url(pathOrUrl), undefined, options);
  }

  /** An application/x-www-form-urlencoded POST, the fields encoded in the site's charset. */
  postForm(pathOrUrl: string, fields: Record<string, string>, options: RequestOptions = {}): Promise<RemoteResponse> {
    const body = encodeForm(fields, options.charset ?? this.charset);
    return this.request('POST', this.url(pathOrUrl), body, {
      ...options,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...options.headers },
    });
  }

  /** A POST of a JSON body (sites with a JSON API). */
  postJson(pathOrUrl: string, value: unknown, options: RequestOptions = {}): Promise<RemoteResponse> {
    return this.request('POST', this.url(pathOrUrl), JSON.stringify(value), {
      ...options,
      headers: { 'content-type': 'application/json', ...options.headers },
    });
  }

  /** The value of a cookie the site set (CSRF tokens kept in cookies). */
  async cookie(name: string): Promise<string | undefined> {
    const cookies = await this.jar.getCookies(this.baseUrl);
    return cookies.find((c) => c.key === name)?.value;
  }

  /** Stores a cookie header an admin pasted (`a=1; b=2`) as the site's cookies. */
  async setCookieHeader(header: string): Promise<void> {
    for (const part of header.split(';')) {
      const pair = part.trim();
      if (!pair.includes('=')) continue;
      await this.jar.setCookie(`${pair}; Path=/`, this.baseUrl, { ignoreError: true });
    }
  }

  async setCookie(name: string, value: string): Promise<void> {
    await this.jar.setCookie(`${name}=${value}; Path=/`, this.baseUrl, { ignoreError: true });
  }

  private async request(method: string, url: string, body: string | undefined, options: RequestOptions): Promise<RemoteResponse> {
    const signal = AbortSignal.timeout(this.timeoutMs);
    let current = url;
    let currentMethod = method;
    let currentBody = body;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const headers: Record<string, string> = { 'user-agent': this.userAgent, ...options.headers };
      if (!currentBody) delete headers['content-type'];
      const cookie = await this.jar.getCookieString(current);
      if (cookie) headers.cookie = cookie;
      let res: Response;
      try {
        res = await this.fetchImpl(current, { method: currentMethod, headers, body: currentBody, redirect: 'manual', signal });
      } catch (err) {
        if (signal.aborted) throw new RemoteHttpFailure('timeout', current, 'timeout');
        throw new RemoteHttpFailure('network', current, errorText(err));
      }
      for (const line of res.headers.getSetCookie()) await this.jar.setCookie(line, current, { ignoreError: true });
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location && !options.noFollow) {
        await res.arrayBuffer().catch(() => undefined);
        current = new URL(location, current).toString();
        // 303 always, and 301/302 after a POST as browsers do, continue as a GET without the body
        if (res.status === 303 || ((res.status === 301 || res.status === 302) && currentMethod === 'POST')) {
          currentMethod = 'GET';
          currentBody = undefined;
        }
        continue;
      }
      let buffer: Buffer;
      try {
        buffer = Buffer.from(await res.arrayBuffer());
      } catch (err) {
        if (signal.aborted) throw new RemoteHttpFailure('timeout', current, 'timeout');
        throw new RemoteHttpFailure('network', current, errorText(err));
      }
      const charset = options.charset ?? charsetOf(res.headers.get('content-type')) ?? this.charset;
      return { status: res.status, url: current, headers: res.headers, text: decode(buffer, charset), body: buffer };
    }
    throw new RemoteHttpFailure('redirects', url, 'too many redirects');
  }
}

function charsetOf(contentType: string | null): string | undefined {
  const m = contentType && /charset=["']?([\w-]+)/i.exec(contentType);
  return m ? m[1].toLowerCase() : undefined;
}

function decode(buffer: Buffer, charset: string): string {
  return iconv.encodingExists(charset) ? iconv.decode(buffer, charset) : buffer.toString('utf8');
}

/** Percent-encodes each field's bytes in the given charset (a GBK site reads `%C4%E3`, not UTF-8's `%E4%BD%A0`). */
export function encodeForm(fields: Record<string, string>, charset = 'utf-8'): string {
  const enc = (s: string) => {
    const bytes = iconv.encodingExists(charset) ? iconv.encode(s, charset) : Buffer.from(s, 'utf8');
    let out = '';
    for (const b of bytes) {
      const c = String.fromCharCode(b);
      out += /[A-Za-z0-9*\-._]/.test(c) ? c : b === 0x20 ? '+' : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
    }
    return out;
  };
  return Object.entries(fields)
    .map(([k, v]) => `${enc(k)}=${enc(v)}`)
    .join('&');
}

function errorText(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } })?.cause;
  return cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err));
}
