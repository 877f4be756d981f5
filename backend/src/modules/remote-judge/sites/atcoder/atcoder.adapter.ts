/**
 * AtCoder (https://atcoder.jp) as a remote judge site (issue 34).
 *
 * AtCoder is a Revel app: every page carries the session's CSRF token (`var csrfToken = "..."` and a hidden
 * `csrf_token` field in its forms) and the whole session, login included, lives in the REVEL_SESSION cookie. The
 * login form is now guarded by a Cloudflare Turnstile widget a server cannot solve, so an account normally works
 * from a REVEL_SESSION cookie the admin pasted; the plain form login is still tried when no cookie was pasted (it
 * works where the widget is not enforced) and reports the Turnstile wall as a `challenge`.
 *
 * A task id (`abc110_a`) lives inside a contest (`abc110`): pages are `/contests/<contest>/tasks/<task>`, submits
 * go to `/contests/<contest>/submit` and runs are read at `/contests/<contest>/submissions/<run>`. A submit answers
 * with a redirect to the account's own list, never with the run id, so the run is always found by latestRunId.
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

/** The contest a task belongs to: everything before the last `_` (`abc110_a` -> `abc110`, `typical90_a` -> `typical90`). */
export function atcoderContestOf(taskId: string): string {
  const cut = taskId.lastIndexOf('_');
  return cut > 0 ? taskId.slice(0, cut) : taskId;
}

/** Seconds the site asks us to wait before the next submit, from its flash message. */
const WAIT_PATTERN = /wait\s+(?:for\s+)?(\d+)\s*sec/i;

export class AtCoderAdapter implements SiteAdapter {
  readonly site = 'AC' as const;
  readonly defaultBaseUrl = 'https://atcoder.jp';

  /**
   * The submit form's `data.LanguageId` options of the current language set (the 2025 update, ids 6001..), the
   * widely used ones, in the form's order. Contests run before the update may offer only their own set: submit
   * checks the key against the task's form and refuses a language the form does not offer.
   */
  readonly languages: readonly RemoteLanguage[] = [
    { key: '6002', name: 'Ada 2022 (GNAT 15.2.0)', contentType: 'plaintext' },
    { key: '6005', name: 'Assembly x64 (NASM 2.16.03)', contentType: 'plaintext' },
    { key: '6006', name: 'AWK (GNU awk 5.2.1)', contentType: 'plaintext' },
    { key: '6008', name: 'Bash (bash 5.3)', contentType: 'shell' },
    { key: '6013', name: 'C23 (Clang 21.1.0)', contentType: 'c' },
    { key: '6014', name: 'C23 (GCC 14.2.0)', contentType: 'c' },
    { key: '6015', name: 'C# 13.0 (.NET 9.0.8)', contentType: 'csharp' },
    { key: '6017', name: 'C++23 (GCC 15.2.0)', contentType: 'cpp' },
    { key: '6027', name: 'Common Lisp (SBCL 2.5.8)', contentType: 'plaintext' },
    { key: '6028', name: 'Crystal (Crystal 1.17.0)', contentType: 'plaintext' },
    { key: '6030', name: 'D (DMD 2.111.0)', contentType: 'plaintext' },
    { key: '6033', name: 'Dart (Dart 3.9.2)', contentType: 'dart' },
    { key: '6038', name: 'Elixir (Elixir 1.18.4 (OTP 28.0.2))', contentType: 'elixir' },
    { key: '6041', name: 'Erlang (Erlang 28.0.2)', contentType: 'plaintext' },
    { key: '6042', name: 'F# 9.0 (.NET 9.0.8)', contentType: 'fsharp' },
    { key: '6047', name: 'Fortran2023 (GCC 14.2.0)', contentType: 'plaintext' },
    { key: '6051', name: 'Go (go 1.25.1)', contentType: 'go' },
    { key: '6052', name: 'Haskell (GHC 9.8.4)', contentType: 'plaintext' },
    { key: '6054', name: 'C++ IOI-Style(GNU++20) (GCC 14.2.0)', contentType: 'cpp' },
    { key: '6056', name: 'Java24 (OpenJDK 24.0.2)', contentType: 'java' },
    { key: '6058', name: 'JavaScript (Deno 2.4.5)', contentType: 'javascript' },
    { key: '6059', name: 'JavaScript (Node.js 22.19.0)', contentType: 'javascript' },
    { key: '6062', name: 'Kotlin (Kotlin/JVM 2.2.10)', contentType: 'kotlin' },
    { key: '6067', name: 'Lua (Lua 5.4.7)', contentType: 'lua' },
    { key: '6072', name: 'Nim (Nim 2.2.4)', contentType: 'plaintext' },
    { key: '6073', name: 'OCaml (ocamlopt 5.3.0)', contentType: 'plaintext' },
    { key: '6075', name: 'Pascal (fpc 3.2.2)', contentType: 'pascal' },
    { key: '6076', name: 'Perl (perl 5.38.2)', contentType: 'perl' },
    { key: '6077', name: 'PHP (PHP 8.4.12)', contentType: 'php' },
    { key: '6082', name: 'Python (CPython 3.13.7)', contentType: 'python' },
    { key: '6083', name: 'Python (PyPy 3.11-v7.3.20)', contentType: 'python' },
    { key: '6084', name: 'R (GNU R 4.5.0)', contentType: 'r' },
    { key: '6087', name: 'Ruby 3.4 (ruby 3.4.5)', contentType: 'ruby' },
    { key: '6088', name: 'Rust (rustc 1.89.0)', contentType: 'rust' },
    { key: '6090', name: 'Scala (Dotty 3.7.2)', contentType: 'scala' },
    { key: '6095', name: 'Swift 6.2', contentType: 'swift' },
    { key: '6099', name: 'Text (cat 9.4)', contentType: 'plaintext' },
    { key: '6100', name: 'TypeScript 5.8 (Deno 2.4.5)', contentType: 'typescript' },
    { key: '6102', name: 'TypeScript 5.9 (tsc 5.9.2 (Node.js 22.19.0))', contentType: 'typescript' },
    { key: '6111', name: 'Zig (Zig 0.15.1)', contentType: 'plaintext' },
    { key: '6114', name: 'Julia (Julia 1.11.6)', contentType: 'julia' },
    { key: '6116', name: 'C++23 (Clang 21.1.0)', contentType: 'cpp' },
  ];

  /**
   * AtCoder's final verdict codes as its status label shows them. `WJ` (waiting), `WR` (waiting for rejudge) and the
   * `3/12` progress counters are not verdicts: poll reads them as queued / judging before it looks here.
   */
  readonly verdicts: Readonly<Record<string, JudgeStatus>> = {
    ac: JudgeStatus.Accepted,
    wa: JudgeStatus.WrongAnswer,
    tle: JudgeStatus.TimeLimitExceeded,
    mle: JudgeStatus.MemoryLimitExceeded,
    re: JudgeStatus.RuntimeError,
    // output limit and query limit (interactive tasks) exceeded: the program misbehaved at run time
    ole: JudgeStatus.RuntimeError,
    qle: JudgeStatus.RuntimeError,
    ce: JudgeStatus.CompileError,
    // internal error: the judge itself failed
    ie: JudgeStatus.SystemError,
  };

  /** `abc110_a`, `arc001_1`, `typical90_a`, `practice_2`: lower-case contest slug, `_`, task letter or number. */
  readonly remoteIdPattern = /^[a-z0-9][a-z0-9_-]*_[a-z0-9]+$/;

  async fetchProblem(http: RemoteHttp, remoteId: string): Promise<FetchedProblem> {
    this.checkId('fetch', remoteId);
    const contest = atcoderContestOf(remoteId);
    const path = `/contests/${contest}/tasks/${remoteId}`;
    const res = await http.get(path);
    if (res.status === 404) throw new RemoteJudgeError(this.site, 'fetch', 'not-found', `no task ${remoteId} in contest ${contest}`);
    this.checkPage('fetch', res);
    return parseAtCoderTask(res.text, remoteId, http.url(path));
  }

  async login(session: RemoteSession): Promise<void> {
    const { http, account } = session;
    if (account.userAgent) http.userAgent = account.userAgent;
    if (account.cookie) {
      // The pasted REVEL_SESSION is the login: it only has to be checked, posting the form would need Turnstile.
      await http.setCookieHeader(account.cookie);
      if (await this.isLoggedIn(session)) return;
      throw new RemoteJudgeError(this.site, 'login', 'login-refused', 'the pasted REVEL_SESSION cookie no longer holds a login');
    }
    const form = await http.get('/login');
    this.checkPage('login', form);
    const csrf = csrfTokenOf(form.text);
    if (!csrf) throw new RemoteJudgeError(this.site, 'login', 'unparsable', 'no csrf_token on the login page');
    const turnstile = /cf-turnstile/.test(form.text);
    const res = await http.postForm('/login', { username: account.username, password: account.password, csrf_token: csrf });
    this.checkPage('login', res);
    if (loggedInUserOf(res.text)) return;
    const alert = alertTextOf(res.text);
    if (turnstile && (!alert || /turnstile|captcha|human|robot|bot/i.test(alert)))
      throw new RemoteJudgeError(
        this.site,
        'login',
        'challenge',
        `Cloudflare Turnstile check on the login form${alert ? ` (${alert})` : ''}: paste the account's REVEL_SESSION cookie`,
      );
    throw new RemoteJudgeError(this.site, 'login', 'login-refused', alert || 'login refused');
  }

  async isLoggedIn(session: RemoteSession): Promise<boolean> {
    const res = await session.http.get('/home');
    this.checkPage('login', res);
    return loggedInUserOf(res.text) !== null;
  }

  async submit(session: RemoteSession, remoteId: string, languageKey: string, code: string, before: string | null): Promise<string> {
    this.checkId('submit', remoteId);
    const { http } = session;
    const contest = atcoderContestOf(remoteId);
    const submitPath = `/contests/${contest}/submit`;
    // The form's token is the session's; reading the form also tells a lost login from a closed task.
    const form = await http.get(`${submitPath}?taskScreenName=${encodeURIComponent(remoteId)}`);
    this.checkPage('submit', form);
    if (!loggedInUserOf(form.text)) throw new RemoteJudgeError(this.site, 'submit', 'login-refused', 'not logged in');
    const csrf = csrfTokenOf(form.text);
    if (!csrf) throw new RemoteJudgeError(this.site, 'submit', 'unparsable', 'no csrf_token on the submit page');
    const $form = cheerio.load(form.text);
    // The form holds one language select per task of the contest (`#select-lang-<task>`), each with its own list.
    const own = $form(`[id="select-lang-${remoteId}"] select[name="data.LanguageId"] option`);
    const offered = (own.length ? own : $form('select[name="data.LanguageId"] option')).map((_, o) => $form(o).attr('value') ?? '').get();
    // A task of an older contest keeps the language set of its time: posting another id would only bounce back.
    if (offered.length && !offered.includes(languageKey))
      throw new RemoteJudgeError(this.site, 'submit', 'rejected', `language ${languageKey} is not offered for ${remoteId}`);
    const res = await http.postForm(submitPath, {
      'data.TaskScreenName': remoteId,
      'data.LanguageId': languageKey,
      sourceCode: code,
      csrf_token: csrf,
    });
    this.checkPage('submit', res);
    // A refused submit comes back to the form with the reason in a red flash; an accepted one lands on the list.
    const alert = alertTextOf(res.text);
    if (alert) {
      const wait = WAIT_PATTERN.exec(alert);
      if (wait) throw new RemoteJudgeError(this.site, 'submit', 'rate-limited', alert, Number(wait[1]) * 1000);
      throw new RemoteJudgeError(this.site, 'submit', 'rejected', alert);
    }
    // AtCoder's answer never names the run (an accepted submit lands on the account's list; anything else without a
    // red flash is unknown): the list says whether a new run exists, and a second post is never made.
    const run = await this.latestRunId(session, remoteId);
    if (run !== null && (before === null || BigInt(run) > BigInt(before))) return run;
    throw new RemoteJudgeError(this.site, 'submit', 'no-run-id', `no new run of ${remoteId} in the account's submissions`);
  }

  async latestRunId(session: RemoteSession, remoteId: string): Promise<string | null> {
    const contest = atcoderContestOf(remoteId);
    const res = await session.http.get(`/contests/${contest}/submissions/me?f.Task=${encodeURIComponent(remoteId)}`);
    this.checkPage('submit', res);
    if (!loggedInUserOf(res.text)) throw new RemoteJudgeError(this.site, 'submit', 'login-refused', 'not logged in');
    const $ = cheerio.load(res.text);
    let newest: bigint | null = null;
    const runLink = new RegExp(`^/contests/${escapeRegExp(contest)}/submissions/(\\d+)$`);
    $('a[href]').each((_, a) => {
      const m = runLink.exec($(a).attr('href') ?? '');
      if (m && (newest === null || BigInt(m[1]) > newest)) newest = BigInt(m[1]);
    });
    return newest === null ? null : String(newest);
  }

  async poll(session: RemoteSession, runId: string, remoteId: string): Promise<RemoteRunState> {
    const contest = atcoderContestOf(remoteId);
    const res = await session.http.get(`/contests/${contest}/submissions/${encodeURIComponent(runId)}`);
    if (res.status === 404) throw new RemoteJudgeError(this.site, 'poll', 'not-found', `no run ${runId}`);
    this.checkPage('poll', res);
    return parseAtCoderRun(this, res.text, runId);
  }

  private checkId(step: RemoteStep, remoteId: string): void {
    if (!this.remoteIdPattern.test(remoteId))
      throw new RemoteJudgeError(this.site, step, 'not-found', `"${remoteId}" is not an AtCoder task id (like abc110_a)`);
  }

  /** The failures any AtCoder page can answer with, in place of the page asked for. */
  private checkPage(step: RemoteStep, res: RemoteResponse): void {
    if (res.status >= 500) throw new RemoteJudgeError(this.site, step, 'unavailable', `site error (HTTP ${res.status})`);
    if ((res.status === 403 || res.status === 503) && isCloudflareChallenge(res.text))
      throw new RemoteJudgeError(this.site, step, 'challenge', `Cloudflare challenge (HTTP ${res.status})`);
    if (res.status === 429) {
      const seconds = Number(res.headers.get('retry-after'));
      throw new RemoteJudgeError(this.site, step, 'rate-limited', 'too many requests (HTTP 429)', seconds > 0 ? seconds * 1000 : undefined);
    }
    if (res.status >= 400) throw new RemoteJudgeError(this.site, step, 'unavailable', `HTTP ${res.status}`);
  }
}

/** Cloudflare's interstitial ("Just a moment...") in place of the page. */
function isCloudflareChallenge(html: string): boolean {
  return /challenge-platform|cf-chl|Just a moment\.\.\.|Attention Required! \| Cloudflare/i.test(html);
}

function csrfTokenOf(html: string): string | null {
  const $ = cheerio.load(html);
  const field = $('input[name="csrf_token"]').first().attr('value');
  if (field) return field;
  // Pages without a form still carry the token in their inline script.
  return /var\s+csrfToken\s*=\s*"([^"]+)"/.exec(html)?.[1] ?? null;
}

/** The logged-in user's name from the page script (`var userScreenName = "alice"`), null when logged out. */
function loggedInUserOf(html: string): string | null {
  return /var\s+userScreenName\s*=\s*"([^"]+)"/.exec(html)?.[1] ?? null;
}

/** The red flash AtCoder shows after a refused form (login or submit), or '' when there is none. */
function alertTextOf(html: string): string {
  const $ = cheerio.load(html);
  const alert = $('.alert-danger').first().clone();
  alert.find('button, .close').remove();
  return alert.text().replace(/\s+/g, ' ').trim();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A task page as a FetchedProblem: the English statement split into its sections, samples, limits. */
export function parseAtCoderTask(html: string, remoteId: string, url: string): FetchedProblem {
  const $ = cheerio.load(html);
  const unparsable = (what: string) => new RemoteJudgeError('AC', 'fetch', 'unparsable', `task page of ${remoteId}: ${what}`);
  const statement = $('#task-statement');
  if (!statement.length) throw unparsable('no #task-statement');

  // "A - Maximize the Formula" in the heading; the title tag carries the same before the site name.
  const heading = $('span.h2').first().clone();
  heading.find('a, button').remove();
  const headingText = heading.text().replace(/\s+/g, ' ').trim() || $('title').text().trim();
  const title = headingText.replace(/^\S+\s+-\s+/, '').trim();
  if (!title) throw unparsable('no title');

  const limits = /Time Limit:\s*([\d.]+)\s*sec\s*\/\s*Memory Limit:\s*([\d.]+)\s*(MB|MiB|KB|KiB)/i.exec($('body').text());
  if (!limits) throw unparsable('no time / memory limit');
  const timeLimit = Math.round(Number(limits[1]) * 1000);
  const memoryLimit = /^k/i.test(limits[3]) ? Math.max(1, Math.round(Number(limits[2]) / 1024)) : Math.round(Number(limits[2]));

  // Most tasks carry both languages; English is what our users read, Japanese-only old tasks are taken as they are.
  const english = statement.find('.lang-en').first();
  const body = english.length ? english : statement;
  // Images and links in statements are site-relative (`/img/...`): make them point at the site.
  absolutizeLinks($, body, url);

  const sections = new Map<string, string>();
  const samplesIn: string[] = [];
  const samplesOut: string[] = [];
  body.find('section').each((_, section) => {
    const h3 = $(section).children('h3').first();
    const name = h3.text().replace(/\s+/g, ' ').trim();
    if (!name) return;
    const sample = /^Sample (Input|Output) (\d+)$/i.exec(name);
    if (sample) {
      const text = $(section).children('pre').first().text();
      (sample[1].toLowerCase() === 'input' ? samplesIn : samplesOut)[Number(sample[2]) - 1] = text;
      return;
    }
    const part = $(section).clone();
    part.children('h3').first().remove();
    sections.set(name.toLowerCase(), (part.html() ?? '').trim());
  });

  const interactive = sections.has('input and output') || /interactive (task|problem)/i.test(body.text());
  // The score line ("Score : <var>100</var> points") heads the statement outside any section.
  const scoreLine = body.children('p').first();
  const score = /^Score/i.test(scoreLine.text().trim()) ? (scoreLine.html() ?? '').trim() : '';
  const description = sections.get('problem statement') ?? (sections.size ? '' : (body.html() ?? '').trim());
  const constraints = sections.get('constraints');
  const input = [sections.get('input') ?? sections.get('input and output') ?? '', constraints ? `<h4>Constraints</h4>${constraints}` : '']
    .filter(Boolean)
    .join('\n');
  const examples: FetchedProblem['examples'] = [];
  for (let i = 0; i < samplesIn.length; i++)
    // Interactive tasks show a dialogue in place of samples: keep what is there rather than drop it.
    if (samplesIn[i] !== undefined) examples.push({ input: samplesIn[i], output: samplesOut[i] ?? '' });

  return {
    problemId: `AC-${remoteId}`,
    remoteId,
    title,
    description: score ? `<p>${score}</p>\n${description}` : description,
    input,
    output: sections.get('output') ?? '',
    hint: sections.get('note') ?? sections.get('notes') ?? '',
    source: `AtCoder ${atcoderContestOf(remoteId).toUpperCase()}`,
    timeLimit,
    memoryLimit,
    examples,
    // AtCoder shows no tags on its task pages.
    tags: [],
    url,
    interactive,
  };
}

/** A submission page as a RemoteRunState. */
export function parseAtCoderRun(adapter: Pick<SiteAdapter, 'verdicts'>, html: string, runId: string): RemoteRunState {
  const $ = cheerio.load(html);
  const label = $('#judge-status').first();
  if (!label.length) throw new RemoteJudgeError('AC', 'poll', 'unparsable', `no judge status on the page of run ${runId}`);
  const shown = label.text().replace(/\s+/g, ' ').trim();
  if (/^(WJ|WR)$/i.test(shown)) return { phase: 'queued', remoteVerdict: shown };
  // While judging the label counts cases ("3/12", "3/12 TLE"): the run is not over even if one case failed.
  if (/^\d+\s*\/\s*\d+/.test(shown) || /^judging$/i.test(shown)) return { phase: 'judging', remoteVerdict: shown };

  const row = (name: string) =>
    $('th')
      .filter((_, th) => $(th).text().trim() === name)
      .first()
      .next('td')
      .text()
      .trim();
  const time = /^(\d+)\s*ms$/.exec(row('Exec Time'));
  const memory = /^(\d+)\s*(KB|KiB|MB|MiB)$/i.exec(row('Memory'));
  const status = verdictOf(adapter, shown) ?? JudgeStatus.SystemError;
  const state: RemoteRunState = { phase: 'final', remoteVerdict: shown, status };
  if (time) state.time = Number(time[1]);
  if (memory) state.memory = /^m/i.test(memory[2]) ? Number(memory[1]) * 1024 : Number(memory[1]);
  if (status === JudgeStatus.CompileError) {
    // The compiler's output sits under its own heading ("Compile Error", "Compilation Error") in a <pre>.
    const heading = $('h4')
      .filter((_, h) => /compil/i.test($(h).text()))
      .first();
    state.compileMessage = heading.length ? heading.nextAll('pre').first().text() : '';
  }
  return state;
}
