/**
 * Readers for the pages of BAS, 信息学奥赛一本通·启蒙版 (http://bas.ssoier.cn:8086), kept apart from the adapter so
 * each page shape is read in one place. BAS runs the 一本通 family's own PHP judge (a BNUOJ descendant, not stock
 * HUSTOJ), so its pages are its own:
 *
 * - problem_show.php?pid=N: a `td.pcontent` holding an `<h3>N：title</h3>`, a line "时间限制: 1000 ms 内存限制: 65536 KB",
 *   then sections headed 【题目描述】, 【输入】, ... whose text is written by `<script>pshow("…")</script>` (a JS
 *   string literal of HTML) and whose samples are `<pre>` blocks.
 * - statusx1.php?runidx=N: plain text `user:pid:runid:codeLength:Result[:tests]`, where Result is `Waiting`,
 *   `Judging`, `Compile Error`, `Accepted|score` or `Unaccepted|score`, and tests are `AC|KB_MS,WA|KB_MS,…`.
 * - status.php?showname=U&showpid=P: a table of runs, newest first (user, run id, problem, ...).
 * - show_ce_info.php?runid=N: the compiler's output in a table cell, lines split by `<br/>`.
 * - every page's header (`table.webtop`) holds either the login form or, when logged in, the user and a logout link.
 *
 * These functions only read: they answer undefined / null when a page is not the shape they know, and the adapter
 * decides which RemoteJudgeError that is.
 */
import * as cheerio from 'cheerio';
import { absolutizeLinks } from '../page-text';

export interface BasProblemPage {
  number: string;
  title: string;
  timeLimitMs: number;
  memoryLimitKb: number;
  /** Section heading (without 【】) to its HTML, links made absolute. */
  sections: Map<string, string>;
  /** Sample inputs and outputs in page order (the 【输入样例】 and 【输出样例】 sections' `<pre>` blocks). */
  sampleInputs: string[];
  sampleOutputs: string[];
}

/**
 * Reads a problem page. `missing`: the page has the problem frame but no problem in it (the site's answer for an
 * id it does not have); undefined: not a page this reader knows.
 */
export function readProblemPage(html: string, pageUrl: string): BasProblemPage | 'missing' | undefined {
  const $ = cheerio.load(html);
  const content = $('td.pcontent').first();
  if (!content.length) return undefined;
  const heading = content
    .find('h3')
    .toArray()
    .map((el) => $(el).text().trim())
    .find((text) => /^\d+\s*[：:]/.test(text));
  if (!heading) return content.text().includes('时间限制') ? undefined : 'missing';
  const [, number, title] = /^(\d+)\s*[：:]\s*([\s\S]*)$/.exec(heading)!;
  const limits = content.text().replace(/\s+/g, ' ');
  const time = /时间限制\s*[:：]\s*(\d+)\s*ms/i.exec(limits);
  const memory = /内存限制\s*[:：]\s*(\d+)\s*(KB|MB)/i.exec(limits);
  if (!time || !memory) return undefined;
  const memoryLimitKb = Number(memory[1]) * (memory[2].toUpperCase() === 'MB' ? 1024 : 1);

  const sections = new Map<string, string>();
  const sampleInputs: string[] = [];
  const sampleOutputs: string[] = [];
  // A section is a 【…】 heading and the nodes after it up to the next heading, at the same level of the markup.
  content.find('h2, h3, h4').each((_, el) => {
    const name = /^【(.+)】$/.exec($(el).text().trim())?.[1];
    if (!name) return;
    const parts: string[] = [];
    const pres: string[] = [];
    for (let node = el.nextSibling; node; node = node.nextSibling) {
      if (node.type === 'tag' && /^h[234]$/.test(node.name) && /^【.+】$/.test($(node).text().trim())) break;
      const wrapped = $(node);
      if (node.type === 'text') {
        parts.push(wrapped.text());
        continue;
      }
      if (node.type !== 'tag') continue;
      // the center of links under the last section is the page's footer, not the statement
      if (wrapped.find('a.bottom_link').length || wrapped.is('a.bottom_link')) break;
      wrapped
        .find('pre')
        .addBack('pre')
        .each((__, pre) => void pres.push($(pre).text()));
      parts.push(renderSectionNode($, wrapped));
    }
    const body = absolutize(parts.join('').trim(), pageUrl);
    sections.set(name, body);
    if (name.startsWith('输入样例')) sampleInputs.push(...pres.map(trimSample));
    if (name.startsWith('输出样例')) sampleOutputs.push(...pres.map(trimSample));
  });
  return { number, title: title.trim(), timeLimitMs: Number(time[1]), memoryLimitKb, sections, sampleInputs, sampleOutputs };
}

/** A node's HTML with every `pshow("…")` script replaced by the HTML it writes (what a browser would show). */
function renderSectionNode($: cheerio.CheerioAPI, wrapped: ReturnType<cheerio.CheerioAPI>): string {
  wrapped.find('script').each((_, script) => {
    const written = pshowArgument($(script).html() ?? '');
    $(script).replaceWith(written ?? '');
  });
  if (wrapped.is('script')) return pshowArgument(wrapped.html() ?? '') ?? '';
  return $.html(wrapped);
}

/** The HTML a `pshow("…")` call writes: its argument, a JS string literal, decoded. */
export function pshowArgument(script: string): string | undefined {
  const m = /pshow\s*\(\s*("(?:[^"\\]|\\[\s\S])*"|'(?:[^'\\]|\\[\s\S])*')\s*\)/.exec(script);
  return m ? decodeJsString(m[1].slice(1, -1)) : undefined;
}

function decodeJsString(body: string): string {
  return body.replace(/\\(u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|[\s\S])/g, (_, esc: string) => {
    if (esc.length > 1) return String.fromCharCode(parseInt(esc.slice(1), 16));
    const simple: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', v: '\v', '0': '\0' };
    return simple[esc] ?? (esc === '\n' ? '' : esc);
  });
}

/** Makes src and href attributes absolute against the page's URL, so images show on our site too. */
export function absolutize(html: string, pageUrl: string): string {
  if (!html) return html;
  const $ = cheerio.load(html, null, false);
  absolutizeLinks($, $.root(), pageUrl);
  return $.html();
}

function trimSample(text: string): string {
  return text.replace(/\r\n/g, '\n').replace(/^\n+|\s+$/g, '') + '\n';
}

/** The text of an HTML fragment (a section's HTML), whitespace kept as written. */
export function textOf(html: string): string {
  return cheerio.load(html, null, false).root().text().trim();
}

export interface BasRunLine {
  user: string;
  problem: string;
  runId: string;
  /** `Waiting`, `Judging`, `Compile Error`, `Accepted`, `Unaccepted`, or whatever else the site writes. */
  result: string;
  /** The site's score after `|` (10 a test), when it gives one. */
  score?: number;
  /** The whole result field as the site wrote it (`Unaccepted|20`). */
  resultText: string;
  tests: { verdict: string; memoryKb: number; timeMs: number }[];
}

/** Reads a statusx1.php answer; undefined when it is not that colon-separated line. */
export function readRunLine(text: string): BasRunLine | undefined {
  const line = text.trim();
  if (!line || line.startsWith('<') || line.includes('\n')) return undefined;
  const fields = line.split(':');
  if (fields.length < 5 || !/^\d+$/.test(fields[2])) return undefined;
  const [user, problem, runId, , resultText, ...rest] = fields;
  const [result, scoreText] = resultText.split('|');
  const tests: BasRunLine['tests'] = [];
  for (const item of rest.join(':').split(',')) {
    if (!item.trim()) continue;
    const m = /^\s*([A-Za-z]+)\|(\d+)_(\d+)\s*$/.exec(item);
    if (!m) return undefined;
    tests.push({ verdict: m[1], memoryKb: Number(m[2]), timeMs: Number(m[3]) });
  }
  const score = scoreText !== undefined && /^\d+$/.test(scoreText.trim()) ? Number(scoreText) : undefined;
  return { user, problem, runId, result: result.trim(), score, resultText: resultText.trim(), tests };
}

/** The run ids in a status.php table for one user and problem, as listed (newest first); undefined: no such table. */
export function readStatusRunIds(html: string, user: string, problem: string): string[] | undefined {
  const $ = cheerio.load(html);
  const table = $('table')
    .toArray()
    .find((t) => $(t).find('th').first().text().includes('用户名') && $(t).text().includes('运行编号'));
  if (!table) return undefined;
  const ids: string[] = [];
  $(table)
    .find('tr')
    .each((_, tr) => {
      const cells = $(tr).children('td');
      if (cells.length < 3) return;
      const cellText = (i: number) => cells.eq(i).text().trim();
      if (cellText(0).toLowerCase() !== user.toLowerCase() || cellText(2) !== problem) return;
      if (/^\d+$/.test(cellText(1))) ids.push(cellText(1));
    });
  return ids;
}

/** The compiler's output on show_ce_info.php, lines as the site split them; undefined when the cell is absent. */
export function readCompileMessage(html: string): string | undefined {
  const $ = cheerio.load(html);
  let cell = $('td.ceinfo').first();
  // BAS's page has no class on the cell: it is the innermost cell of the centred table in the page body
  if (!cell.length) cell = $('table[width="900px"] center table td').last();
  if (!cell.length) return undefined;
  const inner = (cell.html() ?? '').replace(/\r?\n/g, '').replace(/<br\s*\/?>/gi, '\n');
  const text = cheerio.load(`<div>${inner}</div>`, null, false).root().text();
  return text.replace(/\n{2,}/g, '\n').replace(/^\n+|\s+$/g, '');
}

export interface BasHeader {
  loggedIn: boolean;
  /** Hidden fields of the login form (a token a login must send back), when the form is shown. */
  loginHidden: Record<string, string>;
  /** The login form asks for a captcha (`auth`, drawn by login_xx.php). */
  captcha: boolean;
}

/** Reads any page's header: logged in, or the login form and what it asks for. */
export function readHeader(html: string): BasHeader {
  const $ = cheerio.load(html);
  const loggedIn = $('a[href*="logout.php"]').length > 0 || /退出登录/.test($('table.webtop').text());
  const form = $('form[action*="login.php"]').first();
  const loginHidden: Record<string, string> = {};
  form.find('input[type="hidden"][name]').each((_, el) => void (loginHidden[$(el).attr('name')!] = $(el).attr('value') ?? ''));
  return { loggedIn: loggedIn && !form.length, loginHidden, captcha: form.find('input[name="auth"]').length > 0 };
}

/** The message of a page that is only `<script>alert('…')…</script>` (how the site answers refused forms). */
export function alertText(html: string): string | undefined {
  const m = /alert\s*\(\s*(["'])((?:(?!\1)[^\\]|\\[\s\S])*)\1\s*\)/.exec(html);
  return m ? decodeJsString(m[2]).trim() : undefined;
}
