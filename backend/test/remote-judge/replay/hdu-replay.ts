/**
 * A stand-in for acm.hdu.edu.cn on a loopback port, for the HDU adapter's tests. It answers in GBK with the pages'
 * real shapes (the h1 + panel_title/panel_content problem page, the `table_text` status table, viewerror.php's
 * `<pre>`), keeps the state the real site keeps (a PHPSESSID per visitor, which sessions are signed in, runs that
 * move Queuing -> Compiling/Running -> final on successive reads of their status row) and can be switched to answer
 * each way the site fails.
 *
 * A run's outcome is chosen by a marker in its code, `/*verdict:Wrong Answer*\/`; without one it is Accepted.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { ReplayServer, type ReplayRequest, type ReplayResponse } from '../replay-server';

/** A 2×2 grey JPEG: what the site's statement pictures are served as. */
const STATEMENT_JPEG = Buffer.from(
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAP/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAAAP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKAA/9k=',
  'base64',
);

/** How the site misbehaves; `null`: it works. */
export type HduFailure =
  /** every page is Cloudflare's 403 interstitial */
  | 'challenge'
  /** the submit answers "Please don't re-submit in 5 seconds" */
  | 'rate-limit'
  /** every page is a 502 */
  | 'down'
  /** every request is a 429 asking to come back in 30 seconds (a rate limiter in front of the site) */
  | 'too-many'
  /** every page is a maintenance page with none of the expected markup */
  | 'garbage'
  /** the submit is taken (302 to the status page) but the run never shows up */
  | 'lose-run'
  /** the submit answers the site's error box (code too short) */
  | 'reject-code';

export interface HduRun {
  id: number;
  user: string;
  problemId: string;
  language: string;
  code: string;
  /** the verdict texts it shows, one per read of its status row; the last stays */
  steps: string[];
  /** reads of its status row so far */
  reads: number;
  compileMessage?: string;
}

const FIXTURES = join(__dirname, 'fixtures', 'hdu');
const LANGUAGE_NAMES = ['G++', 'GCC', 'C++', 'C', 'Pascal', 'Java', 'C#'];

export class HduReplay {
  readonly server = new ReplayServer({ charset: 'gbk' });
  /** username -> password */
  readonly accounts = new Map<string, string>([['hojbot', 'right-password']]);
  /** PHPSESSID -> signed-in username (null: a visitor) */
  readonly sessions = new Map<string, string | null>();
  readonly runs: HduRun[] = [];
  failure: HduFailure | null = null;
  /** verdict texts a run shows before its final one */
  judgingSteps = ['Queuing', 'Compiling'];
  private nextRunId = 41000001;
  private nextSession = 1;

  constructor() {
    const s = this.server;
    s.on('*', /.*/, (req) => this.failing(req) ?? this.route(req));
  }

  async start(): Promise<string> {
    return this.server.start();
  }

  stop(): Promise<void> {
    return this.server.stop();
  }

  get url(): string {
    return this.server.url;
  }

  /** Puts a run on the status page directly (another submit of the account, made before a test's). */
  addRun(user: string, problemId: string, finalVerdict = 'Accepted'): HduRun {
    const run: HduRun = { id: this.nextRunId++, user, problemId, language: 'G++', code: '', steps: [finalVerdict], reads: 0 };
    this.runs.push(run);
    return run;
  }

  private failing(req: ReplayRequest): ReplayResponse | undefined {
    switch (this.failure) {
      case 'challenge':
        return {
          status: 403,
          headers: { server: 'cloudflare', 'cf-ray': '8c0ffee000000001-HKG' },
          body: `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title></head><body><div id="challenge-body-text">acm.hdu.edu.cn needs to review the security of your connection before proceeding.</div><script src="/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1?ray=8c0ffee000000001"></script></body></html>`,
        };
      case 'down':
        return {
          status: 502,
          body: '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>',
        };
      case 'too-many':
        return { status: 429, headers: { 'retry-after': '30' }, body: '<html><body><h1>429 Too Many Requests</h1></body></html>' };
      case 'garbage':
        return { body: '<html><body><p>系统维护中，请稍后访问。</p></body></html>' };
      case 'rate-limit':
        if (req.method === 'POST' && req.path === '/submit.php')
          return { body: this.page(req, errorBox("Please don't re-submit in 5 seconds, thank you.")) };
        return undefined;
      case 'reject-code':
        if (req.method === 'POST' && req.path === '/submit.php')
          return {
            body: this.page(
              req,
              errorBox('Code length is improper! Make sure your code length is longer than 50 and not exceed 65536 Bytes.'),
            ),
          };
        return undefined;
      default:
        return undefined;
    }
  }

  private route(req: ReplayRequest): ReplayResponse {
    const key = `${req.method} ${req.path}`;
    if (key === 'GET /' || key === 'GET /index.php')
      return { ...this.session(req), body: this.page(req, '<p>Welcome to HDU Online Judge System</p>') };
    if (key === 'GET /userloginex.php') return { ...this.session(req), body: this.page(req, loginForm()) };
    if (key === 'POST /userloginex.php' && req.query.get('action') === 'login') return this.login(req);
    if (key === 'GET /showproblem.php') return this.problem(req);
    if (key === 'POST /submit.php' && req.query.get('action') === 'submit') return this.submit(req);
    if (key === 'GET /status.php') return { body: this.page(req, this.statusTable(req)) };
    if (key === 'GET /viewerror.php') return this.viewError(req);
    // statement pictures (problem 2050 shows one)
    if (req.method === 'GET' && /^\/data\/images\/[\w-]+\.jpg$/.test(req.path)) return { body: STATEMENT_JPEG, contentType: 'image/jpeg' };
    return { status: 404, body: '<html><body><h1>404 Not Found</h1></body></html>' };
  }

  /** Opens a PHP session for a visitor that has none, as the site's first page does. */
  private session(req: ReplayRequest): ReplayResponse {
    if (req.cookies.PHPSESSID && this.sessions.has(req.cookies.PHPSESSID)) return {};
    const sid = `hdusess${this.nextSession++}`;
    this.sessions.set(sid, null);
    return { cookies: [`PHPSESSID=${sid}; path=/`] };
  }

  private userOf(req: ReplayRequest): string | null {
    return this.sessions.get(req.cookies.PHPSESSID ?? '') ?? null;
  }

  private login(req: ReplayRequest): ReplayResponse {
    const { username, userpass, login } = req.form;
    if (login !== 'Sign In' || !username || this.accounts.get(username) !== userpass)
      return { body: this.page(req, `${errorBox('No such user or wrong password.')}${loginForm()}`) };
    // A good login binds the session it was posted in (or a new one) and sends the browser home.
    let sid = req.cookies.PHPSESSID;
    const cookies: string[] = [];
    if (!sid || !this.sessions.has(sid)) {
      sid = `hdusess${this.nextSession++}`;
      cookies.push(`PHPSESSID=${sid}; path=/`);
    }
    this.sessions.set(sid, username);
    return { cookies, redirect: '/' };
  }

  private problem(req: ReplayRequest): ReplayResponse {
    const pid = req.query.get('pid') ?? '';
    let html: string;
    try {
      html = readFileSync(join(FIXTURES, `problem-${pid.replace(/\D/g, '')}.page`), 'utf8');
    } catch {
      return { body: this.page(req, `<DIV>No such problem - <strong>Problem ID:</strong> ${escapeHtml(pid)}.</DIV>`) };
    }
    // The site names no charset in its header (only a gb2312 meta): the client's GBK default must decode it.
    return { contentType: 'text/html', body: html.replace('{{TOPBAR}}', topBar(this.userOf(req))) };
  }

  private submit(req: ReplayRequest): ReplayResponse {
    const user = this.userOf(req);
    if (!user) return { redirect: '/userloginex.php' };
    const { problemid, language, _usercode, check } = req.form;
    if (check !== '0' || !problemid || !/^[0-6]$/.test(language ?? '') || !_usercode)
      return { body: this.page(req, errorBox('Invalid request.')) };
    const code = decodeURIComponent(Buffer.from(_usercode, 'base64').toString('latin1'));
    if (this.failure === 'lose-run') return { redirect: '/status.php' };
    const marker = /\/\*verdict:([^*]+)\*\//.exec(code);
    const final = marker ? marker[1].trim() : 'Accepted';
    const run: HduRun = {
      id: this.nextRunId++,
      user,
      problemId: problemid,
      language: LANGUAGE_NAMES[Number(language)],
      code,
      steps: [...this.judgingSteps, final],
      reads: 0,
    };
    if (final === 'Compilation Error')
      run.compileMessage = `0_0_${run.id}_24512\\Main.cpp\n0_0_${run.id}_24512\\Main.cpp(3) : error C2065: 'cout' : undeclared identifier\n0_0_${run.id}_24512\\Main.cpp(3) : error C2143: syntax error : missing ';' before '<<'`;
    this.runs.push(run);
    return { redirect: '/status.php' };
  }

  private statusTable(req: ReplayRequest): string {
    const first = Number(req.query.get('first') || Infinity);
    const pid = req.query.get('pid');
    const user = req.query.get('user');
    const shown = this.runs
      .filter((r) => r.id <= first && (!pid || r.problemId === pid) && (!user || r.user === user))
      .sort((a, b) => b.id - a.id)
      .slice(0, 15);
    // A run's row moves on only when the run is looked up by id (the adapter's poll), so a test reads every step.
    const polled = req.query.get('first') ? shown.find((r) => r.id === first) : undefined;
    const rows = shown.map((r) => {
      const verdict = r.steps[Math.min(r.reads, r.steps.length - 1)];
      if (r === polled) r.reads++;
      return statusRow(r, verdict);
    });
    return `<div id="fixed_table"><table width="100%" border="0" align="center" cellspacing="2" class="table_text"><tr><td colspan=9 align=right><form action="/status.php" method=get>Problem ID:<input type=text name=pid size=6 value="${escapeHtml(pid ?? '')}"> Author:<input type=text name=user size=15 value="${escapeHtml(user ?? '')}"><input type=submit value=Go></form></td></tr><tr bgcolor=#D7EBFF align=center class="table_header"><td width=8%><strong>Run ID</strong></td><td width=16%><strong>Submit Time</strong></td><td width=16%><strong>Judge Status</strong></td><td width=8%><strong>Pro.ID</strong></td><td width=8%><strong>Exe.Time</strong></td><td width=8%><strong>Exe.Memory</strong></td><td width=8%><strong>Code Len.</strong></td><td width=8%><strong>Language</strong></td><td width=16%><strong>Author</strong></td></tr>${rows.join('\n')}</table></div>`;
  }

  private viewError(req: ReplayRequest): ReplayResponse {
    const run = this.runs.find((r) => String(r.id) === req.query.get('rid'));
    if (!run?.compileMessage) return { body: this.page(req, errorBox('No such error message.')) };
    return { body: this.page(req, `<table width=80% align=center><tr><td><pre>${escapeHtml(run.compileMessage)}</pre></td></tr></table>`) };
  }

  /** A page in the site's frame: the top bar says who is signed in. */
  private page(req: ReplayRequest, content: string): string {
    return `<html><head><meta http-equiv="Content-Type" content="text/html; charset=gb2312"><title>HDU Online Judge System</title></head><body><table width=980 border=0 align=center cellpadding=0 cellspacing=0><tr><td>${topBar(this.userOf(req))}</td></tr><tr><td align=center>${content}</td></tr></table></body></html>`;
  }
}

function topBar(user: string | null): string {
  return user
    ? `<div align=left style="font-size:16px;width:150px"><img alt="Author" src="/images/user.png"> <a href="/userstatus.php?user=${user}">${user}</a></div><a href="/control_panel.php">Control Panel</a> <a href="/userloginex.php?action=logout"><img alt="Sign Out" src="/images/signout.png" border=0> Sign Out</a>`
    : `<a href="/userloginex.php"><img alt="Sign In" src="/images/signin.png" border=0> Sign In</a> <a href="/register.php">Register new ID</a>`;
}

function loginForm(): string {
  return `<form action="/userloginex.php?action=login&cid=0&notice=0" method=post><table><tr><td>Author ID</td><td><input type=text name=username size=24></td></tr><tr><td>Password</td><td><input type=password name=userpass size=24></td></tr><tr><td colspan=2><input type=submit name=login value="Sign In"></td></tr></table></form>`;
}

function errorBox(message: string): string {
  return `<table width=500 align=center><tr><td><font color=red><b>One or more following ERROR(s) occurred.</b></font><br><ul><li>${message}</li></ul><br><a href="javascript:history.go(-1)">Back</a></td></tr></table>`;
}

function statusRow(run: HduRun, verdict: string): string {
  const final = !['Queuing', 'Compiling', 'Running'].includes(verdict);
  const time = final && verdict !== 'Compilation Error' ? `${15 + (run.id % 7)}MS` : '0MS';
  const memory = final && verdict !== 'Compilation Error' ? `${1700 + (run.id % 50)}K` : '0K';
  const cell =
    verdict === 'Compilation Error'
      ? `<a href="/viewerror.php?rid=${run.id}" target=_blank><font color=green>Compilation Error</font></a>`
      : `<font color=${verdict === 'Accepted' ? 'red' : final ? 'green' : 'blue'}>${verdict.replace(/ \(/, '<br>(')}</font>`;
  return `<tr align=center ><td height=22px>${run.id}</td><td>2026-11-29 14:${String(run.id % 60).padStart(2, '0')}:00</td><td>${cell}</td><td><a href="/showproblem.php?pid=${run.problemId}">${run.problemId}</a></td><td>${time}</td><td>${memory}</td><td><a href="/viewcode.php?rid=${run.id}"  target=_blank>${Buffer.byteLength(run.code)}B</a></td><td>${run.language}</td><td class=fixedsize><a href="/userstatus.php?user=${run.user}">${run.user}</a></td></tr>`;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
