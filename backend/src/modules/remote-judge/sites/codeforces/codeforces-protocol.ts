/**
 * Codeforces' page-level protocol, shared by the Codeforces and Gym adapters (issue 34): the anti-bot steps every
 * request may meet (the RCPC "Redirecting... Please, wait." page and Cloudflare's "Just a moment..." wall), the
 * tokens its forms want (csrf_token, ftaa, bfaa, _tta), and the parsers of its problem and status pages.
 * Pure functions only; the adapter does the talking.
 */
import { createDecipheriv, randomBytes } from 'node:crypto';
import * as cheerio from 'cheerio';

/** The three hex strings of the RCPC page: AES-128 key, CBC iv and one ciphertext block. */
export interface RcpcChallenge {
  key: string;
  iv: string;
  cipher: string;
}

/**
 * Reads the RCPC page. Codeforces answers a request without a valid RCPC cookie with a tiny page whose script
 * decrypts `c` with key `a` and iv `b` (slowAES, CBC) and stores the hex result as the RCPC cookie.
 */
export function parseRcpcChallenge(html: string): RcpcChallenge | null {
  if (!/Redirecting\.\.\. Please, wait/i.test(html)) return null;
  const hex = (name: string) => new RegExp(`\\b${name}\\s*=\\s*toNumbers\\(\\s*["']([0-9a-f]{32})["']\\s*\\)`, 'i').exec(html)?.[1];
  const key = hex('a');
  const iv = hex('b');
  const cipher = hex('c');
  return key && iv && cipher ? { key, iv, cipher } : null;
}

/**
 * The RCPC cookie value: the ciphertext block decrypted. slowAES strips no padding from a single 16-byte block,
 * so neither do we (auto padding off), and the page's toHex gives lower-case hex.
 */
export function computeRcpc(challenge: RcpcChallenge): string {
  const decipher = createDecipheriv('aes-128-cbc', Buffer.from(challenge.key, 'hex'), Buffer.from(challenge.iv, 'hex'));
  decipher.setAutoPadding(false);
  return Buffer.concat([decipher.update(Buffer.from(challenge.cipher, 'hex')), decipher.final()]).toString('hex');
}

/**
 * The `_tta` field of the submit form: the site's script folds the `39ce7` cookie into a number below 1009. Every
 * step is kept in [0, 1009) as the script's modular arithmetic does.
 */
export function computeTta(cookie39ce7: string): number {
  const MOD = 1009;
  let tta = 0;
  for (let i = 0; i < cookie39ce7.length; i++) {
    tta = (tta + (i + 1) * (i + 2) * cookie39ce7.charCodeAt(i)) % MOD;
    if (i % 3 === 0) tta++;
    if (i % 2 === 0) tta *= 2;
    if (i > 0) tta -= Math.floor(cookie39ce7.charCodeAt(Math.floor(i / 2)) / 2) * (tta % 5);
    tta = ((tta % MOD) + MOD) % MOD;
  }
  return tta;
}

/** Cloudflare's interstitial: HTTP 403 (or 503) with the "Just a moment..." page or the cf-mitigated header. */
export function isCloudflareChallenge(status: number, headers: Headers, html: string): boolean {
  if (status !== 403 && status !== 503) return false;
  return headers.get('cf-mitigated') === 'challenge' || /<title>\s*Just a moment\.\.\.\s*<\/title>/i.test(html);
}

/** The CSRF token of a page: the meta tag, the header's span, or a form's hidden field (all 32 hex). */
export function readCsrf(html: string): string | null {
  const $ = cheerio.load(html);
  const candidates = [
    $('meta[name="X-Csrf-Token"]').attr('content'),
    $('span.csrf-token').attr('data-csrf'),
    $('input[name="csrf_token"]').first().attr('value'),
  ];
  return candidates.find((v): v is string => !!v && /^[0-9a-f]{32}$/i.test(v)) ?? null;
}

/** The page's own browser fingerprint when it prints one (`window._bfaa = "..."`). */
export function readBfaa(html: string): string | null {
  return /_bfaa\s*=\s*["']([0-9a-f]{32})["']/i.exec(html)?.[1] ?? null;
}

/** A fresh ftaa (18 lower-case alphanumerics, as the site's script makes) for a client without the cookie. */
export function randomFtaa(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(18)].map((b) => alphabet[b % alphabet.length]).join('');
}

/** A fresh bfaa (32 hex, the shape of the site's fingerprint hash). */
export function randomBfaa(): string {
  return randomBytes(16).toString('hex');
}

/** Whether a page is rendered for a logged-in user (the header's logout link `/<hash>/logout`). */
export function isLoggedInPage(html: string): boolean {
  return /href="[^"]*\/logout"/.test(html);
}

/** The error spans a form page shows under its fields (`<span class="error for__password">...`), joined. */
export function readFormErrors(html: string): string {
  const $ = cheerio.load(html);
  return $('span.error')
    .map((_, el) => $(el).text().replace(/\s+/g, ' ').trim())
    .get()
    .filter(Boolean)
    .join('; ');
}

/** One row of a "my submissions" table. */
export interface StatusRow {
  runId: string;
  /** the problem index the row links to (`A`, `B1`) */
  problemIndex: string;
  /** `submissionVerdict` (`OK`, `WRONG_ANSWER`, `TESTING`); empty while the run waits in the queue */
  verdictCode: string;
  /** the verdict as shown (`Wrong answer on test 2`, `In queue`) */
  verdictText: string;
  waiting: boolean;
  /** ms */
  time?: number;
  /** KB */
  memory?: number;
}

/** The rows of a `/contest/<id>/my` (or `/gym/<id>/my`) page, newest first as the site lists them. */
export function parseStatusRows(html: string): StatusRow[] {
  const $ = cheerio.load(html);
  return $('tr[data-submission-id]')
    .map((_, tr) => {
      const row = $(tr);
      const verdictCell = row.find('td.status-verdict-cell');
      const wrapper = verdictCell.find('.submissionVerdictWrapper');
      const problemHref = row.find('a[href*="/problem/"]').attr('href') ?? '';
      const number = (sel: string) => {
        const m = /(\d+)/.exec(
          row
            .find(sel)
            .text()
            .replace(/\u00a0/g, ' '),
        );
        return m ? Number(m[1]) : undefined;
      };
      return {
        runId: row.attr('data-submission-id') ?? '',
        problemIndex: /\/problem\/([A-Za-z0-9]+)/.exec(problemHref)?.[1] ?? '',
        verdictCode: (wrapper.attr('submissionverdict') ?? '').trim(),
        verdictText: verdictCell.text().replace(/\s+/g, ' ').trim(),
        waiting: verdictCell.attr('waiting') === 'true',
        time: number('td.time-consumed-cell'),
        memory: number('td.memory-consumed-cell'),
      };
    })
    .get()
    .filter((r: StatusRow) => /^\d+$/.test(r.runId));
}

/** A problem page's parts, before the adapter adds ids. */
export interface ParsedProblem {
  title: string;
  timeLimit: number;
  memoryLimit: number;
  description: string;
  input: string;
  output: string;
  hint: string;
  examples: { input: string; output: string }[];
  tags: string[];
  contestName: string;
  interactive: boolean;
}

/**
 * Reads a problem page (`.problem-statement`). `pageUrl` makes relative image and link addresses absolute;
 * `$$$`-delimited TeX becomes `$` (and `$$$$$$` display math `$$`) as our markdown renders it. Null: no statement.
 */
export function parseProblemPage(html: string, pageUrl: string): ParsedProblem | null {
  const $ = cheerio.load(html);
  const statement = $('.problem-statement').first();
  if (!statement.length) return null;
  statement.find('img[src]').each((_, el) => {
    $(el).attr('src', absolute($(el).attr('src')!, pageUrl));
  });
  statement.find('a[href]').each((_, el) => {
    $(el).attr('href', absolute($(el).attr('href')!, pageUrl));
  });
  const header = statement.children('.header');
  const property = (sel: string) => {
    const node = header.find(sel).clone();
    node.find('.property-title').remove();
    return node.text().replace(/\s+/g, ' ').trim();
  };
  const title = header
    .find('.title')
    .text()
    .trim()
    .replace(/^[A-Za-z0-9]+\.\s*/, '');
  const timeMatch = /([\d.]+)\s*(seconds?|s)\b/i.exec(property('.time-limit'));
  const memoryMatch = /(\d+)\s*(megabytes|MB)\b/i.exec(property('.memory-limit'));
  if (!title || !timeMatch || !memoryMatch) return null;

  /** a section's inner HTML without its heading */
  const body = (section: typeof statement) => {
    const copy = section.clone();
    copy.children('.section-title').first().remove();
    return tex(copy.html() ?? '');
  };
  const legend = statement.children('div').not('.header, .input-specification, .output-specification, .sample-tests, .note');
  const interaction = statement.children('div').filter((_, el) => $(el).children('.section-title').first().text().trim() === 'Interaction');
  const descriptionParts = legend
    .not(interaction)
    .map((_, el) => $(el).html() ?? '')
    .get();
  let output = body(statement.children('.output-specification'));
  if (interaction.length) output = [output, `<h3>Interaction</h3>${body(interaction)}`].filter((s) => s.trim()).join('\n');

  const sampleText = (pre: typeof statement) => {
    // newer pages put each sample line in its own div, older ones separate lines with <br>
    const lines = pre.find('.test-example-line');
    const text = lines.length
      ? lines
          .map((_, l) => $(l).text())
          .get()
          .join('\n')
      : // decoded in a div: a <pre> would drop a leading newline (an output whose first line is empty)
        cheerio
          .load(`<div>${(pre.html() ?? '').replace(/<br\s*\/?>/gi, '\n')}</div>`)('div')
          .first()
          .text();
    return `${text.replace(/\s+$/, '')}\n`;
  };
  const examples: { input: string; output: string }[] = [];
  statement.find('.sample-test').each((_, test) => {
    const inputs = $(test).find('.input pre');
    const outputs = $(test).find('.output pre');
    for (let i = 0; i < Math.min(inputs.length, outputs.length); i++)
      examples.push({ input: sampleText(inputs.eq(i)), output: sampleText(outputs.eq(i)) });
  });

  const statementText = statement.text();
  return {
    title,
    timeLimit: Math.round(Number(timeMatch[1]) * 1000),
    memoryLimit: Number(memoryMatch[1]),
    description: tex(descriptionParts.join('\n').trim()),
    input: body(statement.children('.input-specification')).trim(),
    output: output.trim(),
    hint: body(statement.children('.note')).trim(),
    examples,
    tags: $('.tag-box')
      .map((_, el) => $(el).text().trim())
      .get()
      .filter(Boolean),
    contestName: $('.rtable a[href*="/contest/"], .rtable a[href*="/gym/"]').first().text().trim(),
    interactive: interaction.length > 0 || /This is an interactive problem/i.test(statementText),
  };
}

function absolute(address: string, pageUrl: string): string {
  try {
    return new URL(address, pageUrl).toString();
  } catch {
    return address;
  }
}

function tex(html: string): string {
  return html.replace(/\$\$\$\$\$\$/g, '$$$$').replace(/\$\$\$/g, '$$');
}
