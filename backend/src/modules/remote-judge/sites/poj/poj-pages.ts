/**
 * Readers for POJ's pages (poj.org, a Java servlet site of the GBK era): the problem page (`div.ptt` title,
 * `div.plm` limits, `p.pst` headings over `div.ptx`/`pre.sio` parts), the status table (`table.a`) and the compile
 * info page. They only turn markup into values; what a missing value means is the adapter's decision, so a page
 * they do not recognise gives `undefined`, never an exception.
 */
import * as cheerio from 'cheerio';
import { absolutizeLinks, numberBefore, sampleText } from '../page-text';

export interface PojProblemPage {
  title: string;
  /** ms */
  timeLimit: number;
  /** KB */
  memoryLimitKb: number;
  description: string;
  input: string;
  output: string;
  hint: string;
  source: string;
  examples: { input: string; output: string }[];
  specialJudge: boolean;
}

/** One row of /status. */
export interface PojStatusRow {
  runId: string;
  user: string;
  problemId: string;
  verdict: string;
  /** KB */
  memory?: number;
  /** ms */
  time?: number;
  language: string;
}

/** POJ's answer to a problem id it does not have: its "Error Occurred" page saying "Can not find problem (ID:N)". */
export function isPojMissingProblem(html: string): boolean {
  return /Can not find problem/i.test(html);
}

/** The `<li>` lines of POJ's "Error Occurred" page, or empty when the page is not one. */
export function pojErrorItems(html: string): string[] {
  if (!/Error Occurred/i.test(html)) return [];
  const $ = cheerio.load(html);
  return $('li')
    .map((_, li) => $(li).text().replace(/\s+/g, ' ').trim())
    .get()
    .filter((t) => t.length > 0);
}

export function parsePojProblem(html: string, pageUrl: string): PojProblemPage | undefined {
  const $ = cheerio.load(html);
  absolutizeLinks($, $.root(), pageUrl);
  const title = $('div.ptt').first().text().trim();
  const limits = $('div.plm').first().text();
  const time = /Time Limit:\s*(\d+)\s*MS/i.exec(limits);
  const memory = /Memory Limit:\s*(\d+)\s*K/i.exec(limits);
  if (!title || !time || !memory) return undefined;

  // Each heading's part is the element right after it; samples may repeat ("Sample Input" twice on a few problems).
  const parts = new Map<string, string>();
  const inputs: string[] = [];
  const outputs: string[] = [];
  $('p.pst').each((_, el) => {
    const heading = $(el).text().trim().toLowerCase();
    const part = $(el).next();
    if (!part.length || part.is('p.pst')) return;
    if (heading.startsWith('sample input')) inputs.push(sampleText(part.text()));
    else if (heading.startsWith('sample output')) outputs.push(sampleText(part.text()));
    else if (!parts.has(heading)) parts.set(heading, heading === 'source' ? part.text().trim() : (part.html() ?? '').trim());
  });
  const examples = inputs.map((input, i) => ({ input, output: outputs[i] ?? '' }));
  for (let i = inputs.length; i < outputs.length; i++) examples.push({ input: '', output: outputs[i] });

  return {
    title,
    timeLimit: Number(time[1]),
    memoryLimitKb: Number(memory[1]),
    description: parts.get('description') ?? '',
    input: parts.get('input') ?? '',
    output: parts.get('output') ?? '',
    hint: parts.get('hint') ?? '',
    source: parts.get('source') ?? '',
    examples,
    specialJudge: /Special Judge/i.test(limits),
  };
}

/** Reads /status rows (newest first); the header row has class `in`, data rows start with a numeric run id. */
export function parsePojStatusRows(html: string): PojStatusRow[] | undefined {
  const $ = cheerio.load(html);
  const table = $('table.a').filter((_, t) => /Run ID/i.test($(t).find('tr').first().text()));
  if (!table.length) return undefined;
  const rows: PojStatusRow[] = [];
  table
    .first()
    .find('tr')
    .each((_, tr) => {
      const cells = $(tr).children('td');
      if (cells.length < 9) return;
      const runId = cells.eq(0).text().trim();
      if (!/^\d+$/.test(runId)) return;
      rows.push({
        runId,
        user: cells.eq(1).text().trim(),
        problemId: cells.eq(2).text().trim(),
        verdict: cells.eq(3).text().replace(/\s+/g, ' ').trim(),
        memory: numberBefore(cells.eq(4).text(), 'K'),
        time: numberBefore(cells.eq(5).text(), 'MS'),
        language: cells.eq(6).text().trim(),
      });
    });
  return rows;
}

/** The compiler's output on /showcompileinfo (entities decoded, in full), or undefined when the page has none. */
export function parsePojCompileInfo(html: string): string | undefined {
  const $ = cheerio.load(html);
  const pre = $('pre').first();
  return pre.length ? pre.text().replace(/\r\n/g, '\n').trimEnd() : undefined;
}
