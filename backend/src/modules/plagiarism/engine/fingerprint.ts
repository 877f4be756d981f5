/**
 * Winnowing (Schleimer, Wilkerson and Aiken, SIGMOD 2003; what MOSS does): hash every run of `k` consecutive tokens,
 * and in every window of `w` consecutive hashes keep the smallest. Two programs sharing a run of at least k + w - 1
 * tokens are certain to share a kept hash; runs shorter than k never match, so `int i ;` alone is never evidence.
 */
import { Lexer, Token } from './tokenize';

export interface WinnowParams {
  /** tokens per hashed run */
  k: number;
  /** hashes per window */
  w: number;
}

/**
 * Tokens: a match must be 8 tokens at least and one of 13 is always found (a line or two of code). Characters: 20
 * non-blank characters, one of 31 always found.
 */
export const WINNOW: Record<'tokens' | 'characters', WinnowParams> = {
  tokens: { k: 8, w: 6 },
  characters: { k: 20, w: 12 },
};

export const winnowParams = (lexer: Lexer): WinnowParams => (lexer === 'characters' ? WINNOW.characters : WINNOW.tokens);

/** A kept hash and the index of the first token of its run. */
export interface Fingerprint {
  hash: number;
  at: number;
}

/**
 * Token texts as small numbers, shared by every program of one check, so that hashing works on integers and equal
 * texts get equal numbers.
 */
export class TokenDictionary {
  private readonly ids = new Map<string, number>();

  id(text: string): number {
    let id = this.ids.get(text);
    if (id === undefined) {
      id = this.ids.size + 1;
      this.ids.set(text, id);
    }
    return id;
  }
}

/** The fingerprints of one program's tokens, in order of position (a hash may repeat at another position). */
export function fingerprints(tokens: readonly Token[], dict: TokenDictionary, { k, w }: WinnowParams): Fingerprint[] {
  const n = tokens.length - k + 1;
  if (n <= 0) return [];
  const ids = Int32Array.from(tokens, (t) => dict.id(t.text));
  // polynomial hash of each run of k ids, 32-bit, rolled: h(i+1) = (h(i) - id[i]·B^(k-1))·B + id[i+k]
  const B = 0x01000193;
  let top = 1;
  for (let j = 1; j < k; j++) top = Math.imul(top, B);
  const hashes = new Uint32Array(n);
  let h = 0;
  for (let j = 0; j < k; j++) h = (Math.imul(h, B) + ids[j]) | 0;
  hashes[0] = mix(h);
  for (let i = 1; i < n; i++) {
    h = (Math.imul((h - Math.imul(ids[i - 1], top)) | 0, B) + ids[i + k - 1]) | 0;
    hashes[i] = mix(h);
  }
  const out: Fingerprint[] = [];
  if (n <= w) {
    // one window: its minimum
    let min = 0;
    for (let i = 1; i < n; i++) if (hashes[i] <= hashes[min]) min = i;
    out.push({ hash: hashes[min], at: min });
    return out;
  }
  let last = -1;
  for (let start = 0; start + w <= n; start++) {
    // the rightmost minimum of the window, kept once however many windows choose it
    let min = start;
    for (let i = start + 1; i < start + w; i++) if (hashes[i] <= hashes[min]) min = i;
    if (min !== last) {
      out.push({ hash: hashes[min], at: min });
      last = min;
    }
  }
  return out;
}

/** Spreads the polynomial hash's bits (murmur3's finaliser), so the window minimum is not biased to some tokens. */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
