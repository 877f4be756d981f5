/**
 * The site adapter for BAS, 信息学奥赛一本通·启蒙版 (http://bas.ssoier.cn:8086): its problem pages, its login (a form
 * in every page's header, with a captcha drawn by login_xx.php), its submit form (action.php) and its per-run status
 * line (statusx1.php). The page shapes are read in bas.pages.ts; this file holds the protocol and turns every page
 * the site answers with instead of the expected one into a RemoteJudgeError.
 *
 * The captcha: BAS asks for one on login. We cannot read it, so an account is meant to carry a session cookie the
 * admin pasted (PHPSESSID of a browser that logged in); a password login is still tried, since the site has let
 * logins without the code through at times, and a refused captcha becomes a `challenge` asking for that cookie.
 */
import { JudgeStatus, type RemoteOj } from '@oj/contracts';
import type { RemoteHttp, RemoteResponse } from '../../http/remote-http';
import {
  RemoteJudgeError,
  verdictOf,
  type FetchedProblem,
  type RemoteLanguage,
  type RemoteRunState,
  type RemoteSession,
  type RemoteStep,
  type SiteAdapter,
} from '../site-adapter';
import { alertText, readCompileMessage, readHeader, readProblemPage, readRunLine, readStatusRunIds, textOf } from './bas.pages';

const SITE: RemoteOj = 'BAS';

/** What the site writes when an account submits again too soon (its own words). */
const TOO_FREQUENT = '提交频繁';
/** The site's refusal of code calling functions it forbids (system(), fork(), ...). */
const RESTRICTED = '被限制的函数';

export class BasAdapter implements SiteAdapter {
  readonly site = SITE;
  readonly defaultBaseUrl = 'http://bas.ssoier.cn:8086';
  readonly defaultCharset = 'utf-8';

  /** The submit form's language select (values as action.php takes them; G++14 is the form's first choice). */
  readonly languages: readonly RemoteLanguage[] = [
    { key: '7', name: 'G++14', contentType: 'cpp' },
    { key: '1', name: 'G++', contentType: 'cpp' },
    { key: '2', name: 'GCC', contentType: 'c' },
    { key: '3', name: 'Java', contentType: 'java' },
    { key: '4', name: 'Pascal', contentType: 'pascal' },
    { key: '5', name: 'Python', contentType: 'python' },
  ];

  /**
   * The run's result field (`Accepted`, `Unaccepted`, `Compile Error`, `Waiting`, `Judging`, older long names) and
   * the per-test codes an Unaccepted run lists (`WA`, `TLE`, ...): an Unaccepted run takes its first failing test's.
   */
  readonly verdicts: Readonly<Record<string, JudgeStatus>> = {
    waiting: JudgeStatus.Pending,
    judging: JudgeStatus.Judging,
    compiling: JudgeStatus.Compiling,
    running: JudgeStatus.Judging,
    accepted: JudgeStatus.Accepted,
    // no test detail to tell which failure: the site only says the run did not pass
    unaccepted: JudgeStatus.WrongAnswer,
    'compile error': JudgeStatus.CompileError,
    'wrong answer': JudgeStatus.WrongAnswer,
    'presentation error': JudgeStatus.PresentationError,
    'time limit exceed': JudgeStatus.TimeLimitExceeded,
    'time limit exceeded': JudgeStatus.TimeLimitExceeded,
    'memory limit exceed': JudgeStatus.MemoryLimitExceeded,
    'memory limit exceeded': JudgeStatus.MemoryLimitExceeded,
    'runtime error': JudgeStatus.RuntimeError,
    // we have no Output Limit verdict: too much output is a wrong answer
    'output limit exceed': JudgeStatus.WrongAnswer,
    'output limit exceeded': JudgeStatus.WrongAnswer,
    'restricted function': JudgeStatus.RuntimeError,
    ac: JudgeStatus.Accepted,
    wa: JudgeStatus.WrongAnswer,
    pe: JudgeStatus.PresentationError,
    tle: JudgeStatus.TimeLimitExceeded,
    mle: JudgeStatus.MemoryLimitExceeded,
    ole: JudgeStatus.WrongAnswer,
    re: JudgeStatus.RuntimeError,
    rf: JudgeStatus.RuntimeError,
    ce: JudgeStatus.CompileError,
  };

  readonly remoteIdPattern = /^\d{4,5}$/;

  async fetchProblem(http: RemoteHttp, remoteId: string): Promise<FetchedProblem> {
    this.checkId('fetch', remoteId);
    const url = http.url(`/problem_show.php?pid=${remoteId}`);
    const res = await http.get(url);
    if (res.status === 404) throw this.fail('fetch', 'not-found', `no problem ${remoteId} (HTTP 404)`);
    this.checkPage(res, 'fetch');
    const page = readProblemPage(res.text, res.url);
    if (page === 'missing') throw this.fail('fetch', 'not-found', `no problem ${remoteId}`);
    if (!page) throw this.fail('fetch', 'unparsable', `problem ${remoteId}: the page has no title or limits`);
    if (page.number !== remoteId) throw this.fail('fetch', 'unparsable', `problem ${remoteId}: the page shows problem ${page.number}`);
    const section = (name: string) => page.sections.get(name) ?? '';
    const source = textOf(section('来源'));
    const examples = page.sampleInputs.map((input, i) => ({ input, output: page.sampleOutputs[i] ?? '' }));
    return {
      problemId: `${SITE}-${remoteId}`,
      remoteId,
      title: page.title,
      description: section('题目描述'),
      input: section('输入'),
      output: section('输出'),
      hint: section('提示'),
      // the site's 来源 is often "无"/"No"; the site itself is then the source
      source: source && !/^(无|no)$/i.test(source) ? source : '信息学奥赛一本通·启蒙版',
      timeLimit: page.timeLimitMs,
      memoryLimit: Math.max(1, Math.round(page.memoryLimitKb / 1024)),
      examples,
      tags: [],
      url,
    };
  }

  async login(session: RemoteSession): Promise<void> {
    const { account, http } = session;
    if (account.userAgent) http.userAgent = account.userAgent;
    if (account.cookie) {
      await http.setCookieHeader(account.cookie);
      if (await this.isLoggedIn(session)) return;
      if (!account.password) throw this.fail('login', 'login-refused', 'the pasted cookie is no longer logged in');
    }
    // As a browser does: the page with the form, then (when asked) the captcha image, which opens the PHP session
    // the code is kept in; the login is posted with that session's cookie.
    const home = await http.get('/index.php');
    this.checkPage(home, 'login');
    const header = readHeader(home.text);
    if (header.captcha) this.checkPage(await http.get('/login_xx.php'), 'login');
    const res = await http.postForm('/login.php', {
      ...header.loginHidden,
      username: account.username,
      password: account.password,
      ...(header.captcha ? { auth: '' } : {}),
      login: '登录',
    });
    this.checkPage(res, 'login');
    const said = alertText(res.text) ?? '';
    // the form's own label says 验证码 too: only the alert, or the error's words, mean the code was refused
    if (said ? /验证码/.test(said) : /验证码错误/.test(res.text))
      throw this.fail(
        'login',
        'challenge',
        `captcha required (${said || '验证码错误'}): paste a logged-in session cookie for this account`,
      );
    if (said) throw this.fail('login', 'login-refused', said);
    if (readHeader(res.text).loggedIn || (await this.isLoggedIn(session))) return;
    throw this.fail('login', 'login-refused', 'the site did not keep the login');
  }

  async isLoggedIn(session: RemoteSession): Promise<boolean> {
    const res = await session.http.get('/index.php');
    this.checkPage(res, 'login');
    return readHeader(res.text).loggedIn;
  }

  async submit(session: RemoteSession, remoteId: string, languageKey: string, code: string, before: string | null): Promise<string> {
    this.checkId('submit', remoteId);
    if (!this.languages.some((l) => l.key === languageKey))
      throw this.fail('submit', 'rejected', `language ${languageKey} is not one the site judges`);
    const res = await session.http.postForm('/action.php', {
      user_id: session.account.username,
      problem_id: remoteId,
      language: languageKey,
      source: code,
      submit: '提交',
    });
    this.checkPage(res, 'submit');
    const said = alertText(res.text);
    if (res.text.includes(TOO_FREQUENT)) {
      const seconds = /(\d+)\s*(?:秒|s\b|seconds?)/i.exec(said ?? res.text);
      throw this.fail('submit', 'rate-limited', said ?? '提交频繁啦！', seconds ? Number(seconds[1]) * 1000 : undefined);
    }
    if (res.text.includes(RESTRICTED)) throw this.fail('submit', 'rejected', said ?? 'the code calls a function the site forbids');
    // the answer sends the browser on to the run's status: `runidx=N` in its script or in the redirect it followed
    const named = /runidx=(\d+)/.exec(res.url) ?? /runidx=(\d+)/.exec(res.text);
    if (named) return named[1];
    if (said) throw this.fail('submit', /登录|登陆/.test(said) ? 'login-refused' : 'rejected', said);
    if (readHeader(res.text).captcha && !readHeader(res.text).loggedIn)
      throw this.fail('submit', 'login-refused', 'the site answered as logged out');
    // The answer named no run: the account's newest run on the problem is ours only if it is newer than `before`.
    const latest = await this.latestRunId(session, remoteId, 'submit');
    if (latest && (before === null || BigInt(latest) > BigInt(before))) return latest;
    throw this.fail('submit', 'no-run-id', 'the answer named no run and the account has no newer run');
  }

  async latestRunId(session: RemoteSession, remoteId: string, step: RemoteStep = 'poll'): Promise<string | null> {
    this.checkId(step, remoteId);
    const user = session.account.username;
    const res = await session.http.get(`/status.php?showname=${encodeURIComponent(user)}&showpid=${remoteId}`);
    this.checkPage(res, step);
    const ids = readStatusRunIds(res.text, user, remoteId);
    if (!ids) throw this.fail(step, 'unparsable', 'the status page has no table of runs');
    // listed newest first, but the largest id is the newest whatever the order
    return ids.reduce<string | null>((max, id) => (max === null || BigInt(id) > BigInt(max) ? id : max), null);
  }

  async poll(session: RemoteSession, runId: string, remoteId: string): Promise<RemoteRunState> {
    if (!/^\d+$/.test(runId)) throw this.fail('poll', 'unparsable', `run id ${runId} is not a number`);
    const res = await session.http.get(`/statusx1.php?runidx=${runId}`);
    this.checkPage(res, 'poll');
    const line = readRunLine(res.text);
    if (!line) throw this.fail('poll', 'unparsable', `run ${runId}: the status answer is not a status line`);
    if (line.runId !== runId || (remoteId && line.problem !== remoteId))
      throw this.fail('poll', 'unparsable', `run ${runId}: the status answer is for run ${line.runId} of problem ${line.problem}`);

    const headStatus = verdictOf(this, line.result);
    if (headStatus === JudgeStatus.Pending) return { phase: 'queued', remoteVerdict: line.resultText };
    if (headStatus === JudgeStatus.Judging || headStatus === JudgeStatus.Compiling)
      return { phase: 'judging', remoteVerdict: line.resultText };

    if (headStatus === JudgeStatus.CompileError) {
      const ce = await session.http.get(`/show_ce_info.php?runid=${runId}`);
      this.checkPage(ce, 'poll');
      return {
        phase: 'final',
        remoteVerdict: line.resultText,
        status: JudgeStatus.CompileError,
        compileMessage: readCompileMessage(ce.text),
      };
    }

    // the run's time and memory: its slowest and largest test (each test is held to the limits on its own)
    const measured = line.tests.length
      ? { time: Math.max(...line.tests.map((t) => t.timeMs)), memory: Math.max(...line.tests.map((t) => t.memoryKb)) }
      : {};
    let status: JudgeStatus | undefined = headStatus;
    if (line.result.toLowerCase() === 'unaccepted') {
      const failing = line.tests.find((t) => verdictOf(this, t.verdict) !== JudgeStatus.Accepted);
      if (failing) status = verdictOf(this, failing.verdict);
      // a test code we do not know: keep it in the verdict text so it shows why this is a system error
      if (failing && status === undefined)
        return { phase: 'final', remoteVerdict: `${line.resultText} (${failing.verdict})`, status: JudgeStatus.SystemError, ...measured };
    }
    return {
      phase: 'final',
      remoteVerdict: line.resultText,
      status: status ?? JudgeStatus.SystemError,
      score: line.score,
      ...measured,
    };
  }

  /** Failures a page shows whatever it was: a bot wall, a rate limit, the site down. */
  private checkPage(res: RemoteResponse, step: RemoteStep): void {
    const wall = /cloudflare|cf-chl|just a moment|attention required|访问被拒绝|安全验证/i.test(res.text);
    if (res.status === 403 || ((res.status === 503 || res.status === 429) && wall))
      throw this.fail(step, 'challenge', `${wall ? 'Cloudflare challenge' : 'access refused'} (HTTP ${res.status})`);
    if (res.status === 429) {
      const after = Number(res.headers.get('retry-after'));
      throw this.fail(step, 'rate-limited', 'too many requests (HTTP 429)', after > 0 ? after * 1000 : undefined);
    }
    if (res.status >= 500) throw this.fail(step, 'unavailable', `the site answered HTTP ${res.status}`);
    if (res.status >= 400) throw this.fail(step, 'unparsable', `the site answered HTTP ${res.status}`);
  }

  private checkId(step: RemoteStep, remoteId: string): void {
    if (!this.remoteIdPattern.test(remoteId)) throw this.fail(step, 'not-found', `"${remoteId}" is not a BAS problem id (like 1001)`);
  }

  private fail(step: RemoteStep, kind: RemoteJudgeError['kind'], reason: string, retryAfterMs?: number): RemoteJudgeError {
    return new RemoteJudgeError(SITE, step, kind, reason, retryAfterMs);
  }
}
