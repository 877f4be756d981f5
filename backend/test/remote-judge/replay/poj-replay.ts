/**
 * A stand-in for poj.org on a loopback port, for the POJ adapter's tests. It answers in GBK with the pages' real
 * shapes (the ptt/plm/pst problem page, the `table.a` status list with its `tr.in` header, the "Error Occurred" page
 * with `<li>` reasons, the login failure alert, /showcompileinfo's `<pre>`), keeps the state the real site keeps (a
 * JSESSIONID per visitor, signed-in sessions, runs moving Waiting -> Compiling -> Running & Judging -> final on
 * successive reads of their row) and can be switched to answer each way the site fails.
 *
 * The rate-limit wording is this replay's assumption (POJ's real text for it was not available to check against);
 * the adapter recognises the usual phrasings of such a refusal, not this exact sentence.
 *
 * A run's outcome is chosen by a marker in its code, `/*verdict:Wrong Answer*\/`; without one it is Accepted.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { ReplayServer, type ReplayRequest, type ReplayResponse } from '../replay-server';

export type PojFailure =
  /** every page is Cloudflare's 403 interstitial */
  | 'challenge'
  /** the submit answers an "Error Occurred" page asking to wait */
  | 'rate-limit'
  /** every page is a 503 from the servlet container */
  | 'down'
  /** every request is a 429 asking to come back in 30 seconds (a rate limiter in front of the site) */
  | 'too-many'
  /** every page is POJ's own overload page (a 200 saying "temporarily unavailable") */
  | 'overloaded'
  /** every page is one with none of the expected markup */
  | 'garbage'
  /** the submit is taken (302 to the status list) but the run never shows up */
  | 'lose-run';

export interface PojRun {
  id: number;
  user: string;
  problemId: string;
  language: string;
  code: string;
  /** the results it shows, one per read of its row by id; the last stays */
  steps: string[];
  reads: number;
  compileMessage?: string;
}

const FIXTURES = join(__dirname, 'fixtures', 'poj');
const LANGUAGE_NAMES = ['G++', 'GCC', 'Java', 'Pascal', 'C++', 'C', 'Fortran'];

export class PojReplay {
  readonly server = new ReplayServer({ charset: 'gbk' });
  /** user id -> password */
  readonly accounts = new Map<string, string>([['hojbot', 'right-password']]);
  /** JSESSIONID -> signed-in user id (null: a visitor) */
  readonly sessions = new Map<string, string | null>();
  readonly runs: PojRun[] = [];
  failure: PojFailure | null = null;
  judgingSteps = ['Waiting', 'Compiling', 'Running & Judging'];
  private nextRunId = 25000001;
  private nextSession = 1;

  constructor() {
    this.server.on('*', /.*/, (req) => this.failing(req) ?? this.route(req));
  }

  start(): Promise<string> {
    return this.server.start();
  }

  stop(): Promise<void> {
    return this.server.stop();
  }

  get url(): string {
    return this.server.url;
  }

  addRun(user: string, problemId: string, finalVerdict = 'Accepted'): PojRun {
    const run: PojRun = { id: this.nextRunId++, user, problemId, language: 'G++', code: '', steps: [finalVerdict], reads: 0 };
    this.runs.push(run);
    return run;
  }

  private failing(req: ReplayRequest): ReplayResponse | undefined {
    switch (this.failure) {
      case 'challenge':
        return {
          status: 403,
          headers: { server: 'cloudflare', 'cf-ray': '8c0ffee000000002-LAX' },
          body: `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title></head><body><div id="challenge-body-text">poj.org needs to review the security of your connection before proceeding.</div><script>window._cf_chl_opt={cvId:'3'};</script></body></html>`,
        };
      case 'down':
        return {
          status: 503,
          body: '<html><head><title>Apache Tomcat - Error report</title></head><body><h1>HTTP Status 503 - </h1></body></html>',
        };
      case 'too-many':
        return { status: 429, headers: { 'retry-after': '30' }, body: '<html><body><h1>429 Too Many Requests</h1></body></html>' };
      case 'overloaded':
        return { body: '<html><body><p>The page is temporarily unavailable, please try again later.</p></body></html>' };
      case 'garbage':
        return { body: '<html><body><p>Under maintenance.</p></body></html>' };
      case 'rate-limit':
        if (req.method === 'POST' && req.path === '/submit')
          return { body: this.page(req, 'Error', errorPage('Please wait 10 seconds before you submit again.')) };
        return undefined;
      default:
        return undefined;
    }
  }

  private route(req: ReplayRequest): ReplayResponse {
    const key = `${req.method} ${req.path}`;
    if (key === 'GET /')
      return { ...this.session(req), body: this.page(req, 'Welcome To PKU JudgeOnline', '<p>Welcome To PKU JudgeOnline</p>') };
    if (key === 'POST /login') return this.login(req);
    if (key === 'GET /problem') return this.problem(req);
    if (key === 'POST /submit') return this.submit(req);
    if (key === 'GET /status') return { body: this.page(req, 'Problem Status List', this.statusList(req)) };
    if (key === 'GET /showcompileinfo') return this.compileInfo(req);
    return { status: 404, body: '<html><body><h1>HTTP Status 404 - </h1></body></html>' };
  }

  private session(req: ReplayRequest): ReplayResponse {
    if (req.cookies.JSESSIONID && this.sessions.has(req.cookies.JSESSIONID)) return {};
    const sid = `POJSESS${this.nextSession++}`;
    this.sessions.set(sid, null);
    return { cookies: [`JSESSIONID=${sid}; Path=/`] };
  }

  private userOf(req: ReplayRequest): string | null {
    return this.sessions.get(req.cookies.JSESSIONID ?? '') ?? null;
  }

  private login(req: ReplayRequest): ReplayResponse {
    const { user_id1, password1, B1 } = req.form;
    if (B1 !== 'login' || !user_id1 || this.accounts.get(user_id1) !== password1)
      return { body: `<html><head><script language=javascript>alert("Login failed!");history.go(-1);</script></head><body></body></html>` };
    let sid = req.cookies.JSESSIONID;
    const cookies: string[] = [];
    if (!sid || !this.sessions.has(sid)) {
      sid = `POJSESS${this.nextSession++}`;
      cookies.push(`JSESSIONID=${sid}; Path=/`);
    }
    this.sessions.set(sid, user_id1);
    // `url=.` sends the browser back where it came from: the home page for a form posted from it.
    return { cookies, redirect: req.form.url === '.' || !req.form.url ? '/' : req.form.url };
  }

  private problem(req: ReplayRequest): ReplayResponse {
    const id = req.query.get('id') ?? '';
    let html: string;
    try {
      html = readFileSync(join(FIXTURES, `problem-${id.replace(/\D/g, '')}.page`), 'utf8');
    } catch {
      return { body: this.page(req, 'Error', errorPage(`Can not find problem (ID:${escapeHtml(id)})`)) };
    }
    // Served with no charset in the header (only a gb2312 meta): the client's GBK default must decode it.
    return { contentType: 'text/html', body: html.replace('{{TOPBAR}}', topBar(this.userOf(req))) };
  }

  private submit(req: ReplayRequest): ReplayResponse {
    const user = this.userOf(req);
    if (!user) return { body: this.page(req, 'User Login', loginForm()) };
    const { problem_id, language, source, encoded, submit } = req.form;
    if (submit !== 'Submit' || !/^[0-6]$/.test(language ?? '') || !source)
      return { body: this.page(req, 'Error', errorPage('Invalid request.')) };
    if (!/^\d+$/.test(problem_id ?? ''))
      return { body: this.page(req, 'Error', errorPage(`Can not find problem (ID:${escapeHtml(problem_id ?? '')})`)) };
    const code = encoded === '1' ? Buffer.from(source, 'base64').toString('utf8') : source;
    if (code.length < 10)
      return {
        body: this.page(
          req,
          'Error',
          errorPage('Source code too short, submit FAILED; if you really need submit this source please contact administrator'),
        ),
      };
    if (this.failure === 'lose-run') return { redirect: 'status' };
    const marker = /\/\*verdict:([^*]+)\*\//.exec(code);
    const final = marker ? marker[1].trim() : 'Accepted';
    const run: PojRun = {
      id: this.nextRunId++,
      user,
      problemId: problem_id,
      language: LANGUAGE_NAMES[Number(language)],
      code,
      steps: [...this.judgingSteps, final],
      reads: 0,
    };
    if (final === 'Compile Error')
      run.compileMessage = `Main.cpp\nF:\\temp\\${run.id}\\Main.cpp(2) : error C2065: 'x' : undeclared identifier\nF:\\temp\\${run.id}\\Main.cpp(2) : error C2440: '=' : cannot convert from 'const char [3]' to 'int' & more`;
    this.runs.push(run);
    // a relative Location, as the servlet sends it
    return { redirect: 'status' };
  }

  private statusList(req: ReplayRequest): string {
    const top = Number(req.query.get('top') || Infinity);
    const pid = req.query.get('problem_id');
    const user = req.query.get('user_id');
    const shown = this.runs
      .filter((r) => r.id < top && (!pid || r.problemId === pid) && (!user || r.user === user))
      .sort((a, b) => b.id - a.id)
      .slice(0, 20);
    // Only a read of the run by id (the adapter's poll, `top=id+1`) moves it on, so a test sees every step.
    const polled = req.query.get('top') ? shown.find((r) => r.id === top - 1) : undefined;
    const rows = shown.map((r) => {
      const verdict = r.steps[Math.min(r.reads, r.steps.length - 1)];
      if (r === polled) r.reads++;
      return statusRow(r, verdict);
    });
    return `<p align=center><font size=5 color=blue>Problem Status List</font></p><form method=get action=status>Problem ID:<input type=text name=problem_id size=8 value="${escapeHtml(pid ?? '')}"> User ID:<input type=text name=user_id size=15 value="${escapeHtml(user ?? '')}"><input type=submit value=Go></form><TABLE cellSpacing=0 cellPadding=0 width=100% border=1 class=a bordercolor=#FFFFFF><tr class=in><td width=8%><b>Run ID</b></td><td width=10%><b>User</b></td><td width=6%><b>Problem</b></td><td width=20%><b>Result</b></td><td width=7%><b>Memory</b></td><td width=7%><b>Time</b></td><td width=7%><b>Language</b></td><td width=7%><b>Code Length</b></td><td width=17%><b>Submit Time</b></td></tr>${rows.join('\n')}</TABLE>`;
  }

  private compileInfo(req: ReplayRequest): ReplayResponse {
    const run = this.runs.find((r) => String(r.id) === req.query.get('solution_id'));
    if (!run?.compileMessage) return { body: this.page(req, 'Error', errorPage('No such solution')) };
    return {
      body: this.page(
        req,
        'Compile Error',
        `<p align=center><font size=4 color=#333399>Compile Error</font></p><pre><font face=Times size=3>${escapeHtml(run.compileMessage)}</font></pre>`,
      ),
    };
  }

  private page(req: ReplayRequest, title: string, content: string): string {
    return `<html><head><meta http-equiv="Content-Type" content="text/html; charset=gb2312"><title>${title}</title><link rel=stylesheet href=style.css type=text/css></head><body bgcolor=#FFFFFF>${topBar(this.userOf(req))}${content}</body></html>`;
  }
}

function topBar(user: string | null): string {
  const right = user
    ? `<a href=userstatus?user_id=${user}><b>${user}</b></a>&nbsp;&nbsp;<a href=mail><b>Mail:0(0)</b></a>&nbsp;&nbsp;<a href=logout><b>Log Out</b></a>`
    : `<form method=POST action=login><input type=hidden name=url value="."><b>User ID:</b><input type=text name=user_id1 size=8><b>Password:</b><input type=password name=password1 size=8><input type=submit name=B1 value=login> <a href=register>Register</a></form>`;
  return `<table border=0 width=100% class=a><tr><td><a href="."><img border=0 src=images/logo0.gif></a></td><td align=right>${right}</td></tr></table>`;
}

function loginForm(): string {
  return `<form method=POST action=login><input type=hidden name=url value="submit"><table align=center><tr><td>User ID:</td><td><input type=text name=user_id1></td></tr><tr><td>Password:</td><td><input type=password name=password1></td></tr><tr><td colspan=2><input type=submit name=B1 value=login></td></tr></table></form>`;
}

function errorPage(message: string): string {
  return `<p align=center><font size=5 color=red>Error Occurred</font></p><ul><li>${message}</li></ul><p align=center><a href="javascript:history.go(-1)">Go back</a></p>`;
}

function statusRow(run: PojRun, verdict: string): string {
  const final = !['Waiting', 'Compiling', 'Running & Judging'].includes(verdict);
  const ran = final && verdict !== 'Compile Error';
  const result =
    verdict === 'Compile Error'
      ? `<a href=showcompileinfo?solution_id=${run.id} target=_blank><font color=green>Compile Error</font></a>`
      : `<font color=${verdict === 'Accepted' ? 'blue' : final ? 'red' : 'green'}>${escapeHtml(verdict)}</font>`;
  return `<tr align=center><td>${run.id}</td><td><a href=userstatus?user_id=${run.user}>${run.user}</a></td><td><a href=problem?id=${run.problemId}>${run.problemId}</a></td><td>${result}</td><td>${ran ? `${160 + (run.id % 40)}K` : ''}</td><td>${ran ? `${run.id % 30}MS` : ''}</td><td>${run.language}</td><td>${Buffer.byteLength(run.code)}B</td><td>2026-11-29 14:${String(run.id % 60).padStart(2, '0')}:00</td></tr>`;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
