/**
 * A stand-in for www.spoj.com on a loopback port (issue 34 tests), answering in the site's page shapes: `/login/`
 * sets the SPOJ session cookies and redirects (or shows "Authentication failed!"), `/submit/complete/` answers a
 * confirmation page with the hidden `newSubmissionId`, and a run's status row (`#statusres_<id>` with its `final`
 * flag) moves waiting.. -> running.. -> result over successive reads; `/error/<id>/` holds a compile error.
 *
 * Switches make it answer each failure: a Cloudflare 403 interstitial, the submit flood refusal, a 500, a page
 * without the expected content, a confirmation page that names no run, and a submit whose run never appears.
 */
import { randomBytes } from 'crypto';
import { readFileSync } from 'fs';
import { join } from 'path';
import { ReplayServer, type ReplayRequest, type ReplayResponse } from '../replay-server';

const FIXTURES = join(__dirname, 'fixtures', 'spoj');
const PROBLEMS: Record<string, string> = {
  TEST: readFileSync(join(FIXTURES, 'TEST.page'), 'utf8'),
  GUESSNUM: readFileSync(join(FIXTURES, 'GUESSNUM.page'), 'utf8'),
};

export interface SpojRun {
  id: number;
  user: string;
  problem: string;
  lang: string;
  code: string;
  /** [text, final] shown on each read: the last stays */
  results: string[];
  reads: number;
  time: string;
  memory: string;
}

export const SPOJ_COMPILE_MESSAGE = `prog.cpp: In function 'int main()':
prog.cpp:4:2: error: 'printf' was not declared in this scope
  printf("%d\\n", n);
  ^~~~~~
prog.cpp:4:2: note: 'printf' is defined in header '<cstdio>'; did you forget to '#include <cstdio>'?`;

export class SpojReplay {
  readonly server = new ReplayServer();
  readonly accounts = new Map<string, string>([['alice', 'alice-pass']]);
  readonly runs: SpojRun[] = [];
  private readonly sessions = new Map<string, string>();
  private nextRun = 32_000_001;

  // failure switches
  /** every page is Cloudflare's 403 interstitial */
  challenge = false;
  /** every page is a 500 */
  down = false;
  /** submits are refused with "wait N seconds" (0: a flood notice naming no wait) */
  rateLimitSeconds: number | null = null;
  /** problem and status pages answer without their content */
  garbled = false;
  /** the submit confirmation leaves out newSubmissionId (the run is still made) */
  hideRunId = false;
  /** a submit is taken but its run never appears */
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

  /** A logged-in SPOJ cookie for a user, as an admin would copy it. */
  issueSession(user: string): string {
    const id = randomBytes(12).toString('hex');
    this.sessions.set(id, user);
    return id;
  }

  reset(): void {
    this.challenge = this.down = this.garbled = this.hideRunId = this.loseRuns = false;
    this.rateLimitSeconds = null;
  }

  private route(req: ReplayRequest): ReplayResponse {
    if (this.down) return { status: 500, body: '<html><body><h1>Internal Server Error</h1></body></html>' };
    if (this.challenge) return { status: 403, body: CLOUDFLARE_PAGE };
    const user = this.sessions.get(req.cookies.SPOJ ?? '') ?? null;
    const { method, path } = req;

    if (method === 'GET' && path === '/') return { body: layout(user, '<h3>Sphere Online Judge</h3>') };

    if (path === '/login/' && method === 'POST') {
      if (this.accounts.get(req.form.login_user) !== req.form.password)
        return {
          body: layout(null, `<p class="text-danger">Authentication failed! <a href="/forgot/">Forgot your password?</a></p>${LOGIN_FORM}`),
        };
      const sid = this.issueSession(req.form.login_user);
      return {
        cookies: [
          `SPOJ=${sid}; Path=/; HttpOnly`,
          `autologin_login=${req.form.login_user}; Path=/`,
          `autologin_hash=${randomBytes(8).toString('hex')}; Path=/`,
        ],
        redirect: req.form.next_raw || '/',
      };
    }

    let m = /^\/problems\/([A-Z0-9_]+)\/$/.exec(path);
    if (m && method === 'GET') {
      const fixture = PROBLEMS[m[1]];
      if (!fixture) return { status: 404, body: layout(user, '<h3>Wrong problem code!</h3>') };
      if (this.garbled) return { body: layout(user, '<p>The page is being updated.</p>') };
      return { body: layout(user, fixture) };
    }

    if (path === '/submit/complete/' && method === 'POST') {
      if (!user) return { body: layout(null, `<p>You have to be logged in to submit a solution.</p>${LOGIN_FORM}`) };
      if (this.rateLimitSeconds === 0)
        return {
          body: layout(user, '<p class="lead">You have submitted too many solutions in a short time. Please don\'t re-submit.</p>'),
        };
      if (this.rateLimitSeconds !== null)
        return {
          body: layout(
            user,
            `<p class="lead">You have submitted too many solutions in a short time. Please wait ${this.rateLimitSeconds} seconds and don't re-submit the same solution.</p>`,
          ),
        };
      if (!PROBLEMS[req.form.problemcode]) return { body: layout(user, '<p class="lead">Wrong problem code!</p>') };
      const run = this.newRun(user, req.form);
      if (!this.loseRuns) this.runs.push(run);
      const field = this.hideRunId ? '' : `<input type="hidden" name="newSubmissionId" value="${run.id}"/>`;
      return {
        body: layout(
          user,
          `<h3>Solution submitted!</h3>
<p>The solution to problem ${req.form.problemcode} has been submitted successfully. Check its status on the <a href="/status/">status page</a>.</p>
<form name="form_submission" method="post" action="/status/">${field}</form>`,
        ),
      };
    }

    m = /^\/status\/([A-Z0-9_]+),([^/]+)\/$/.exec(path);
    if (m && method === 'GET') {
      const [, problem, who] = m;
      const rows = this.runs
        .filter((r) => r.problem === problem && r.user === decodeURIComponent(who))
        .sort((a, b) => b.id - a.id)
        .map((r) => this.row(r, false));
      return { body: layout(user, statusTable(rows.join('\n'))) };
    }

    m = /^\/status\/ns=(\d+)\/?$/.exec(path);
    if (m && method === 'GET') {
      const run = this.runs.find((r) => r.id === Number(m![1]));
      if (this.garbled) return { body: layout(user, '<p>The page is being updated.</p>') };
      return { body: layout(user, statusTable(run ? this.row(run, true) : '')) };
    }

    m = /^\/error\/(\d+)\/?$/.exec(path);
    if (m && method === 'GET') {
      const run = this.runs.find((r) => r.id === Number(m![1]));
      if (!run || !user) return { body: layout(user, '<p>Access denied.</p>') };
      return {
        body: layout(
          user,
          `<h3>Compilation error</h3><div align="left"><pre><small>${escapeHtml(SPOJ_COMPILE_MESSAGE)}</small></pre></div>`,
        ),
      };
    }
    return { status: 404, body: layout(user, '<h3>Page not found</h3>') };
  }

  /** A status row; `read` moves the run on one step (the status page is what the judge's progress shows on). */
  private row(run: SpojRun, read: boolean): string {
    const index = Math.min(read ? run.reads++ : Math.max(run.reads - 1, 0), run.results.length - 1);
    const [text, final] = run.results[index].split('|');
    const done = final === '1';
    const code = { accepted: 15, 'wrong answer': 14, 'time limit exceeded': 13, 'compilation error': 11 }[text] ?? (done ? 12 : 0);
    return `<tr class="kol1">
<td class="statustext text-center"><a href="/users/${run.user}/">${run.id}</a></td>
<td class="status_sm"><span title="2026-11-29 14:40:12">2026-11-29 14:40:12</span></td>
<td class="sproblem"><a href="/problems/${run.problem}/" title="Life, the Universe, and Everything">${run.problem}</a></td>
<td class="statusres text-center" id="statusres_${run.id}" status="${code}" final="${done ? 1 : 0}" manual="0">
${text}
${done ? `<br/><span class="small"><a href="/files/src/${run.id}/">edit</a>&nbsp;&nbsp;<a href="/files/src/${run.id}/">ideone it</a></span>` : ''}
</td>
<td class="stime statustext text-center" id="statustime_${run.id}"><a href="/ranks/${run.problem}/" title="See the best solutions">${done ? run.time : '-'}</a></td>
<td class="smemory statustext text-center" id="statusmem_${run.id}">${done ? run.memory : '-'}</td>
<td class="slang text-center"><span>C++14 (gcc 8.3)</span></td>
</tr>`;
  }

  /** The run's course from the code: a `// verdict: text` marker picks the final result (default accepted). */
  private newRun(user: string, form: Record<string, string>): SpojRun {
    const verdict = /\/\/ verdict: ([^\n]+)/.exec(form.file)?.[1].trim() ?? 'accepted';
    return {
      id: this.nextRun++,
      user,
      problem: form.problemcode,
      lang: form.lang,
      code: form.file,
      results:
        verdict === 'compilation error' ? ['waiting..|0', 'compiling..|0', `${verdict}|1`] : ['waiting..|0', 'running..|0', `${verdict}|1`],
      reads: 0,
      time: verdict === 'time limit exceeded' ? '10.01' : '0.02',
      memory: verdict === 'compilation error' ? '-' : '5.3M',
    };
  }
}

const LOGIN_FORM = `<form method="post" action="/login/">
<input type="hidden" name="next_raw" value="/"/>
<input type="text" name="login_user" placeholder="username"/><input type="password" name="password"/>
<input type="checkbox" name="autologin" value="1"/><button type="submit" class="btn btn-primary">Log In</button>
</form>`;

function statusTable(rows: string): string {
  return `<table class="problems table newstatus"><thead><tr class="headerrow"><th>ID</th><th>DATE</th><th>PROBLEM</th><th>RESULT</th><th>TIME</th><th>MEM</th><th>LANG</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function layout(user: string | null, content: string): string {
  const nav = user
    ? `<li><a href="/users/${user}/"><span class="fa fa-user fa-fw"></span> ${user}</a></li><li><a href="/logout"><span class="fa fa-sign-out fa-fw"></span> sign out</a></li>`
    : '<li><a href="/login/"><span class="fa fa-sign-in fa-fw"></span> sign in</a></li><li><a href="/register/">sign up</a></li>';
  return `<!DOCTYPE html>
<html>
<head><meta charset="utf-8"/><title>SPOJ.com</title></head>
<body>
<nav class="navbar navbar-default"><ul class="nav navbar-nav navbar-right">${nav}</ul></nav>
<div class="container"><div class="row">
${content}
</div></div>
</body>
</html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const CLOUDFLARE_PAGE = `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title></head>
<body><div class="main-wrapper" role="main"><h1>www.spoj.com</h1><p>Verifying you are human. This may take a few seconds.</p></div>
<script src="/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1?ray=8abc"></script></body></html>`;
