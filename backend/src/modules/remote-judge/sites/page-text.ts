/**
 * Page reading every site adapter needs alike: statement links made absolute, sample text as a judge reads it,
 * a number before its unit. One place, so the sites never read the same markup two ways.
 */
import type * as cheerio from 'cheerio';

/** A parsed node of any kind (cheerio's own type, from the nodes its load takes). */
type AnyNode = Exclude<Parameters<typeof cheerio.load>[0], string | Buffer | unknown[]>;

/**
 * Makes the img src and a href inside `scope` absolute against the page's URL, so a statement's pictures and links
 * work on our site. Anchors and values with a scheme are left; a value the URL parser refuses stays as written.
 */
export function absolutizeLinks<T extends AnyNode>($: cheerio.CheerioAPI, scope: cheerio.Cheerio<T>, pageUrl: string): void {
  for (const [selector, attr] of [
    ['img[src]', 'src'],
    ['a[href]', 'href'],
  ] as const) {
    scope.find(selector).each((_, el) => {
      const value = $(el).attr(attr);
      if (!value || /^(?:[a-z][a-z0-9+.-]*:|#)/i.test(value)) return;
      try {
        $(el).attr(attr, new URL(value, pageUrl).toString());
      } catch {
        // left as the site wrote it
      }
    });
  }
}

/** Sample text as a judge reads it: LF line ends and exactly one final newline. */
export function sampleText(text: string): string {
  return text.replace(/\r\n/g, '\n').replace(/\s+$/, '') + '\n';
}

/** The number written just before `unit` in `text` (`1000 MS`, `32768 K`), if any. */
export function numberBefore(text: string, unit: string): number | undefined {
  const m = new RegExp(`(\\d+)\\s*${unit}`, 'i').exec(text);
  return m ? Number(m[1]) : undefined;
}
