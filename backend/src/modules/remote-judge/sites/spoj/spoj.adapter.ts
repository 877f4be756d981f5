/**
 * SPOJ (https://www.spoj.com) as a remote judge site (issue 34).
 *
 * SPOJ is a classic form site: `/login/` takes the account and sets the SPOJ session cookies, `/submit/complete/`
 * takes a submission and answers a confirmation page whose hidden `newSubmissionId` field names the run, and the
 * status pages show each run's row (`#statusres_<run>` with `final="1"` once judged). Problem codes are upper case
 * (`TEST`, `PRIME1`); problems show their tags, limits per cluster (`0.5s-1.5s`: we keep the upper bound) and a
 * statement whose parts are `<h3>` headings inside one `#problem-body`.
 */
import * as cheerio from 'cheerio';
import { absolutizeLinks } from '../page-text';
import { JudgeStatus } from '@oj/contracts';
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

/** "wait 30 seconds" in a refused submit. */
const WAIT_PATTERN = /wait\s+(?:for\s+)?(\d+)\s*sec/i;
/** A refused submit that names no wait. */
const FLOOD_PATTERN = /too many (?:submissions|solutions)|don'?t re-?submit|submitting too fast/i;

export class SpojAdapter implements SiteAdapter {
  readonly site = 'SPOJ' as const;
  readonly defaultBaseUrl = 'https://www.spoj.com';

  /** The submit form's `lang` options as SPOJ names them (its list is long: the widely used ones). */
  readonly languages: readonly RemoteLanguage[] = [
    { key: '11', name: 'C (gcc 8.3)', contentType: 'c' },
    { key: '81', name: 'C (clang 8.0)', contentType: 'c' },
    { key: '34', name: 'C99 (gcc 8.3)', contentType: 'c' },
    { key: '41', name: 'C++ (g++ 4.3.2)', contentType: 'cpp' },
    { key: '1', name: 'C++ (gcc 8.3)', contentType: 'cpp' },
    { key: '44', name: 'C++14 (gcc 8.3)', contentType: 'cpp' },
    { key: '82', name: 'C++14 (clang 8.0)', contentType: 'cpp' },
    { key: '27', name: 'C# (gmcs 5.20.1)', contentType: 'csharp' },
    { key: '102', name: 'D (dmd 2.085.0)', contentType: 'd' },
    { key: '5', name: 'Fortran (gfortran 8.3)', contentType: 'fortran' },
    { key: '114', name: 'Go (go 1.12.1)', contentType: 'go' },
    { key: '21', name: 'Haskell (ghc 8.4.4)', contentType: 'haskell' },
    { key: '10', name: 'Java (HotSpot 12)', contentType: 'java' },
    { key: '112', name: 'JavaScript (SMonkey 60.2.3)', contentType: 'javascript' },
    { key: '47', name: 'Kotlin (kotlin 1.3.21)', contentType: 'kotlin' },
    { key: '26', name: 'Lua (luac 5.3.3)', contentType: 'lua' },
    { key: '56', name: 'Node.js (node 11.12.0)', contentType: 'javascript' },
    { key: '8', name: 'Ocaml (ocamlopt 4.05.0)', contentType: 'plaintext' },
    { key: '22', name: 'Pascal (fpc 3.0.4)', contentType: 'pascal' },
    { key: '3', name: 'Perl (perl 5.28.1)', contentType: 'perl' },
    { key: '29', name: 'PHP (php 7.3.5)', contentType: 'php' },
    { key: '4', name: 'Python (cpython 2.7.16)', contentType: 'python' },
    { key: '99', name: 'Python (PyPy 2.7.13)', contentType: 'python' },
    { key: '116', name: 'Python 3 (python  3.7.3)', contentType: 'python' },
    { key: '126', name: 'Python 3 nbc (python 3.7.3)', contentType: 'python' },
    { key: '17', name: 'Ruby (ruby 2.5.5)', contentType: 'ruby' },
    { key: '93', name: 'Rust (rust 1.33.0)', contentType: 'rust' },
    { key: '39', name: 'Scala (scala 2.12.8)', contentType: 'scala' },
    { key: '85', name: 'Swift (swift 4.2.2)', contentType: 'swift' },
    { key: '28', name: 'Bash (bash 5.0.3)', contentType: 'shell' },
    { key: '62', name: 'Text (plain text)', contentType: 'plaintext' },
  ];

  /**
   * SPOJ's final result texts (the status cell's first line; runtime errors carry the signal). The in-progress
   * texts ("waiting..", "compiling..", "running judge..", "running..") are told apart by the cell's `final` flag.
   */
  readonly verdicts: Readonly<Record<string, JudgeStatus>> = {
    accepted: JudgeStatus.Accepted,
    'wrong answer': JudgeStatus.WrongAnswer,
    'time limit exceeded': JudgeStatus.TimeLimitExceeded,
    'memory limit exceeded': JudgeStatus.MemoryLimitExceeded,
    'compilation error': JudgeStatus.CompileError,
    'runtime error': JudgeStatus.RuntimeError,
    'runtime error (sigsegv)': JudgeStatus.RuntimeError,
    'runtime error (sigfpe)': JudgeStatus.RuntimeError,
    'runtime error (sigabrt)': JudgeStatus.RuntimeError,
    'runtime error (sigkill)': JudgeStatus.RuntimeError,
    'runtime error (sigxfsz)': JudgeStatus.RuntimeError,
    'runtime error (nzec)': JudgeStatus.RuntimeError,
    'runtime error (other)': JudgeStatus.RuntimeError,
    'internal error': JudgeStatus.SystemError,
  };

  /** Problem codes: upper-case letters, digits and `_` (`TEST`, `PRIME1`, `ACODE`). */
  readonly remoteIdPattern = /^[A-Z0-9_]{1,16}$/;

  async fetchProblem(http: RemoteHttp, remoteId: string): Promise<FetchedProblem> {
    this.checkId('fetch', remoteId);
    const path = `/problems/${remoteId}/`;
    const res = await http.get(path);
    if (res.status === 404) throw new RemoteJudgeError(this.site, 'fetch', 'not-found', `no problem ${remoteId}`);
    this.checkPage('fetch', res);
    const $ = cheerio.load(res.text);
    if (!$('#problem-name').length && /wrong problem code|problem not found/i.test($('body').text()))
      throw new RemoteJudgeError(this.site, 'fetch', 'not-found', `no problem ${remoteId}`);
    return parseSpojProblem(res.text, remoteId, http.url(path));
  }

  async login(session: RemoteSession): Promise<void> {
    const { http, account } = session;
    if (account.userAgent) http.userAgent = account.userAgent;
    if (account.cookie) {
      // A pasted cookie (SPOJ behind a Cloudflare check) is used as it is.
      await http.setCookieHeader(account.cookie);
      if (await this.isLoggedIn(session)) return;
      throw new RemoteJudgeError(this.site, 'login', 'login-refused', 'the pasted cookie no longer holds a login');
    }
    const res = await http.postForm('/login/', {
      next_raw: '/',
      autologin: '1',
      login_user: account.username,
      password: account.password,
    });
    this.checkPage('login', res);
    if (isLoggedInPage(res.text)) return;
    const $ = cheerio.load(res.text);
    const message = $('.text-danger, .alert-danger').first().clone();
    message.find('a').remove();
    const reason = message.text().replace(/\s+/g, ' ').trim();
    if (/captcha|robot/i.test(res.text) && !reason)
      throw new RemoteJudgeError(this.site, 'login', 'challenge', 'captcha on the login form: paste the account cookie');
    throw new RemoteJudgeError(this.site, 'login', 'login-refused', reason || 'login refused');
  }

  async isLoggedIn(session: RemoteSession): Promise<boolean> {
    const res = await session.http.get('/');
    this.checkPage('login', res);
    return isLoggedInPage(res.text);
  }

  async submit(session: RemoteSession, remoteId: string, languageKey: string, code: string, before: string | null): Promise<string> {
    this.checkId('submit', remoteId);
    const res = await session.http.postForm('/submit/complete/', {
      submit: 'Submit!',
      lang: languageKey,
      problemcode: remoteId,
      file: code,
    });
    this.checkPage('submit', res);
    const $ = cheerio.load(res.text);
    const runId = $('input[name="newSubmissionId"]').attr('value')?.trim();
    if (runId && /^\d+$/.test(runId)) return runId;

    // The notice is the smallest element saying it (the page's navigation is not part of the message).
    let text = '';
    $('p, h1, h2, h3, h4, li, td, div').each((_, el) => {
      const own = $(el).text().replace(/\s+/g, ' ').trim();
      if (
        (WAIT_PATTERN.test(own) || FLOOD_PATTERN.test(own) || /wrong problem code|in this language|too long/i.test(own)) &&
        (!text || own.length < text.length)
      )
        text = own;
    });
    if (!isLoggedInPage(res.text)) throw new RemoteJudgeError(this.site, 'submit', 'login-refused', 'not logged in');
    const wait = WAIT_PATTERN.exec(text);
    if (wait) throw new RemoteJudgeError(this.site, 'submit', 'rate-limited', sentenceAround(text, wait.index), Number(wait[1]) * 1000);
    const flood = FLOOD_PATTERN.exec(text);
    if (flood) throw new RemoteJudgeError(this.site, 'submit', 'rate-limited', sentenceAround(text, flood.index));
    for (const refusal of [
      /Wrong problem code!?/i,
      /[^.!]*submit in this language for this problem[^.!]*/i,
      /[^.!]*solution is too long[^.!]*/i,
    ]) {
      const m = refusal.exec(text);
      if (m) throw new RemoteJudgeError(this.site, 'submit', 'rejected', m[0].trim());
    }
    // Taken but not named: the account's status list tells which run it became.
    const run = await this.latestRunId(session, remoteId);
    if (run !== null && (before === null || BigInt(run) > BigInt(before))) return run;
    throw new RemoteJudgeError(this.site, 'submit', 'no-run-id', `the submit answer names no run and no new run of ${remoteId} is listed`);
  }

  async latestRunId(session: RemoteSession, remoteId: string): Promise<string | null> {
    const user = session.account.username;
    const res = await session.http.get(`/status/${encodeURIComponent(remoteId)},${encodeURIComponent(user)}/`);
    this.checkPage('submit', res);
    let newest: bigint | null = null;
    for (const m of res.text.matchAll(/id="statusres_(\d+)"/g)) if (newest === null || BigInt(m[1]) > newest) newest = BigInt(m[1]);
    return newest === null ? null : String(newest);
  }

  async poll(session: RemoteSession, runId: string): Promise<RemoteRunState> {
    const res = await session.http.get(`/status/ns=${encodeURIComponent(runId)}/`);
    this.checkPage('poll', res);
    const state = parseSpojRun(this, res.text, runId);
    if (state.status === JudgeStatus.CompileError) {
      // The compiler's output has its own page.
      const error = await session.http.get(`/error/${encodeURIComponent(runId)}/`);
      this.checkPage('poll', error);
      const $ = cheerio.load(error.text);
      state.compileMessage = $('pre').first().text();
    }
    return state;
  }

  private checkId(step: RemoteStep, remoteId: string): void {
    if (!this.remoteIdPattern.test(remoteId))
      throw new RemoteJudgeError(this.site, step, 'not-found', `"${remoteId}" is not a SPOJ problem code (like TEST)`);
  }

  /** The failures any SPOJ page can answer with, in place of the page asked for. */
  private checkPage(step: RemoteStep, res: RemoteResponse): void {
    if ((res.status === 403 || res.status === 503) && /challenge-platform|cf-chl|Just a moment\.\.\.|Attention Required!/i.test(res.text))
      throw new RemoteJudgeError(this.site, step, 'challenge', `Cloudflare challenge (HTTP ${res.status})`);
    if (res.status >= 500) throw new RemoteJudgeError(this.site, step, 'unavailable', `site error (HTTP ${res.status})`);
    if (res.status === 429) {
      const seconds = Number(res.headers.get('retry-after'));
      throw new RemoteJudgeError(this.site, step, 'rate-limited', 'too many requests (HTTP 429)', seconds > 0 ? seconds * 1000 : undefined);
    }
    if (res.status >= 400) throw new RemoteJudgeError(this.site, step, 'unavailable', `HTTP ${res.status}`);
  }
}

/** A page of a logged-in account links to the sign-out. */
function isLoggedInPage(html: string): boolean {
  const $ = cheerio.load(html);
  return $('a[href="/logout"], a[href$="/logout/"], span.fa-sign-out').length > 0;
}

/** The sentence of a page's text that holds position `at` (for a message that quotes the site). */
function sentenceAround(text: string, at: number): string {
  const start = Math.max(text.lastIndexOf('.', at), text.lastIndexOf('!', at)) + 1;
  const ends = ['.', '!'].map((c) => text.indexOf(c, at)).filter((i) => i >= 0);
  const end = ends.length ? Math.min(...ends) + 1 : text.length;
  return text.slice(start, end).trim();
}

/** `10s`, `0.5s-1.5s` (per cluster: the slowest bound) -> ms. */
function secondsToMs(text: string): number | null {
  const values = [...text.matchAll(/([\d.]+)\s*s/g)].map((m) => Number(m[1]));
  return values.length ? Math.round(Math.max(...values) * 1000) : null;
}

/** A problem page as a FetchedProblem. */
export function parseSpojProblem(html: string, remoteId: string, url: string): FetchedProblem {
  const $ = cheerio.load(html);
  const unparsable = (what: string) => new RemoteJudgeError('SPOJ', 'fetch', 'unparsable', `problem page of ${remoteId}: ${what}`);
  const name = $('#problem-name').first().text().replace(/\s+/g, ' ').trim();
  if (!name) throw unparsable('no #problem-name');
  const title = name.replace(/^\S+\s+-\s+/, '').trim();
  const body = $('#problem-body').first();
  if (!body.length) throw unparsable('no #problem-body');

  const info = new Map<string, string>();
  $('table.probleminfo tr').each((_, tr) => {
    const cells = $(tr).children('td');
    info.set(cells.eq(0).text().trim().replace(/:$/, '').toLowerCase(), cells.eq(1).text().replace(/\s+/g, ' ').trim());
  });
  const timeLimit = secondsToMs(info.get('time limit') ?? '');
  const memory = /([\d.]+)\s*(MB|KB|GB)/i.exec(info.get('memory limit') ?? '');
  if (timeLimit === null || !memory) throw unparsable('no time / memory limit');
  const unit = memory[2].toUpperCase();
  const memoryLimit = Math.round(Number(memory[1]) * (unit === 'GB' ? 1024 : unit === 'KB' ? 1 / 1024 : 1));

  absolutizeLinks($, body, url);

  // Cut the body at its <h3> headings: the text before the first is the statement proper.
  const parts: { heading: string; html: string }[] = [{ heading: '', html: '' }];
  body.contents().each((_, node) => {
    if (node.type === 'tag' && node.name === 'h3') parts.push({ heading: $(node).text().trim().toLowerCase(), html: '' });
    else parts[parts.length - 1].html += $.html(node);
  });
  const partOf = (...names: RegExp[]) =>
    parts
      .filter((p) => p.heading && names.some((n) => n.test(p.heading)))
      .map((p) => p.html.trim())
      .join('\n');
  const structured = parts.length > 1;
  const examples: FetchedProblem['examples'] = [];
  for (const part of parts.filter((p) => /^(example|sample)/.test(p.heading))) {
    const fragment = cheerio.load(part.html);
    fragment('pre').each((_, pre) => {
      const text = fragment(pre).text().replace(/\r\n/g, '\n');
      for (const m of text.matchAll(/Input:?[ \t]*\n([\s\S]*?)\n\s*Output:?[ \t]*\n([\s\S]*?)(?=\n\s*Input:?[ \t]*\n|$)/gi))
        examples.push({ input: `${m[1].trim()}\n`, output: `${m[2].trim()}\n` });
    });
  }
  const tags = $('#problem-tags [data-tagid]')
    .map((_, t) => $(t).clone().children().remove().end().text().trim().replace(/^#/, ''))
    .get()
    .filter(Boolean);

  return {
    problemId: `SPOJ-${remoteId}`,
    remoteId,
    title,
    description: structured ? parts[0].html.trim() : (body.html() ?? '').trim(),
    input: structured ? partOf(/^input/) : '',
    output: structured ? partOf(/^output/) : '',
    hint: structured ? partOf(/^(note|hint|explanation|information)/) : '',
    source: info.get('resource') || `SPOJ ${remoteId}`,
    timeLimit,
    memoryLimit,
    examples,
    tags,
    url,
    interactive: tags.includes('interactive') || /\binteractive (problem|task)\b/i.test(body.text()),
  };
}

/** A status page's row for one run as a RemoteRunState. */
export function parseSpojRun(adapter: Pick<SiteAdapter, 'verdicts'>, html: string, runId: string): RemoteRunState {
  const $ = cheerio.load(html);
  const cell = $(`#statusres_${runId}`).first();
  if (!cell.length) throw new RemoteJudgeError('SPOJ', 'poll', 'unparsable', `no status row for run ${runId}`);
  // The cell's first line is the result; "edit" / "ideone it" links follow it.
  const shown = cell.clone().children().remove().end().text().replace(/\s+/g, ' ').trim();
  if (cell.attr('final') !== '1') return { phase: /^(waiting|queue)/i.test(shown) ? 'queued' : 'judging', remoteVerdict: shown };

  const state: RemoteRunState = { phase: 'final', remoteVerdict: shown, status: verdictOf(adapter, shown) ?? JudgeStatus.SystemError };
  // Challenge (scored) problems show the score in place of "accepted".
  if (/^\d+(\.\d+)?$/.test(shown) && cell.attr('status') === '15') {
    state.status = JudgeStatus.Accepted;
    state.score = Number(shown);
  }
  const time = /^([\d.]+)$/.exec($(`#statustime_${runId}`).text().trim());
  if (time) state.time = Math.round(Number(time[1]) * 1000);
  const memory = /^([\d.]+)\s*([MKG])/i.exec($(`#statusmem_${runId}`).text().trim());
  if (memory) {
    const unit = memory[2].toUpperCase();
    state.memory = Math.round(Number(memory[1]) * (unit === 'G' ? 1024 * 1024 : unit === 'M' ? 1024 : 1));
  }
  return state;
}
