/**
 * Display ids for problems added several at once (issue 37 item 11): each problem takes the id after the
 * previous one, skipping the ids the contest or exam already uses (the server refuses a duplicate).
 */

/** The counter at the end of an id: its trailing digits, else its trailing letters (A, B, ..., Z, AA, as columns). */
function counterOf(id: string): { stem: string; digits?: string; letters?: string } {
  const digits = /^(.*?)(\d+)$/.exec(id);
  if (digits) return { stem: digits[1], digits: digits[2] };
  const letters = /^(.*?)([A-Za-z]+)$/.exec(id);
  if (letters) return { stem: letters[1], letters: letters[2] };
  return { stem: id };
}

/** The letters after `s` in the same case: A → B, Z → AA, az → ba. */
function nextLetters(s: string): string {
  const chars = s.split('');
  for (let i = chars.length - 1; i >= 0; i--) {
    const c = chars[i];
    if (c !== 'z' && c !== 'Z') {
      chars[i] = String.fromCharCode(c.charCodeAt(0) + 1);
      return chars.join('');
    }
    chars[i] = c === 'z' ? 'a' : 'A';
  }
  return (s[0] === s[0].toLowerCase() ? 'a' : 'A') + chars.join('');
}

/** The id after `id`: P9 → P10, 09 → 10, A → B, Z → AA; an id without a counter gets one (X → X2). */
export function nextDisplayId(id: string): string {
  const { stem, digits, letters } = counterOf(id);
  if (digits !== undefined) return stem + String(Number(digits) + 1).padStart(digits.length, '0');
  if (letters !== undefined) return stem + nextLetters(letters);
  return `${stem}2`;
}

/** `count` ids from `first` on (first included when free), skipping the `taken` ones. */
export function displayIdSequence(first: string, count: number, taken: Iterable<string>): string[] {
  const used = new Set(taken);
  const out: string[] = [];
  let id = first.trim();
  if (!id) return out;
  while (out.length < count) {
    if (!used.has(id)) {
      out.push(id);
      used.add(id);
    }
    id = nextDisplayId(id);
  }
  return out;
}

/** The value of an id's counter, to find the last id in use (B < Z < AA; 9 < 10). */
function rank(id: string): number {
  const { digits, letters } = counterOf(id);
  if (digits !== undefined) return Number(digits);
  if (letters !== undefined) return [...letters.toUpperCase()].reduce((n, c) => n * 26 + (c.charCodeAt(0) - 64), 0);
  return 0;
}

/** The id a new problem gets by default: after the highest one in use, or `fallback` (A for contests, P1 for exams). */
export function firstFreeDisplayId(taken: string[], fallback: string): string {
  if (!taken.length) return fallback;
  const last = taken.reduce((best, id) => (rank(id) >= rank(best) ? id : best));
  return displayIdSequence(nextDisplayId(last), 1, taken)[0];
}
