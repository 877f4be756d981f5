/**
 * Text a judged program produced (its output, a checker's message quoting it, compiler output) may hold any byte.
 * PostgreSQL's text columns refuse NUL (`invalid byte sequence for encoding "UTF8": 0x00`), and one such byte used to
 * fail the whole verdict's transaction and leave the submission unjudged. Every text a verdict writes goes through
 * here: NUL becomes U+2400 (the visible "symbol for null"), and the text is cut to its column's bound without
 * splitting a surrogate pair. Other bytes are already safe: the worker decodes output as UTF-8, so invalid
 * sequences arrive as U+FFFD.
 */
export function storableText(text: string | null | undefined, max: number): string | null {
  if (text === null || text === undefined) return null;
  let s = text.includes('\u0000') ? text.replaceAll('\u0000', '\u2400') : text;
  if (s.length > max) {
    s = s.slice(0, max);
    // A cut between a high and a low surrogate would leave half a character.
    if (/[\uD800-\uDBFF]$/.test(s)) s = s.slice(0, -1);
  }
  return s;
}

/** JSON for a json/jsonb column: `\u0000` in a string is refused there as well. */
export function storableJson(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'string' ? storableText(v, Number.MAX_SAFE_INTEGER) : v));
}
