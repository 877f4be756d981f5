/**
 * A small CAS server for the sso tests, written from the CAS Protocol 3.0 specification (apereo.github.io/cas,
 * "CAS Protocol 3.0 Specification"):
 *
 * - `GET /login?service=` is the credential requestor (§2.1): an HTML form posting username, password and service.
 * - `POST /login` is the credential acceptor (§2.2): right credentials → 302 to the service with `ticket=ST-…`
 *   appended (§2.2.4); wrong ones → the form again (HTTP 401 here, so a test sees it).
 * - `GET /serviceValidate` (2.0, §2.5) and `GET /p3/serviceValidate` (3.0, §2.8) validate a service ticket for the
 *   service it was issued to and answer the XML of §2.5.2 (`cas:serviceResponse` with `cas:authenticationSuccess`
 *   and `cas:user`; 3.0 also releases `cas:attributes`), or `cas:authenticationFailure` with a code of §2.5.3
 *   (INVALID_REQUEST, INVALID_TICKET, INVALID_SERVICE).
 * - Tickets (§3.1): `ST-` then random characters, valid for one validation attempt only (§3.1.1: invalidated by the
 *   first attempt, successful or not) and for a short time (§3.1.1 recommends at most five minutes; 60 s here).
 */
import { randomBytes } from 'crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'http';

export interface CasUser {
  password: string;
  attributes: Record<string, string | string[]>;
}

export interface CasServer {
  url: string;
  /** Validation requests answered, for the tests' bookkeeping. */
  validations: number;
  close(): Promise<void>;
}

const TICKET_TTL_MS = 60_000;

const xml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function failure(code: string, text: string): string {
  return `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">\n  <cas:authenticationFailure code="${code}">${xml(text)}</cas:authenticationFailure>\n</cas:serviceResponse>\n`;
}

function success(user: string, attributes: Record<string, string | string[]> | null): string {
  let attrs = '';
  if (attributes) {
    const lines: string[] = [];
    for (const [name, value] of Object.entries(attributes)) {
      for (const v of Array.isArray(value) ? value : [value]) lines.push(`      <cas:${name}>${xml(v)}</cas:${name}>`);
    }
    attrs = `\n    <cas:attributes>\n${lines.join('\n')}\n    </cas:attributes>`;
  }
  return `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">\n  <cas:authenticationSuccess>\n    <cas:user>${xml(user)}</cas:user>${attrs}\n  </cas:authenticationSuccess>\n</cas:serviceResponse>\n`;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

export async function startCasServer(users: Record<string, CasUser>): Promise<CasServer> {
  const tickets = new Map<string, { service: string; user: string; expires: number }>();
  const state = { validations: 0 };

  const form = (res: ServerResponse, service: string, status = 200) => {
    res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(
      `<form method="post" action="/login"><input name="username"><input name="password" type="password">` +
        `<input type="hidden" name="service" value="${xml(service)}"><button>Login</button></form>`,
    );
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://cas.local');
    if (url.pathname === '/login' && req.method === 'GET') return form(res, url.searchParams.get('service') ?? '');
    if (url.pathname === '/login' && req.method === 'POST') {
      const params = new URLSearchParams(await readBody(req));
      const username = params.get('username') ?? '';
      const service = params.get('service') ?? '';
      const user = users[username];
      if (!user || user.password !== params.get('password')) return form(res, service, 401);
      if (!service) {
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        return res.end('logged in');
      }
      const ticket = `ST-${randomBytes(24).toString('base64url')}`;
      tickets.set(ticket, { service, user: username, expires: Date.now() + TICKET_TTL_MS });
      res.writeHead(302, { Location: `${service}${service.includes('?') ? '&' : '?'}ticket=${encodeURIComponent(ticket)}` });
      return res.end();
    }
    if ((url.pathname === '/serviceValidate' || url.pathname === '/p3/serviceValidate') && req.method === 'GET') {
      state.validations++;
      res.writeHead(200, { 'Content-Type': 'application/xml; charset=utf-8' });
      const service = url.searchParams.get('service');
      const ticket = url.searchParams.get('ticket');
      if (!service || !ticket) return res.end(failure('INVALID_REQUEST', 'service and ticket are required'));
      const issued = tickets.get(ticket);
      // One validation attempt per ticket, whatever its outcome.
      tickets.delete(ticket);
      if (!issued || issued.expires < Date.now()) return res.end(failure('INVALID_TICKET', `Ticket ${ticket} not recognized`));
      if (issued.service !== service) return res.end(failure('INVALID_SERVICE', `Ticket ${ticket} was not issued for ${service}`));
      const attributes = url.pathname === '/p3/serviceValidate' ? users[issued.user].attributes : null;
      return res.end(success(issued.user, attributes));
    }
    res.writeHead(404);
    res.end();
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    get validations() {
      return state.validations;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
