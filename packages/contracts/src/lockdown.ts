/**
 * Locked-down contests and exams (issue 36): allowed address ranges, lock mode and one session per participant.
 * Texts in HOJ's style (English `msg`); their zh-CN forms are in the kit's server-zh-CN.ts.
 */
export const LOCKDOWN_ERR = {
  /** Entering or submitting from an address outside the contest's or exam's allowed ranges. */
  ipNotAllowed: 'Your network address is not allowed to enter this contest or exam.',
  /** Lock mode: a running exam's candidate asked for anything outside it. */
  examLocked: 'An exam is in progress: only this exam can be accessed.',
  /** Lock mode: a running contest's participant asked for anything outside it. */
  contestLocked: 'A contest is in progress: only this contest can be accessed.',
  /** The token of a session that a later login of the same participant ended. */
  sessionReplaced: 'Your account has logged in elsewhere and this session has ended. Please log in again.',
  /** An admin's allowed-range list holds an entry that is not an IPv4 or IPv6 CIDR. */
  badIpRange: 'Each allowed IP range must be an IPv4 or IPv6 address or CIDR, e.g. 10.0.0.0/8 or 2001:db8::/32.',
  /** More ranges than LOCKDOWN_LIMITS.ipRangesMax. */
  tooManyIpRanges: 'Too many allowed IP ranges.',
} as const;

export const LOCKDOWN_LIMITS = {
  /** Allowed ranges per contest or exam. */
  ipRangesMax: 64,
  /** Characters of one range as typed ("ffff:...:ffff/128" is 43). */
  ipRangeMax: 64,
} as const;

/** What a contest or exam keeps (admin payloads; optional there so that HOJ's clients may omit them). */
export interface LockdownSettings {
  /** CIDRs (or single addresses) allowed to enter and submit; empty: anyone. */
  ipRanges: string[];
  /** Lock mode: while it runs, its participants' sessions reach only its own pages and calls. */
  lockMode: boolean;
}

/** `data` of a lock-mode refusal (403): where the participant's session is held, so the web app sends them there. */
export interface LockedToData {
  lockedTo: { kind: 'contest' | 'exam'; id: number };
}

/**
 * Whether a typed range is a valid IPv4/IPv6 address or CIDR (the server's check is core/http/cidr.ts; this one
 * lets the admin forms refuse a typo before saving). Hex groups, dotted quads, `::` once, prefix in bounds.
 */
export function isIpRange(text: string): boolean {
  const s = text.trim();
  const slash = s.indexOf('/');
  const addr = slash < 0 ? s : s.slice(0, slash);
  const prefixText = slash < 0 ? undefined : s.slice(slash + 1);
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return false;
  const prefix = prefixText === undefined ? undefined : Number(prefixText);
  if (isIpv4(addr)) return prefix === undefined || prefix <= 32;
  if (isIpv6(addr)) return prefix === undefined || prefix <= 128;
  return false;
}

function isIpv4(s: string): boolean {
  const parts = s.split('.');
  return parts.length === 4 && parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255 && (p === '0' || !p.startsWith('0')));
}

function isIpv6(s: string): boolean {
  if (!/^[0-9a-fA-F:.]+$/.test(s)) return false;
  const halves = s.split('::');
  if (halves.length > 2) return false;
  const groups = (h: string) => (h === '' ? [] : h.split(':'));
  const head = groups(halves[0]);
  const tail = halves.length === 2 ? groups(halves[1]) : [];
  const all = [...head, ...tail];
  // A trailing dotted quad stands for two groups.
  const last = all[all.length - 1];
  const v4 = last !== undefined && last.includes('.');
  if (v4 && !isIpv4(last)) return false;
  const hex = v4 ? all.slice(0, -1) : all;
  if (!hex.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return false;
  const count = hex.length + (v4 ? 2 : 0);
  return halves.length === 2 ? count <= 7 : count === 8;
}
