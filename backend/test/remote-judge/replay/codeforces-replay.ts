/**
 * A replay of codeforces.com for the Codeforces and Gym adapter tests (issue 34), on a ReplayServer. It keeps the
 * state the real site keeps: sessions (JSESSIONID, a CSRF token per session, the 39ce7 and 70a7c28f3de cookies the
 * site sets on a first visit), one account, and runs that show "In queue", then "Running on test 1", then their
 * verdict over successive reads of the "my submissions" page. It checks what the real site checks on its forms
 * (csrf_token, ftaa, bfaa, _tta computed from 39ce7) and has switches for each way the site fails: the RCPC page,
 * Cloudflare's 403 wall (passed only with the right cf_clearance cookie and user agent), a rate limit, a duplicate
 * submit, a 502, unparsable pages and a submit whose answer names no run.
 */
import { createCipheriv, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ReplayServer, type ReplayRequest, type ReplayResponse } from '../replay-server';

interface Session {
  id: string;
  csrf: string;
  cookie39ce7: string;
  ftaa: string;
  user: string | null;
}

export type CodeforcesOutcome = 'OK' | 'WRONG_ANSWER' | 'TIME_LIMIT_EXCEEDED' | 'COMPILATION_ERROR' | 'SOMETHING_NEW';

export interface ReplayRun {
  id: number;
  user: string;
  contestId: string;
  index: string;
  programTypeId: string;
  source: string;
  outcome: CodeforcesOutcome;
  /** how many times a status page showed the run, from -1 (created, not yet shown) */
  reads: number;
}

/** What a run's code asks the replay to answer: a marker comment (`// expect WRONG_ANSWER`), else OK. */
function outcomeOf(source: string): CodeforcesOutcome {
  const m = /expect (WRONG_ANSWER|TIME_LIMIT_EXCEEDED|COMPILATION_ERROR|SOMETHING_NEW)/.exec(source);
  return (m?.[1] as CodeforcesOutcome | undefined) ?? 'OK';
}

export const COMPILER_MESSAGE =
  "Can't compile file:\r\nprogram.cpp: In function 'int main()':\r\nprogram.cpp:3:5: error: 'cout' was not declared in this scope\r\n    3 |     cout << 1;\r\n      |     ^~~~\r\n";

/** The replay's own reading of the site's _tta script (the test checks the adapter against it). */
export function expectedTta(cookie: string): number {
  let v = 0;
  for (let i = 0; i < cookie.length; i++) {
    const code = cookie.charCodeAt(i);
    v = (v + (i + 1) * (i + 2) * code) % 1009;
    v += i % 3 === 0 ? 1 : 0;
    v *= i % 2 === 0 ? 2 : 1;
    if (i > 0) v -= (cookie.charCodeAt(i >> 1) >> 1) * (v % 5);
    while (v < 0) v += 1009;
    while (v >= 1009) v -= 1009;
  }
  return v;
}

const FIXTURES = join(__dirname, 'fixtures', 'codeforces');
const LANGUAGE_IDS = new Set(['43', '50', '54', '89', '91', '31', '70', '87']);

export class CodeforcesReplay {
  readonly server = new ReplayServer();
  readonly handle = 'oj_remote_1';
  readonly email = 'remote1@example.org';
  readonly password = 'correct-horse';

  // --- switches ---
  /** Answer the RCPC page to a request without the right RCPC cookie. */
  rcpc = false;
  /** Cloudflare's 403 "Just a moment..." to every request without cfClearance sent with cfUserAgent. */
  cloudflare = false;
  readonly cfClearance = 'Xq1.cf-clearance-from-a-browser';
  readonly cfUserAgent = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) PastedBrowser/1.0';
  /** The submit form answers "wait N seconds" instead of taking the code. */
  rateLimitSeconds = 0;
  /** Every page answers 502 from nginx. */
  down = false;
  /** Status pages answer a page without the status table (logged in, but nothing else). */
  garbledStatus = false;
  /** A taken submit redirects to the home page instead of "my submissions" (its answer names no run). */
  submitLandsHome = false;
  /** A submit that is answered like a taken one but creates no run. */
  submitLost = false;
  /** The RCPC secret changes between the submit form and its POST (the POST meets the RCPC page). */
  rotateRcpcOnSubmit = false;
  /** /data/judgeProtocol answers an HTML page instead of the compiler output. */
  judgeProtocolBroken = false;

  // --- state ---
  readonly sessions = new Map<string, Session>();
  readonly runs: ReplayRun[] = [];
  /** every submit form the replay received, as sent */
  readonly submitForms: Record<string, string>[] = [];
  readonly loginForms: Record<string, string>[] = [];
  private nextRunId = 240_000_001;

  /** The RCPC page's secret: key, iv and the plaintext whose hex is the cookie. */
  readonly rcpcKey = randomBytes(16);
  readonly rcpcIv = randomBytes(16);
  readonly rcpcPlain = randomBytes(16);

  get rcpcValue(): string {
    return this.rcpcPlain.toString('hex');
  }

  get url(): string {
    return this.server.url;
  }

  async start(): Promise<string> {
    const s = this.server;
    s.on('GET', '/', (req) => this.gate(req, (session, cookies) => this.html(session, cookies, this.layout(session, '<div>Home</div>'))));
    s.on('GET', '/enter', (req) =>
      this.gate(req, (session, cookies) =>
        session.user ? { redirect: '/', cookies } : this.html(session, cookies, this.enterForm(session, '')),
      ),
    );
    s.on('POST', '/enter', (req) => this.gate(req, (session, cookies) => this.enter(req, session, cookies)));
    s.on('GET', /\/problemset\/problem\/(\d+)\/([A-Z]\d?)/, (req) =>
      this.gate(req, (session, cookies) => this.problem(req, session, cookies)),
    );
    s.on('GET', /\/gym\/(\d+)\/problem\/([A-Z]\d?)/, (req) => this.gate(req, (session, cookies) => this.problem(req, session, cookies)));
    s.on('GET', /\/(contest|gym)\/\d+/, (req) =>
      this.gate(req, (session, cookies) => this.html(session, cookies, this.layout(session, '<div class="datatable">Problems</div>'))),
    );
    s.on('GET', /\/(contest|gym)\/(\d+)\/submit/, (req) => this.gate(req, (session, cookies) => this.submitForm(req, session, cookies)));
    s.on('POST', /\/(contest|gym)\/(\d+)\/submit/, (req) => this.gate(req, (session, cookies) => this.submit(req, session, cookies)));
    s.on('GET', /\/(contest|gym)\/(\d+)\/my/, (req) => this.gate(req, (session, cookies) => this.myPage(req, session, cookies)));
    s.on('POST', '/data/judgeProtocol', (req) => this.gate(req, (session, cookies) => this.judgeProtocol(req, session, cookies)));
    return s.start();
  }

  stop(): Promise<void> {
    return this.server.stop();
  }

  /** Resets switches and sessions between tests (runs stay: ids keep growing as on the real site). */
  reset(): void {
    this.rcpc = false;
    this.cloudflare = false;
    this.rateLimitSeconds = 0;
    this.down = false;
    this.garbledStatus = false;
    this.submitLandsHome = false;
    this.submitLost = false;
    this.rotateRcpcOnSubmit = false;
    this.judgeProtocolBroken = false;
    this.sessions.clear();
  }

  /** Logs the account in directly (tests of submit and poll start from a logged-in client). */
  sessionCookieFor(user: string | null): string {
    const session = this.newSession();
    session.user = user;
    return `JSESSIONID=${session.id}; 39ce7=${session.cookie39ce7}; 70a7c28f3de=${session.ftaa}`;
  }

  // --- the gates every request passes, in the site's order: nginx, Cloudflare, RCPC, then the app ---

  private gate(req: ReplayRequest, handler: (session: Session, cookies: string[]) => ReplayResponse): ReplayResponse {
    if (this.down)
      return {
        status: 502,
        body: '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>',
      };
    if (this.cloudflare && !(req.cookies.cf_clearance === this.cfClearance && req.headers['user-agent'] === this.cfUserAgent))
      return {
        status: 403,
        headers: { 'cf-mitigated': 'challenge', server: 'cloudflare' },
        body: '<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title><meta http-equiv="refresh" content="390"></head><body><div class="main-wrapper" role="main"><div class="main-content"><h1 class="zone-name-title h1">codeforces.com</h1><h2 class="h2" id="challenge-running">Checking if the site connection is secure</h2><noscript><div class="h2"><span id="challenge-error-text">Enable JavaScript and cookies to continue</span></div></noscript></div></div><script>(function(){window._cf_chl_opt={cvId: \'3\',cZone: "codeforces.com",cType: \'managed\'};}());</script></body></html>',
      };
    if (this.rcpc && this.rotateRcpcOnSubmit && req.method === 'POST' && /\/submit$/.test(req.path)) randomBytes(16).copy(this.rcpcPlain);
    if (this.rcpc && req.cookies.RCPC !== this.rcpcValue) return { body: this.rcpcPage(req.path) };
    const cookies: string[] = [];
    let session = this.sessions.get(req.cookies.JSESSIONID ?? '');
    if (!session) {
      session = this.newSession();
      cookies.push(
        `JSESSIONID=${session.id}; Path=/; HttpOnly`,
        `39ce7=${session.cookie39ce7}; Path=/`,
        `70a7c28f3de=${session.ftaa}; Path=/`,
      );
    }
    return handler(session, cookies);
  }

  private newSession(): Session {
    const alnum = (n: number) =>
      randomBytes(n)
        .toString('base64')
        .replace(/[^A-Za-z0-9]/g, 'x')
        .slice(0, n);
    const session: Session = {
      id: randomBytes(16).toString('hex').toUpperCase(),
      csrf: randomBytes(16).toString('hex'),
      cookie39ce7: `CF${alnum(6)}`,
      ftaa: alnum(18).toLowerCase(),
      user: null,
    };
    this.sessions.set(session.id, session);
    return session;
  }

  /** The page the site shows a client without the RCPC cookie: slowAES decrypts c with key a and iv b. */
  private rcpcPage(path: string): string {
    const cipher = createCipheriv('aes-128-cbc', this.rcpcKey, this.rcpcIv);
    cipher.setAutoPadding(false);
    const c = Buffer.concat([cipher.update(this.rcpcPlain), cipher.final()]).toString('hex');
    return (
      '<html><body>Redirecting... Please, wait.<script type="text/javascript" src="/aes.min.js" ></script>' +
      '<script>function toNumbers(d){var e=[];d.replace(/(..)/g,function(d){e.push(parseInt(d,16))});return e}' +
      'function toHex(){for(var d=[],d=1==arguments.length&&arguments[0].constructor==Array?arguments[0]:arguments,e="",f=0;f<d.length;f++)e+=(16>d[f]?"0":"")+d[f].toString(16);return e.toLowerCase()}' +
      `var a=toNumbers("${this.rcpcKey.toString('hex')}"),b=toNumbers("${this.rcpcIv.toString('hex')}"),c=toNumbers("${c}");` +
      'document.cookie="RCPC="+toHex(slowAES.decrypt(c,2,a,b))+"; expires=Thu, 31-Dec-37 23:55:55 GMT; path=/";' +
      `document.location.href="https://codeforces.com${path}?f0a28=1";</script></body></html>`
    );
  }

  // --- pages ---

  private html(session: Session, cookies: string[], body: string, status = 200): ReplayResponse {
    return { status, cookies, body: body.replace(/\{\{CSRF\}\}/g, session.csrf) };
  }

  private header(session: Session): string {
    return session.user
      ? `<div class="lang-chooser"><a href="/profile/${session.user}">${session.user}</a> | <a href="/2f0a1bc3d4e5f60718293a4b5c6d7e8f/logout">Logout</a></div><a href="/settings/general"><img class="header-bell__img" src="/bell.png"/></a>`
      : '<div class="lang-chooser"><a href="/enter?back=%2F">Enter</a> | <a href="/register">Register</a></div>';
  }

  private layout(session: Session, content: string): string {
    return `<!DOCTYPE html><html lang="en"><head><meta name="X-Csrf-Token" content="{{CSRF}}"/><title>Codeforces</title></head><body><div id="header">${this.header(session)}</div><span class="csrf-token" data-csrf="{{CSRF}}">&nbsp;</span><div id="pageContent">${content}</div></body></html>`;
  }

  private enterForm(session: Session, error: string): string {
    return this.layout(
      session,
      `<div class="enterPage"><form method="post" action="" id="enterForm"><input type="hidden" name="csrf_token" value="{{CSRF}}"/><input type="hidden" name="action" value="enter"/><input type="hidden" name="ftaa" value=""/><input type="hidden" name="bfaa" value=""/><table class="table-form"><tr><td>Handle/Email</td><td><input style="width: 15em;" name="handleOrEmail" id="handleOrEmail" value=""/></td></tr><tr><td>Password</td><td><input style="width: 15em;" name="password" type="password" id="password" value=""/>${error ? `<span class="error for__password">${error}</span>` : ''}</td></tr><tr><td colspan="2"><input type="checkbox" name="remember" id="remember"/> Remember me for a month</td></tr></table><input class="submit" type="submit" value="Login"/></form></div>`,
    );
  }

  private enter(req: ReplayRequest, session: Session, cookies: string[]): ReplayResponse {
    this.loginForms.push(req.form);
    const f = req.form;
    if (f.csrf_token !== session.csrf) return { status: 403, cookies, body: '<html><body>Invalid CSRF token</body></html>' };
    const tokensOk = f.action === 'enter' && /^[a-z0-9]{18}$/.test(f.ftaa ?? '') && /^[0-9a-f]{32}$/.test(f.bfaa ?? '');
    const who = f.handleOrEmail === this.handle || f.handleOrEmail === this.email;
    if (tokensOk && who && f.password === this.password) {
      session.user = this.handle;
      return { redirect: '/', cookies: [...cookies, `X-User-Sha1=${randomBytes(20).toString('hex')}; Path=/`] };
    }
    return this.html(session, cookies, this.enterForm(session, 'Invalid handle/email or password'));
  }

  private problem(req: ReplayRequest, session: Session, cookies: string[]): ReplayResponse {
    const gym = req.path.startsWith('/gym/');
    const [, contestId, index] = /\/(\d+)\/(?:problem\/)?([A-Z]\d?)$/.exec(req.path) ?? [];
    const file = gym ? `gym-${contestId}${index}.page` : `problem-${contestId}${index}.page`;
    let page: string;
    try {
      page = readFileSync(join(FIXTURES, file), 'utf8');
    } catch {
      // the site sends an unknown problem back to the archive (or the gym contest) page
      return { redirect: gym ? `/gym/${contestId}` : '/problemset', cookies };
    }
    return this.html(session, cookies, page.replace('{{HEADER}}', this.header(session)));
  }

  private submitForm(req: ReplayRequest, session: Session, cookies: string[], error?: { field: string; text: string }): ReplayResponse {
    if (!session.user) return { redirect: `/enter?back=${encodeURIComponent(req.path)}`, cookies };
    const [, kind, contestId] = /\/(contest|gym)\/(\d+)\/submit/.exec(req.path)!;
    const options = [...LANGUAGE_IDS].map((id) => `<option value="${id}">${id}</option>`).join('');
    const err = (field: string) => (error?.field === field ? `<span class="error for__${field}">${error.text}</span>` : '');
    return this.html(
      session,
      cookies,
      this.layout(
        session,
        `<form class="submit-form" method="post" action="/${kind}/${contestId}/submit?csrf_token={{CSRF}}" enctype="multipart/form-data"><input type="hidden" name="csrf_token" value="{{CSRF}}"/><input type="hidden" name="ftaa" value=""/><input type="hidden" name="bfaa" value=""/><input type="hidden" name="action" value="submitSolutionFormSubmitted"/><input type="hidden" name="contestId" value="${contestId}"/><table class="table-form"><tr><td>Problem:</td><td><select name="submittedProblemIndex"><option value="A">A</option><option value="E">E</option></select>${err('submittedProblemIndex')}</td></tr><tr><td>Language:</td><td><select name="programTypeId">${options}</select>${err('programTypeId')}</td></tr><tr><td>Source code:</td><td><textarea id="sourceCodeTextarea" name="source"></textarea>${err('source')}</td></tr></table><input type="hidden" name="_tta" value=""/><input class="submit" type="submit" value="Submit"/></form>`,
      ),
    );
  }

  private submit(req: ReplayRequest, session: Session, cookies: string[]): ReplayResponse {
    this.submitForms.push(req.form);
    if (!session.user) return { redirect: '/enter', cookies };
    const [, kind, contestId] = /\/(contest|gym)\/(\d+)\/submit/.exec(req.path)!;
    const f = req.form;
    if (f.csrf_token !== session.csrf || req.query.get('csrf_token') !== session.csrf)
      return { status: 403, cookies, body: '<html><body>Invalid CSRF token</body></html>' };
    // the tokens the page's script fills in: a form without them is a bot's
    if (f.ftaa !== session.ftaa || !/^[0-9a-f]{32}$/.test(f.bfaa ?? '') || f._tta !== String(expectedTta(session.cookie39ce7)))
      return this.submitForm(req, session, cookies, { field: 'source', text: 'The form has expired, reload the page' });
    if (f.action !== 'submitSolutionFormSubmitted' || f.contestId !== contestId) return { status: 400, cookies, body: 'bad request' };
    if (!LANGUAGE_IDS.has(f.programTypeId ?? ''))
      return this.submitForm(req, session, cookies, { field: 'programTypeId', text: 'Choose valid language' });
    if (this.rateLimitSeconds)
      return this.submitForm(req, session, cookies, {
        field: 'source',
        text: `You have submitted too often. Please wait ${this.rateLimitSeconds} seconds before the next submit`,
      });
    if (
      this.runs.some(
        (r) => r.user === session.user && r.contestId === contestId && r.index === f.submittedProblemIndex && r.source === f.source,
      )
    )
      return this.submitForm(req, session, cookies, { field: 'source', text: 'You have submitted exactly the same code before' });
    if (!this.submitLost)
      this.runs.push({
        id: this.nextRunId++,
        user: session.user,
        contestId,
        index: f.submittedProblemIndex ?? '',
        programTypeId: f.programTypeId ?? '',
        source: f.source ?? '',
        outcome: outcomeOf(f.source ?? ''),
        // the submit's own redirect to "my submissions" is a read too: the first poll still sees the queue
        reads: -1,
      });
    return { redirect: this.submitLandsHome || this.submitLost ? '/' : `/${kind}/${contestId}/my`, cookies };
  }

  private myPage(req: ReplayRequest, session: Session, cookies: string[]): ReplayResponse {
    if (!session.user) return { redirect: `/enter?back=${encodeURIComponent(req.path)}`, cookies };
    if (this.garbledStatus) return this.html(session, cookies, this.layout(session, '<div>Temporarily unavailable, try later</div>'));
    const [, kind, contestId] = /\/(contest|gym)\/(\d+)\/my/.exec(req.path)!;
    const mine = this.runs.filter((r) => r.user === session.user && r.contestId === contestId).sort((a, b) => b.id - a.id);
    const rows = mine.map((run) => this.row(run, kind)).join('\n');
    for (const run of mine) run.reads++;
    return this.html(
      session,
      cookies,
      this.layout(
        session,
        `<div class="datatable"><table class="status-frame-datatable"><tr class="first-row"><th>#</th><th>When</th><th>Who</th><th>Problem</th><th>Lang</th><th>Verdict</th><th>Time</th><th>Memory</th></tr>\n${rows}\n</table></div>`,
      ),
    );
  }

  /** A status row as the site renders it: the verdict moves on with each read of the page. */
  private row(run: ReplayRun, kind: string): string {
    let waiting = true;
    let verdict = `<span class="verdict-waiting">In queue</span>`;
    let time = 0;
    let memory = 0;
    if (run.reads === 1)
      verdict = `<span class="submissionVerdictWrapper" submissionId="${run.id}" submissionVerdict="TESTING"><span class="verdict-waiting">Running on test 1</span></span>`;
    if (run.reads >= 2) {
      waiting = false;
      const shown: Record<CodeforcesOutcome, [string, number, number]> = {
        OK: ["<span class='verdict-accepted'>Accepted</span>", 46, 3600],
        WRONG_ANSWER: [
          '<span class=\'verdict-rejected\'>Wrong answer on test <span class="verdict-format-judged">2</span></span>',
          15,
          100,
        ],
        TIME_LIMIT_EXCEEDED: [
          '<span class=\'verdict-rejected\'>Time limit exceeded on test <span class="verdict-format-judged">3</span></span>',
          2000,
          512,
        ],
        COMPILATION_ERROR: ["<span class='verdict-rejected'>Compilation error</span>", 0, 0],
        SOMETHING_NEW: ["<span class='verdict-rejected'>Something new on test 1</span>", 31, 0],
      };
      const [text, ms, kb] = shown[run.outcome];
      verdict = `<span class='submissionVerdictWrapper' submissionId="${run.id}" submissionVerdict="${run.outcome}" >${text}</span>`;
      time = ms;
      memory = kb;
    }
    return `<tr data-submission-id="${run.id}" data-a="${run.id * 7}" partyMemberIds=";4242;"><td class="id-cell dark left"><a href="/${kind}/${run.contestId}/submission/${run.id}" submissionId="${run.id}" class="view-source" title="Source">${run.id}</a></td><td class="status-small"><span class="format-time" data-locale="en">Nov/29/2026 14:40</span></td><td class="status-party-cell"><a href="/profile/${run.user}" class="rated-user user-gray">${run.user}</a></td><td class="status-small" data-problemId="1"><a href="/${kind}/${run.contestId}/problem/${run.index}">${run.index} - Problem</a></td><td>${run.programTypeId}</td><td class="status-cell status-small status-verdict-cell" waiting="${waiting}">${verdict}</td><td class="time-consumed-cell">${time}&nbsp;ms</td><td class="memory-consumed-cell">${memory}&nbsp;KB</td></tr>`;
  }

  private judgeProtocol(req: ReplayRequest, session: Session, cookies: string[]): ReplayResponse {
    if (req.form.csrf_token !== session.csrf) return { status: 403, cookies, body: 'Invalid CSRF token' };
    if (this.judgeProtocolBroken) return this.html(session, cookies, this.layout(session, '<div>Access denied</div>'));
    const run = this.runs.find((r) => String(r.id) === req.form.submissionId && r.user === session.user);
    const text = run?.outcome === 'COMPILATION_ERROR' ? COMPILER_MESSAGE : '';
    return { cookies, contentType: 'application/json;charset=UTF-8', body: JSON.stringify(text) };
  }
}
