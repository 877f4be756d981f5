/**
 * A replay of BAS (信息学奥赛一本通·启蒙版) for the adapter's tests: a ReplayServer answering the site's pages from
 * fixtures/bas/pages.ts and keeping the state the real site keeps. PHP sessions (PHPSESSID, opened by any page),
 * one good account, a captcha kept in the session by login_xx.php, runs numbered as the site numbers them that move
 * from Waiting to Judging to their result over successive statusx1.php reads, and switches that make it answer each
 * failure a remote judge meets: login refused, captcha, a login form token, a bot wall's 403, "提交频繁啦！", a 502, a page of another
 * shape, a submit answer naming no run, a restricted-function refusal.
 *
 * The verdict of a run comes from markers in its code, so a test says what it wants where it submits:
 * `WRONG` → Unaccepted with a WA test, `LOOP` → Unaccepted with a TLE test, `SYNTAX` → Compile Error,
 * `NODATA` → a result text the adapter does not know; anything else is Accepted.
 */
import { ReplayServer, type ReplayRequest, type ReplayResponse } from '../replay-server';
import {
  CLOUDFLARE_403,
  NGINX_502,
  PROBLEMS,
  alertPage,
  compileInfoPage,
  maintenancePage,
  page,
  problemPage,
  statusPage,
} from './fixtures/bas/pages';

export const BAS_USER = 'rjbas01';
export const BAS_PASSWORD = 'qmb-2024';
/** The code the captcha image shows (a test that knows it plays a person reading the image). */
export const BAS_CAPTCHA = 'k7m2x';

export const BAS_COMPILE_MESSAGE = [
  "Main.cpp: In function 'int main()':",
  "Main.cpp:5:5: error: 'cout' was not declared in this scope",
  '     cout << a + b',
  '     ^~~~',
  "Main.cpp:5:5: note: suggested alternative: 'std::cout'",
  "Main.cpp:6:1: error: expected ';' before '}' token",
].join('\n');

interface Run {
  id: number;
  user: string;
  pid: string;
  language: string;
  code: string;
  submitted: string;
  /** statusx1.php reads so far: 0 → Waiting, 1 → Judging, then the result */
  reads: number;
}

export interface BasSwitches {
  /** login.php answers the captcha as wrong unless `auth` is the session's code */
  captcha: boolean;
  /** every page is a bot wall's 403 */
  challenge: boolean;
  /** action.php answers "提交频繁啦！" (with this text after it, e.g. a wait in seconds) */
  rateLimit: string | null;
  /** every page is nginx's 502 */
  down: boolean;
  /** every page is a maintenance notice in the site's frame, none of the shapes the adapter reads */
  garbled: boolean;
  /** action.php takes the run but its answer goes back to status.php without naming it */
  hideRunId: boolean;
  /** action.php takes nothing and its answer names no run (a submit lost on the site's side) */
  dropSubmit: boolean;
  /** the login form carries a hidden per-session token (as newer HUSTOJ-family sites do) that login.php checks */
  csrf: boolean;
}

const SESSION = 'PHPSESSID';
const LOGIN_FORM = '<form action="login.php" method="post">';

export class BasReplay {
  readonly server = new ReplayServer({ charset: 'utf-8' });
  readonly accounts = new Map<string, string>([[BAS_USER, BAS_PASSWORD]]);
  /** session id → logged-in user (null: a session not logged in) and its captcha code */
  readonly sessions = new Map<string, { user: string | null; captcha: string | null; csrf?: string }>();
  readonly runs = new Map<number, Run>();
  switches: BasSwitches = BasReplay.normal();
  private nextRunId = 15_120_301;
  private nextSession = 1;

  static normal(): BasSwitches {
    return {
      captcha: false,
      challenge: false,
      rateLimit: null,
      down: false,
      garbled: false,
      hideRunId: false,
      dropSubmit: false,
      csrf: false,
    };
  }

  get url(): string {
    return this.server.url;
  }

  /** A logged-in session the way an admin would paste it from a browser. */
  loggedInCookie(user = BAS_USER): string {
    const id = `pasted${this.nextSession++}`;
    this.sessions.set(id, { user, captcha: null });
    return `${SESSION}=${id}`;
  }

  /** Adds a run the account made earlier (a run older than the one a test submits). */
  seedRun(pid: string, user = BAS_USER): number {
    const id = this.nextRunId++;
    this.runs.set(id, { id, user, pid, language: '7', code: 'old', submitted: '2026-11-28 20:15:02', reads: 9 });
    return id;
  }

  async start(): Promise<string> {
    const s = this.server;
    s.on(
      'GET',
      /\/(index\.php)?/,
      this.guard((req, user) => ({ body: page('信息学奥赛一本通·启蒙版', '<p>欢迎使用启蒙版在线评测系统</p>', user) })),
    );
    s.on(
      'GET',
      '/login_xx.php',
      this.guard((req, user, id) => this.captchaImage(id)),
    );
    s.on(
      'POST',
      '/login.php',
      this.guard((req, user, id) => this.login(req, id)),
    );
    s.on(
      'GET',
      '/logout.php',
      this.guard((req, user, id) => this.logout(id)),
    );
    s.on(
      'GET',
      '/problem_show.php',
      this.guard((req, user) => ({ body: problemPage(req.query.get('pid') ?? '', user) })),
    );
    s.on(
      'POST',
      '/action.php',
      this.guard((req, user) => this.submit(req, user)),
    );
    s.on(
      'GET',
      '/status.php',
      this.guard((req, user) => this.status(req, user)),
    );
    s.on(
      'GET',
      '/statusx1.php',
      this.guard((req, user) => this.statusLine(req, user)),
    );
    s.on(
      'GET',
      '/show_ce_info.php',
      this.guard((req, user) => this.compileInfo(req, user)),
    );
    return s.start();
  }

  stop(): Promise<void> {
    return this.server.stop();
  }

  /**
   * Every route goes through here: PHP opens a session on any page (Set-Cookie PHPSESSID when the request has
   * none), and the failure switches answer before the page does.
   */
  private guard(handler: (req: ReplayRequest, user: string | null, sessionId: string) => ReplayResponse) {
    return (req: ReplayRequest): ReplayResponse => {
      if (this.switches.down) return { status: 502, body: NGINX_502 };
      if (this.switches.challenge) return { status: 403, body: CLOUDFLARE_403 };
      let id = req.cookies[SESSION];
      let fresh = false;
      if (!id || !this.sessions.has(id)) {
        id = `s${String(this.nextSession++).padStart(6, '0')}fa2d`;
        this.sessions.set(id, { user: null, captcha: null });
        fresh = true;
      }
      const user = this.sessions.get(id)!.user;
      const answer = this.switches.garbled ? { body: maintenancePage(user) } : handler(req, user, id);
      if (this.switches.csrf && typeof answer.body === 'string' && answer.body.includes(LOGIN_FORM)) {
        const token = `tk${id}`;
        this.sessions.get(id)!.csrf = token;
        answer.body = answer.body.replace(LOGIN_FORM, `${LOGIN_FORM}<input type="hidden" name="csrf" value="${token}">`);
      }
      if (fresh) answer.cookies = [...(answer.cookies ?? []), `${SESSION}=${id}; path=/`];
      return answer;
    };
  }

  private captchaImage(sessionId: string): ReplayResponse {
    // the code is kept in the session the image was drawn for, as PHP's $_SESSION does
    this.sessions.get(sessionId)!.captcha = BAS_CAPTCHA;
    return { body: Buffer.from('GIF89a-captcha-k7m2x'), contentType: 'image/gif' };
  }

  private login(req: ReplayRequest, sessionId: string): ReplayResponse {
    const session = this.sessions.get(sessionId)!;
    if (this.switches.captcha && (!session.captcha || req.form.auth?.toLowerCase() !== session.captcha))
      return { body: alertPage('验证码错误！') };
    if (this.switches.csrf && (!session.csrf || req.form.csrf !== session.csrf))
      return { body: alertPage('非法提交，请刷新页面后重新登录！') };
    if (this.accounts.get(req.form.username) !== req.form.password) return { body: alertPage('用户名或密码错误！') };
    session.user = req.form.username;
    session.captcha = null;
    return { redirect: 'index.php' };
  }

  private logout(sessionId: string): ReplayResponse {
    this.sessions.get(sessionId)!.user = null;
    return { redirect: 'index.php' };
  }

  private submit(req: ReplayRequest, user: string | null): ReplayResponse {
    if (!user) return { body: alertPage('请先登录！') };
    if (this.switches.rateLimit !== null) return { body: alertPage(`提交频繁啦！${this.switches.rateLimit}`) };
    const { problem_id: pid, language, source } = req.form;
    if (!PROBLEMS[pid]) return { body: alertPage('题目不存在！') };
    if (/\bsystem\s*\(/.test(source)) return { body: alertPage('你的程序有被限制的函数,请检查你的代码。或你所在位置有无良访问。') };
    if (this.switches.dropSubmit) return { body: `<script language='javascript'>window.location.href='status.php';</script>` };
    const id = this.nextRunId++;
    this.runs.set(id, { id, user, pid, language, code: source, submitted: '2026-11-29 14:30:00', reads: 0 });
    const target = this.switches.hideRunId ? `status.php?showname=${user}` : `status.php?runidx=${id}`;
    return { body: `<script language='javascript'>window.location.href='${target}';</script>` };
  }

  /** The run's result field and test list as statusx1.php writes them, at its current read. */
  private result(run: Run): { field: string; tests: string } {
    if (run.reads === 0) return { field: 'Waiting', tests: '' };
    if (run.reads === 1) return { field: 'Judging', tests: '' };
    if (run.code.includes('SYNTAX')) return { field: 'Compile Error', tests: '' };
    if (run.code.includes('NODATA')) return { field: 'Problem Disabled (No Data)', tests: '' };
    if (run.code.includes('WRONG')) return { field: 'Unaccepted|10', tests: 'AC|1124_2,WA|1132_3,WA|1128_2,' };
    if (run.code.includes('LOOP')) return { field: 'Unaccepted|20', tests: 'AC|1124_2,AC|1136_5,TLE|1140_1000,' };
    return { field: 'Accepted|30', tests: 'AC|1124_2,AC|1160_15,AC|1140_7,' };
  }

  private statusLine(req: ReplayRequest, user: string | null): ReplayResponse {
    const run = this.runs.get(Number(req.query.get('runidx')));
    // the site answers an empty page to a run it does not have or that is not the session's
    if (!run || run.user !== user) return { body: '', contentType: 'text/html; charset=utf-8' };
    const { field, tests } = this.result(run);
    run.reads++;
    const line = `${run.user}:${run.pid}:${run.id}:${Buffer.byteLength(run.code)}:${field}${tests ? `:${tests}` : ''}`;
    return { body: line, contentType: 'text/html; charset=utf-8' };
  }

  private status(req: ReplayRequest, user: string | null): ReplayResponse {
    const showname = req.query.get('showname') ?? '';
    const showpid = req.query.get('showpid') ?? '';
    const rows = [...this.runs.values()]
      .filter((r) => (!showname || r.user === showname) && (!showpid || r.pid === showpid))
      .sort((a, b) => b.id - a.id)
      .map((r) => {
        const { field } = this.result({ ...r });
        const cell =
          field === 'Waiting'
            ? '<td><center><strong>等待判题</strong></center></td>'
            : field === 'Judging'
              ? '<td><center><strong>正在判题</strong></center></td>'
              : field === 'Compile Error'
                ? `<td><center><strong><a href=show_ce_info.php?runid=${r.id} class='ce'><span class='ce'>编译错误</span></a></strong></center></td>`
                : `<SCRIPT LANGUAGE="JavaScript">getResult("${r.id}", "${field}");</SCRIPT>`;
        const language = { '1': 'G++', '2': 'GCC', '3': 'Java', '4': 'Pascal', '5': 'Python', '7': 'G++14' }[r.language] ?? r.language;
        return {
          user: r.user,
          runId: r.id,
          pid: r.pid,
          totalScore: 30,
          resultCell: cell,
          language,
          length: r.code.length,
          submitted: r.submitted,
        };
      });
    return { body: statusPage(rows, user, showname, showpid) };
  }

  private compileInfo(req: ReplayRequest, user: string | null): ReplayResponse {
    const run = this.runs.get(Number(req.query.get('runid')));
    if (!run || run.user !== user) return { body: page('编译错误信息', '<p>没有这个提交</p>', user) };
    return { body: compileInfoPage(BAS_COMPILE_MESSAGE, user) };
  }
}
