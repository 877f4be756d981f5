/** Starts test/sso/oidc-provider.mjs in its own process and drives its login and consent over HTTP. */
import { ChildProcess, spawn } from 'child_process';
import * as path from 'path';

export interface OidcClientSpec {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
  mode?: 'good' | 'tamper' | 'audience' | 'expired';
}

export interface OidcUser {
  password: string;
  claims: Record<string, unknown>;
}

export interface OidcServer {
  issuer: string;
  close(): Promise<void>;
}

export async function startOidcProvider(clients: OidcClientSpec[], users: Record<string, OidcUser>): Promise<OidcServer> {
  const child: ChildProcess = spawn(process.execPath, [path.join(__dirname, 'oidc-provider.mjs')], {
    env: { ...process.env, OIDC_CLIENTS: JSON.stringify(clients), OIDC_USERS: JSON.stringify(users), NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (b: Buffer) => (errors += b.toString()));
  const issuer = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`oidc-provider did not start: ${errors}`)), 20_000);
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n')) {
        clearTimeout(timer);
        resolve((JSON.parse(line) as { issuer: string }).issuer);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`oidc-provider exited (${code}): ${errors}`));
    });
  });
  return {
    issuer,
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 3000)))]);
      clearTimeout(timer);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** A browser's cookie jar, enough for one provider on one host (names and values; paths are not needed here). */
export class Browser {
  private readonly cookies = new Map<string, string>();

  private remember(res: Response): void {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(c) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.remember(res);
    return res;
  }

  /** Follows redirects while they stay on `origin`; answers the last answer and the address that left it. */
  async follow(url: string, origin: string, init: RequestInit = {}): Promise<{ res: Response; location: string | null }> {
    let res = await this.request(url, init);
    for (let i = 0; i < 10; i++) {
      const loc = res.headers.get('location');
      if (!loc || res.status < 300 || res.status >= 400) return { res, location: null };
      const next = new URL(loc, url).toString();
      if (new URL(next).origin !== new URL(origin).origin) return { res, location: next };
      url = next;
      res = await this.request(url);
    }
    throw new Error('too many redirects');
  }
}

/**
 * Signs in at the provider as a user would: the authorization request, the login form, the consent. Answers the
 * address the provider sends the browser back to (the relying party's callback with code and state).
 */
export async function signInAtProvider(issuer: string, authorizeUrl: string, login: string, password: string): Promise<string> {
  const browser = new Browser();
  let step = await browser.follow(authorizeUrl, issuer);
  for (let i = 0; i < 4; i++) {
    if (step.location) return step.location;
    const res = step.res;
    const body = (await res.json()) as { uid?: string; prompt?: string; error?: string };
    if (!body.uid) throw new Error(`provider answered ${res.status}: ${JSON.stringify(body)}`);
    const action = body.prompt === 'login' ? 'login' : 'confirm';
    step = await browser.follow(`${issuer}/interaction/${body.uid}/${action}`, issuer, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login, password }),
    });
    if (step.res.status === 401) throw new Error('wrong password at the provider');
  }
  throw new Error('the provider never sent the browser back');
}
