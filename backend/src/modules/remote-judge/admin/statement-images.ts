/**
 * An imported statement's pictures, copied into our own uploads (issue 34). Left as links to the site, they would
 * break when the site moves or goes, load only while it answers, and be blocked by the page's Content-Security-Policy
 * (pictures from `https:` only) and by browsers as mixed content on an HTTPS installation when the site is plain HTTP
 * (POJ is; so is every replay in the tests). Each picture is fetched once per import with the import's session (a
 * site may serve pictures only to its visitors), checked by content as any upload is, and stored as a Markdown image
 * of the importing admin; a picture that cannot be fetched or is not an image keeps its original address.
 * Only pictures the site serves itself are fetched (its host, or a host of its domain such as Codeforces'
 * espresso.codeforces.com): a statement is text others wrote (a Gym or SPOJ problem's author), and its picture
 * addresses must not make this server send requests anywhere else, its own network included.
 */
import type { FetchedProblem } from '../sites/site-adapter';

/** Statement parts that may hold pictures. */
const PARTS = ['description', 'input', 'output', 'hint'] as const;
/** At most this many pictures per problem are copied; the rest keep their address. */
export const STATEMENT_IMAGES_MAX = 30;

/** `<img ... src="...">` (any quoting) and Markdown's `![alt](url)`: group 2 or 3 is the address. */
const IMAGE = /<img\b[^>]*?\bsrc\s*=\s*(["']?)([^"'\s>]+)\1|!\[[^\]]*\]\(\s*<?([^)\s>]+)/gi;

/** Second-level labels under which a country's domains are registered (edu.cn, co.jp, ac.uk). */
const SECOND_LEVELS = new Set(['ac', 'co', 'com', 'edu', 'gov', 'net', 'org']);

/** Whether `url` is served by the site at `siteUrl`: the same host, or a host under the site's domain. */
export function servedBySite(url: string, siteUrl: string): boolean {
  let host: string;
  let site: string;
  try {
    host = new URL(url).hostname.toLowerCase();
    site = new URL(siteUrl).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host === site) return true;
  // an address (a replay on 127.0.0.1, an intranet mirror) has no domain to share
  if (/^[\d.]+$/.test(site) || site.includes(':')) return false;
  // the registrable domain: two labels, three under a country's second level (hdu.edu.cn, not edu.cn)
  const labels = site.split('.');
  const secondLevel = labels.length >= 3 && labels[labels.length - 1].length === 2 && SECOND_LEVELS.has(labels[labels.length - 2]);
  const domain = labels.slice(secondLevel ? -3 : -2).join('.');
  return domain.includes('.') && (host === domain || host.endsWith(`.${domain}`));
}

/** The http(s) picture addresses of a statement, each once, in order of appearance. */
export function statementImageUrls(p: Pick<FetchedProblem, (typeof PARTS)[number]>): string[] {
  const urls = new Set<string>();
  for (const part of PARTS) {
    for (const m of (p[part] ?? '').matchAll(IMAGE)) {
      const url = m[2] ?? m[3];
      if (url && /^https?:\/\//i.test(url)) urls.add(url);
    }
  }
  return [...urls];
}

/**
 * The statement with each picture that `copy` stored replaced by its new address. `copy` answers the new address, or
 * null to keep the original (it failed, or it is not an image).
 */
export async function copyStatementImages<P extends Pick<FetchedProblem, (typeof PARTS)[number]>>(
  p: P,
  copy: (url: string) => Promise<string | null>,
): Promise<{ problem: P; copied: number; kept: string[] }> {
  const moved = new Map<string, string>();
  const kept: string[] = [];
  const urls = statementImageUrls(p);
  for (const [i, url] of urls.entries()) {
    const link = i < STATEMENT_IMAGES_MAX ? await copy(url) : null;
    if (link) moved.set(url, link);
    else kept.push(url);
  }
  if (!moved.size) return { problem: p, copied: 0, kept };
  const out = { ...p };
  for (const part of PARTS) {
    // only inside picture references: the same address written as a link stays a link to the site
    out[part] = (p[part] ?? '').replace(IMAGE, (whole: string, _q: string, html?: string, md?: string) => {
      const url = html ?? md;
      const link = url ? moved.get(url) : undefined;
      return link ? whole.replace(url!, link) : whole;
    }) as P[(typeof PARTS)[number]];
  }
  return { problem: out, copied: moved.size, kept };
}
