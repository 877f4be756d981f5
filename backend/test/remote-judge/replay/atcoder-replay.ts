/**
 * A stand-in for atcoder.jp on a loopback port (issue 34 tests), answering in the site's page shapes: every page
 * carries `var csrfToken` and `var userScreenName` in its script, the REVEL_SESSION cookie holds the session (an
 * anonymous one is handed out on the first visit, as Revel does), refused forms come back with a red flash, a
 * submit redirects to the account's own list, and a run's page moves WJ -> "1/3" -> verdict over successive reads.
 *
 * Switches make it answer each failure: a Turnstile-guarded login, a Cloudflare 403 interstitial, the submit rate
 * limit flash, a 502, a page that is not the one asked for, and a submit whose run never shows up.
 */
import { randomBytes } from 'crypto';
import { readFileSync } from 'fs';
import { join } from 'path';
import { ReplayServer, type ReplayRequest, type ReplayResponse } from '../replay-server';

const FIXTURES = join(__dirname, 'fixtures', 'atcoder');
const TASKS: Record<string, string> = {
  abc110_a: readFileSync(join(FIXTURES, 'abc110_a.page'), 'utf8'),
  practice_2: readFileSync(join(FIXTURES, 'practice_2.page'), 'utf8'),
};

interface Session {
  user: string | null;
  csrf: string;
  flash: string | null;
}

export interface AtCoderRun {
  id: number;
  user: string;
  contest: string;
  task: string;
  language: string;
  code: string;
  /** the label shown on each read: the last stays */
  labels: string[];
  reads: number;
  time: number;
  memory: number;
  compileMessage: string;
}

export const ATCODER_COMPILE_MESSAGE = `Main.cpp: In function 'int main()':
Main.cpp:3:5: error: 'cout' was not declared in this scope; did you mean 'std::cout'?
    3 |     cout << 1 << endl;
      |     ^~~~
      |     std::cout
Main.cpp:3:5: note: 'std::cout' is declared in header <iostream>`;

export class AtCoderReplay {
  readonly server = new ReplayServer();
  readonly accounts = new Map<string, string>([['alice', 'alice-pass']]);
  readonly runs: AtCoderRun[] = [];
  private readonly sessions = new Map<string, Session>();
  private nextRun = 48_000_001;

  // failure switches
  /** the login form carries a Turnstile widget and refuses posts without its answer */
  turnstile = false;
  /** every page is Cloudflare's 403 interstitial */
  challenge = false;
  /** every page is a 502 */
  down = false;
  /** submits are refused with "Wait for N second to submit again." */
  rateLimitSeconds: number | null = null;
  /** task and run pages answer a page without their content (a maintenance notice) */
  garbled = false;
  /** a submit is taken but its run never appears in the account's list */
  loseRuns = false;

  get url(): string {
    return this.server.url;
  }

  async start(): Promise<string> {
    this.server.on('*', /.*/, (req) => this.route(req));
    return this.server.start();
  }

  stop(): Promise<void> {
    return this.server.stop();
  }

  /** A logged-in REVEL_SESSION for a user, as an admin would copy it from a browser. */
  issueSession(user: string): string {
    const id = randomBytes(12).toString('hex');
    this.sessions.set(id, { user, csrf: randomBytes(16).toString('base64'), flash: null });
    return id;
  }

  /** Ends every session: a pasted cookie stops working. */
  expireSessions(): void {
    this.sessions.clear();
  }

  reset(): void {
    this.turnstile = this.challenge = this.down = this.garbled = this.loseRuns = false;
    this.rateLimitSeconds = null;
  }

  private async route(req: ReplayRequest): Promise<ReplayResponse> {
    if (this.down)
      return {
        status: 502,
        body: '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center></body></html>',
      };
    if (this.challenge) return { status: 403, body: CLOUDFLARE_PAGE };
    const cookies: string[] = [];
    let sid = req.cookies.REVEL_SESSION;
    let session = sid ? this.sessions.get(sid) : undefined;
    if (!session) {
      sid = randomBytes(12).toString('hex');
      session = { user: null, csrf: randomBytes(16).toString('base64'), flash: null };
      this.sessions.set(sid, session);
      cookies.push(`REVEL_SESSION=${sid}; Path=/; HttpOnly`);
    }
    const answer = this.page(req, session);
    return { ...answer, cookies: [...cookies, ...(answer.cookies ?? [])] };
  }

  private page(req: ReplayRequest, session: Session): ReplayResponse {
    const { method, path } = req;
    if (method === 'GET' && (path === '/' || path === '/home')) return { body: layout(session, 'AtCoder', '<h1>AtCoder</h1>') };

    if (path === '/login') {
      if (method === 'GET') {
        const widget = this.turnstile ? '<div class="cf-turnstile" data-sitekey="0x4AAAAAAAexample"></div>' : '';
        return {
          body: layout(
            session,
            'Sign In - AtCoder',
            `<form class="form-horizontal" action="" method="POST">
<input type="hidden" name="csrf_token" value="${session.csrf}" />
<div class="form-group"><label for="username">Username</label><input type="text" class="form-control" id="username" name="username" value="" /></div>
<div class="form-group"><label for="password">Password</label><input type="password" class="form-control" id="password" name="password" /></div>
${widget}
<button type="submit" class="btn btn-primary" id="submit">Sign In</button>
</form>`,
          ),
        };
      }
      if (req.form.csrf_token !== session.csrf) return { status: 403, body: 'Invalid CSRF token' };
      if (this.turnstile && !req.form['cf-turnstile-response']) {
        session.flash = 'Please verify that you are not a robot.';
        return { redirect: '/login' };
      }
      if (this.accounts.get(req.form.username) !== req.form.password) {
        session.flash = 'Username or Password is incorrect.';
        return { redirect: '/login' };
      }
      session.user = req.form.username;
      return { redirect: '/home' };
    }

    let m = /^\/contests\/([^/]+)\/tasks\/([^/]+)$/.exec(path);
    if (m && method === 'GET') {
      const [, contest, task] = m;
      const fixture = TASKS[task];
      if (!fixture || contest !== task.slice(0, task.lastIndexOf('_')))
        return { status: 404, body: layout(session, '404 Not Found', '<h1>404 Not Found</h1>') };
      if (this.garbled) return { body: layout(session, 'AtCoder', '<p>Under maintenance.</p>') };
      const heading = /<span class="h2">\s*([^<]+?)\s*</.exec(fixture)![1];
      return { body: layout(session, `${heading} - AtCoder`, fixture) };
    }

    m = /^\/contests\/([^/]+)\/submit$/.exec(path);
    if (m) {
      const contest = m[1];
      if (!session.user) return { redirect: `/login?continue=${encodeURIComponent(`https://atcoder.jp${path}`)}` };
      if (method === 'GET')
        return {
          body: layout(
            session,
            'Submit - AtCoder',
            `<form class="form-horizontal form-code-submit" action="/contests/${contest}/submit" method="POST">
<input type="hidden" name="data.TaskScreenName" value="${req.query.get('taskScreenName') ?? ''}" />
<div id="select-lang-abc110_a" class="select-lang"><select name="data.LanguageId" class="form-control" data-placeholder="-"><option></option><option value="6017">C++23 (GCC 15.2.0)</option><option value="6082">Python (CPython 3.13.7)</option><option value="6088">Rust (rustc 1.89.0)</option></select></div>
<div id="select-lang-abc110_b" class="select-lang" style="display: none"><select name="data.LanguageId" class="form-control" data-placeholder="-"><option></option><option value="5001">C++ 20 (gcc 12.2)</option><option value="6017">C++23 (GCC 15.2.0)</option></select></div>
<textarea name="sourceCode"></textarea>
<input type="hidden" name="csrf_token" value="${session.csrf}" />
<button type="submit" class="btn btn-primary" id="submit">Submit</button>
</form>`,
          ),
        };
      if (req.form.csrf_token !== session.csrf) return { status: 403, body: 'Invalid CSRF token' };
      const back = `/contests/${contest}/submit?taskScreenName=${encodeURIComponent(req.form['data.TaskScreenName'] ?? '')}`;
      if (this.rateLimitSeconds !== null) {
        session.flash = `Wait for ${this.rateLimitSeconds} second to submit again.`;
        return { redirect: back };
      }
      if (!TASKS[req.form['data.TaskScreenName']]) {
        session.flash = 'Task not found.';
        return { redirect: back };
      }
      if (!this.loseRuns) this.runs.push(this.newRun(session.user, contest, req.form));
      return { redirect: `/contests/${contest}/submissions/me` };
    }

    m = /^\/contests\/([^/]+)\/submissions\/me$/.exec(path);
    if (m && method === 'GET') {
      const contest = m[1];
      if (!session.user) return { redirect: `/login?continue=${encodeURIComponent(`https://atcoder.jp${path}`)}` };
      const task = req.query.get('f.Task');
      const rows = this.runs
        .filter((r) => r.user === session.user && r.contest === contest && (!task || r.task === task))
        .sort((a, b) => b.id - a.id)
        .map(
          (r) => `<tr>
<td class="no-break"><time class='fixtime fixtime-second'>2026-11-29 23:40:12+0900</time></td>
<td><a href="/contests/${contest}/tasks/${r.task}">${r.task}</a></td>
<td><a href="/users/${r.user}">${r.user}</a></td>
<td><a href="/contests/${contest}/submissions?f.Language=${r.language}">C++23 (GCC 15.2.0)</a></td>
<td class="text-right submission-score" data-id="${r.id}">0</td>
<td class="text-right">${r.code.length} Byte</td>
<td class='text-center'><span class='label label-default'>WJ</span></td>
<td class="text-center"><a href='/contests/${contest}/submissions/${r.id}'>Detail</a></td>
</tr>`,
        )
        .join('\n');
      return {
        body: layout(
          session,
          'My Submissions - AtCoder',
          `<div class="table-responsive"><table class="table table-bordered table-striped small th-center"><thead><tr><th>Submission Time</th><th>Task</th><th>User</th><th>Language</th><th>Score</th><th>Code Size</th><th>Status</th><th></th></tr></thead><tbody>${rows}</tbody></table></div>`,
        ),
      };
    }

    m = /^\/contests\/([^/]+)\/submissions\/(\d+)$/.exec(path);
    if (m && method === 'GET') {
      const run = this.runs.find((r) => r.contest === m![1] && r.id === Number(m![2]));
      if (!run) return { status: 404, body: layout(session, '404 Not Found', '<h1>404 Not Found</h1>') };
      if (this.garbled) return { body: layout(session, 'AtCoder', '<p>Under maintenance.</p>') };
      const label = run.labels[Math.min(run.reads++, run.labels.length - 1)];
      const final = !/^(WJ|\d+\/\d+)/.test(label);
      const css = label === 'AC' ? 'label-success' : final ? 'label-warning' : 'label-default';
      const ce = final && label === 'CE' ? `<h4>Compile Error</h4>\n<pre>${escapeHtml(run.compileMessage)}</pre>` : '';
      const timeRows =
        final && label !== 'CE'
          ? `<tr><th>Exec Time</th><td class="text-center">${run.time} ms</td></tr><tr><th>Memory</th><td class="text-center">${run.memory} KiB</td></tr>`
          : '';
      return {
        body: layout(
          session,
          `Submission #${run.id} - AtCoder`,
          `<p><span class="h2">Submission #${run.id}</span></p>
<pre id="submission-code" data-ace-mode="cpp">${escapeHtml(run.code)}</pre>
${ce}
<h4>Submission Info</h4>
<div class="panel panel-default"><table class="table table-bordered table-striped">
<tr><th class="col-sm-4">Submission Time</th><td class="text-center"><time class='fixtime-second'>2026-11-29 23:40:12+0900</time></td></tr>
<tr><th>Task</th><td class="text-center"><a href="/contests/${run.contest}/tasks/${run.task}">${run.task}</a></td></tr>
<tr><th>User</th><td class="text-center"><a href="/users/${run.user}">${run.user}</a></td></tr>
<tr><th>Language</th><td class="text-center">C++23 (GCC 15.2.0)</td></tr>
<tr><th>Score</th><td class="text-center">${label === 'AC' ? 100 : 0}</td></tr>
<tr><th>Code Size</th><td class="text-center">${run.code.length} Byte</td></tr>
<tr><th>Status</th><td id="judge-status" class="text-center"><span class='label ${css}' data-toggle='tooltip' data-placement='top' title="">${label}</span></td></tr>
${timeRows}
</table></div>`,
        ),
      };
    }
    return { status: 404, body: layout(session, '404 Not Found', '<h1>404 Not Found</h1>') };
  }

  /** The run's course from the code: a `// verdict: XX` marker picks the final label (default AC). */
  private newRun(user: string, contest: string, form: Record<string, string>): AtCoderRun {
    const verdict = /\/\/ verdict: (\S+)/.exec(form.sourceCode)?.[1] ?? 'AC';
    return {
      id: this.nextRun++,
      user,
      contest,
      task: form['data.TaskScreenName'],
      language: form['data.LanguageId'],
      code: form.sourceCode,
      labels: verdict === 'CE' ? ['WJ', 'CE'] : ['WJ', verdict === 'AC' ? '1/3' : `1/3 ${verdict}`, verdict],
      reads: 0,
      time: verdict === 'TLE' ? 2207 : 1,
      memory: verdict === 'TLE' ? 3896 : 3476,
      compileMessage: ATCODER_COMPILE_MESSAGE,
    };
  }
}

function layout(session: Session, title: string, content: string): string {
  const flash = session.flash;
  session.flash = null;
  const alert = flash
    ? `<div class="alert alert-danger alert-dismissible col-sm-12 fade in" role="alert"><button type="button" class="close" data-dismiss="alert" aria-label="Close"><span aria-hidden="true">&times;</span></button><span class="glyphicon glyphicon-exclamation-sign" aria-hidden="true"></span> ${escapeHtml(flash)}</div>`
    : '';
  const nav = session.user
    ? `<li><a href="/users/${session.user}">My Profile</a></li><li><a href="javascript:form_logout.submit()">Sign Out</a></li>`
    : '<li><a href="/register">Sign Up</a></li><li><a href="/login">Sign In</a></li>';
  return `<!DOCTYPE html>
<html>
<head>
<title>${title}</title>
<meta http-equiv="Content-Type" content="text/html; charset=utf-8">
<script>
	var LANG = "en";
	var userScreenName = "${session.user ?? ''}";
	var csrfToken = "${session.csrf}"
</script>
</head>
<body>
<nav class="navbar navbar-inverse navbar-fixed-top"><ul class="nav navbar-nav navbar-right">${nav}</ul></nav>
<div id="main-container" class="container">
${alert}
<div class="row">
${content}
</div>
</div>
</body>
</html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const CLOUDFLARE_PAGE = `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title><meta http-equiv="Content-Type" content="text/html; charset=UTF-8"></head>
<body><div class="main-wrapper" role="main"><div class="main-content"><h1 class="zone-name-title h1">atcoder.jp</h1><h2 class="h2" id="challenge-running">Checking if the site connection is secure</h2></div></div>
<script>(function(){window._cf_chl_opt={cvId: '3',cZone: "atcoder.jp",cType: 'managed'};var a=document.createElement('script');a.src='/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1?ray=8abc';document.getElementsByTagName('head')[0].appendChild(a);}());</script></body></html>`;
