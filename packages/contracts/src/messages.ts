/**
 * Stable codes of every text the API sends (issue #21): the envelope keeps HOJ's English `msg` and
 * carries `msgCode` beside it, so a client shows the user's language by code (react-intl id
 * `server.<code>`) and falls back to `msg` for a text it does not know.
 *
 * The code of a text is `<CATALOGUE>.<key>` (e.g. `ERR.wrongCredentials`). Texts with a number in them
 * (`JUDGING_ERR.submitTooFrequent(7)`) are matched by pattern; their number travels in the text itself
 * and the client reads it back with `messageParams`.
 */
import { ADMIN_USER_TEXT } from './admin-user';
import { AUTH_TEXT } from './auth';
import { BACKUP_TEXT } from './backup';
import { CONTEST_ERR } from './contest-errors';
import { DISCUSSION_ERR } from './discussion';
import { ERR } from './errors';
import { GROUP_ERR, GROUP_MSG } from './group';
import { EXAM_ERR } from './exam';
import { JUDGING_ERR } from './judging';
import { LOCKDOWN_ERR } from './lockdown';
import { PLAGIARISM_ERR } from './plagiarism';
import { PROFILE_TEXT, RATING_TEXT } from './profile';
import { SITE_TEXT } from './site';
import { SSO_ERR } from './sso';
import { TRAINING_ERR } from './training';
import { VIRTUAL_ERR } from './virtual-contest';

type Entry = string | ((n: number) => string);

/** Every catalogue of texts a server answer may carry, by the name that prefixes its codes. */
export const MESSAGE_CATALOGUES: Record<string, Record<string, Entry>> = {
  ERR,
  JUDGING_ERR,
  CONTEST_ERR,
  DISCUSSION_ERR,
  TRAINING_ERR,
  GROUP_ERR,
  GROUP_MSG,
  EXAM_ERR,
  ADMIN_USER_TEXT,
  PROFILE_TEXT,
  RATING_TEXT,
  SITE_TEXT,
  AUTH_TEXT,
  PLAGIARISM_ERR,
  VIRTUAL_ERR,
  SSO_ERR,
  LOCKDOWN_ERR,
  BACKUP_TEXT,
};

/** The number a parametrised text is probed with to learn its shape (never a real value). */
const PROBE = 987654321;

export interface MessageDef {
  code: string;
  /** The English text; `{n}` where a parametrised text has its number (ICU syntax, for react-intl). */
  en: string;
  /** Matches the server's text, capturing the number of a parametrised one. */
  pattern?: RegExp;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function buildDefs(): { byCode: Map<string, MessageDef>; byText: Map<string, string>; patterns: MessageDef[] } {
  const byCode = new Map<string, MessageDef>();
  const byText = new Map<string, string>();
  const patterns: MessageDef[] = [];
  for (const [catalogue, entries] of Object.entries(MESSAGE_CATALOGUES)) {
    for (const [key, entry] of Object.entries(entries)) {
      const code = `${catalogue}.${key}`;
      if (typeof entry === 'string') {
        byCode.set(code, { code, en: entry });
        // Several catalogues share a text ('The title is required.'): the first code wins, same words.
        if (!byText.has(entry)) byText.set(entry, code);
      } else {
        const probe = entry(PROBE);
        const [before, after] = probe.split(String(PROBE));
        const def: MessageDef = { code, en: `${before}{n}${after}`, pattern: new RegExp(`^${escape(before)}(\\d+)${escape(after)}$`) };
        byCode.set(code, def);
        patterns.push(def);
      }
    }
  }
  return { byCode, byText, patterns };
}

const DEFS = buildDefs();

/** Every message the API may send, by code. */
export const MESSAGE_DEFS: ReadonlyMap<string, MessageDef> = DEFS.byCode;

/** The stable code of a server text, or undefined for a text outside the catalogues. */
export function messageCodeOf(text: string): string | undefined {
  const code = DEFS.byText.get(text);
  if (code) return code;
  return DEFS.patterns.find((d) => d.pattern!.test(text))?.code;
}

/** Between a catalogue text and the more precise reason appended to it (product §8). */
const REASON_SEPARATOR = ': ';

/** A catalogue text with the more precise reason of a refusal appended (product §8): "Upload Problem Failed: <reason>". */
export function withReason(text: string, reason: string): string {
  const r = reason.trim();
  return r ? `${text}${REASON_SEPARATOR}${r}` : text;
}

/**
 * A server text split into its catalogue code and the reason appended to it (withReason), so a client shows the
 * catalogue part in the user's language and the reason as sent; undefined when the text is no such pair.
 */
export function reasonedMessage(text: string): { code: string; base: string; reason: string } | undefined {
  for (let at = text.indexOf(REASON_SEPARATOR); at > 0; at = text.indexOf(REASON_SEPARATOR, at + 1)) {
    const base = text.slice(0, at);
    const code = messageCodeOf(base);
    if (code) return { code, base, reason: text.slice(at + REASON_SEPARATOR.length) };
  }
  return undefined;
}

/** The values of a parametrised text (`{ n }`), read back from the server's English text. */
export function messageParams(code: string, text: string): Record<string, number> {
  const match = DEFS.byCode.get(code)?.pattern?.exec(text);
  return match ? { n: Number(match[1]) } : {};
}

/** The react-intl id of a message code. */
export const serverMessageId = (code: string): string => `server.${code}`;
