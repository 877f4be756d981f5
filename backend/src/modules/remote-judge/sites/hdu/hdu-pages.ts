/**
 * Readers for HDU's pages (acm.hdu.edu.cn, GBK): the problem page, the status table and the compile error page.
 * They only turn markup into values; deciding what a missing value means (not found, unparsable) is the adapter's job,
 * so every reader answers `undefined`/empty for a page it does not recognise instead of throwing.
 */
import * as cheerio from 'cheerio';
import { absolutizeLinks, numberBefore, sampleText as judgeSample } from '../page-text';

/** What the problem page holds, before the adapter adds ids and the URL. */
export interface HduProblemPage {
  title: string;
  /** ms, the "Others" (C/C++) limit: HDU shows `Java/Others` pairs and Java gets the larger one */
  timeLimit: number;
  /** KB, the "Others" limit */
  memoryLimitKb: number;
  description: string;
  input: string;
  output: string;
  hint: string;
  source: string;
  examples: { input: string; output: string }[];
  specialJudge: boolean;
}

/** One row of status.php. */
export interface HduStatusRow {
  runId: string;
  /** the verdict cell as text, a `<br>` inside it ("Runtime Error<br>(ACCESS_VIOLATION)") read as a space */
  verdict: string;
  problemId: string;
  /** ms */
  time?: number;
  /** KB */
  memory?: number;
  language: string;
  author: string;
}

/** HDU's answer to a problem id it does not have ("No such problem - Problem ID: 99999."). */
export function isHduMissingProblem(html: string): boolean {
  return /No such problem/i.test(html);
}

/** Reads showproblem.php; undefined when the page has no title or no limits line (not a problem page). */
export function parseHduProblem(html: string, pageUrl: string): HduProblemPage | undefined {
  const $ = cheerio.load(html);
  absolutizeLinks($, $.root(), pageUrl);
  // The title is the page's one h1 (styled color:#1A5CC8); the limits sit in the span right after it.
  const title = $('h1').first().text().trim();
  const limits = /Time Limit:\s*\d+\/(\d+)\s*MS[\s\S]*?Memory Limit:\s*\d+\/(\d+)\s*K/i.exec($('h1').first().parent().text());
  if (!title || !limits) return undefined;

  // Statement parts are `div.panel_title` headings, each followed by its `div.panel_content`.
  const sections = new Map<string, Selection>();
  $('div.panel_title').each((_, el) => {
    const heading = $(el).text().trim().toLowerCase();
    const content = $(el).nextAll('div.panel_content').first();
    if (content.length && !sections.has(heading)) sections.set(heading, content);
  });
  const htmlOf = (name: string) => (sections.get(name)?.html() ?? '').trim();

  // HDU tucks the hint into the sample output box: a dashed div whose first child says "Hint".
  let hint = '';
  const sampleOutput = sections.get('sample output');
  if (sampleOutput) {
    const hintBox = sampleOutput.find('i').filter((_, i) => $(i).text().trim().toLowerCase() === 'hint');
    if (hintBox.length) {
      const box = hintBox.first().parent().parent();
      hintBox.first().parent().remove();
      hint = (box.html() ?? '').trim();
      box.remove();
    }
  }
  const sampleText = (name: string) => {
    const section = sections.get(name);
    if (!section) return undefined;
    // Samples are `<pre><div style="font-family:Courier New...">text</div></pre>`; older pages put the text in the pre.
    const pre = section.find('pre').first();
    const box = pre.children('div').first();
    return judgeSample((box.length ? box : pre.length ? pre : section).text());
  };
  const sampleIn = sampleText('sample input');
  const sampleOut = sampleText('sample output');

  return {
    title,
    timeLimit: Number(limits[1]),
    memoryLimitKb: Number(limits[2]),
    description: htmlOf('problem description'),
    input: htmlOf('input'),
    output: htmlOf('output'),
    hint,
    source: (sections.get('source')?.text() ?? '').trim(),
    examples: sampleIn !== undefined || sampleOut !== undefined ? [{ input: sampleIn ?? '', output: sampleOut ?? '' }] : [],
    specialJudge: /Special Judge/i.test($('h1').first().parent().text()),
  };
}

/** Reads the rows of status.php (newest first); rows are told apart from the header by their numeric run id. */
export function parseHduStatusRows(html: string): HduStatusRow[] | undefined {
  const $ = cheerio.load(html);
  const table = $('table.table_text');
  if (!table.length) return undefined;
  const rows: HduStatusRow[] = [];
  table.find('tr').each((_, tr) => {
    const cells = $(tr).children('td');
    if (cells.length < 9) return;
    const runId = cells.eq(0).text().trim();
    if (!/^\d+$/.test(runId)) return;
    rows.push({
      runId,
      verdict: cellText($, cells.eq(2)),
      problemId: cells.eq(3).text().trim(),
      time: numberBefore(cells.eq(4).text(), 'MS'),
      memory: numberBefore(cells.eq(5).text(), 'K'),
      language: cells.eq(7).text().trim(),
      author: cells.eq(8).text().trim(),
    });
  });
  return rows;
}

/** The compiler's output on viewerror.php, in full (entities decoded), or undefined when the page has none. */
export function parseHduCompileError(html: string): string | undefined {
  const $ = cheerio.load(html);
  const pre = $('pre').first();
  return pre.length ? pre.text().replace(/\r\n/g, '\n').trimEnd() : undefined;
}

/** The items of HDU's error box ("One or more following ERROR(s) occurred." then `<li>` lines). */
export function hduErrorItems(html: string): string[] {
  const $ = cheerio.load(html);
  return $('li')
    .map((_, li) => $(li).text().replace(/\s+/g, ' ').trim())
    .get()
    .filter((t) => t.length > 0);
}

/** A selection of elements (cheerio's own element type, without importing its parser's package). */
type Selection = ReturnType<ReturnType<cheerio.CheerioAPI['root']>['find']>;

/** A cell's text with `<br>` read as a space and runs of white space collapsed. */
function cellText($: cheerio.CheerioAPI, cell: Selection): string {
  const copy = cell.clone();
  copy.find('br').replaceWith(' ');
  return copy.text().replace(/\s+/g, ' ').replace(/\s+\(/, ' (').trim();
}
