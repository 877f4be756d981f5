/**
 * Every pair of programs of one group (one problem, one language group), without comparing each pair by hand: an
 * index from each fingerprint to the programs holding it gives, for every pair that shares anything, how many
 * fingerprints it shares. A fingerprint held by many programs is what every solution writes (a fast-input routine, a
 * standard loop) and is no evidence of copying: like MOSS's `-m`, it is left out of the counts.
 */
import { Fingerprint, TokenDictionary, fingerprints, winnowParams } from './fingerprint';
import { Lexer, Token, tokenize } from './tokenize';

export interface ProgramInput {
  code: string;
}

/** A pair at or above the threshold; `a` < `b` are indexes into the group's programs. */
export interface SimilarPair {
  a: number;
  b: number;
  /** fingerprints in common (each counted once) */
  shared: number;
  /** percent of a's fingerprints found in b, and the other way round */
  aPercent: number;
  bPercent: number;
  /** the mean of the two */
  similarity: number;
  regions: LineRegion[];
}

export interface LineRegion {
  aFrom: number;
  aTo: number;
  bFrom: number;
  bTo: number;
}

export interface GroupResult {
  pairs: SimilarPair[];
  /** pairs of programs the group holds, all considered */
  comparedPairs: number;
}

/** A fingerprint in more programs than this is common code (at least 10 programs, or a tenth of the group). */
export const commonLimit = (programs: number): number => Math.max(10, Math.ceil(programs / 10));

/** The most regions listed for one pair (a long copy is one region; many small ones are noise past this). */
const MAX_REGIONS = 60;

export interface Prepared {
  tokens: Token[];
  prints: Fingerprint[];
  /** distinct hashes, sorted */
  distinct: Uint32Array;
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/**
 * Compares every pair of `programs` (one lexer for all) and answers those whose similarity is at least `threshold`
 * percent, most similar first. `progress` is called with the share of the work done (0..1) now and then.
 */
export function compareGroup(
  programs: readonly ProgramInput[],
  lexer: Lexer,
  threshold: number,
  progress?: (done: number) => void,
): GroupResult {
  const n = programs.length;
  const params = winnowParams(lexer);
  const dict = new TokenDictionary();
  const prepared: Prepared[] = [];
  for (let i = 0; i < n; i++) {
    const tokens = tokenize(programs[i].code, lexer);
    const prints = fingerprints(tokens, dict, params);
    const distinct = Uint32Array.from(new Set(prints.map((f) => f.hash))).sort();
    prepared.push({ tokens, prints, distinct });
    if (progress && i % 200 === 199) progress((0.5 * (i + 1)) / n);
  }

  // hash → the programs holding it, each once
  const holders = new Map<number, number[]>();
  for (let i = 0; i < n; i++)
    for (const h of prepared[i].distinct) {
      const list = holders.get(h);
      if (list) list.push(i);
      else holders.set(h, [i]);
    }
  const limit = commonLimit(n);
  const common = new Set<number>();
  const shared = new Map<number, number>(); // a * n + b → fingerprints in common
  for (const [h, list] of holders) {
    if (list.length < 2) continue;
    if (list.length > limit) {
      common.add(h);
      continue;
    }
    for (let x = 0; x < list.length; x++)
      for (let y = x + 1; y < list.length; y++) {
        const key = list[x] * n + list[y];
        shared.set(key, (shared.get(key) ?? 0) + 1);
      }
  }
  progress?.(0.8);

  // a program's size for the percentages: its fingerprints that are not common code
  const size = prepared.map((p) => {
    let s = 0;
    for (const h of p.distinct) if (!common.has(h)) s++;
    return s;
  });
  const pairs: SimilarPair[] = [];
  for (const [key, count] of shared) {
    const a = Math.floor(key / n);
    const b = key % n;
    if (!size[a] || !size[b]) continue;
    const aPercent = (100 * count) / size[a];
    const bPercent = (100 * count) / size[b];
    const similarity = (aPercent + bPercent) / 2;
    if (similarity + 1e-9 < threshold) continue;
    pairs.push({
      a,
      b,
      shared: count,
      aPercent: round1(aPercent),
      bPercent: round1(bPercent),
      similarity: round1(similarity),
      regions: regionsOf(prepared[a], prepared[b], common, params.k),
    });
  }
  pairs.sort((x, y) => y.similarity - x.similarity || x.a - y.a || x.b - y.b);
  progress?.(1);
  return { pairs, comparedPairs: (n * (n - 1)) / 2 };
}

/**
 * Where two programs match, as line ranges: each shared fingerprint covers k tokens in both; runs of them that
 * follow each other in both programs (a copied block) are merged into one region, grown to where the tokens differ.
 */
export function regionsOf(a: Prepared, b: Prepared, common: ReadonlySet<number>, k: number): LineRegion[] {
  const inB = new Map<number, number[]>();
  for (const f of b.prints) {
    if (common.has(f.hash)) continue;
    const list = inB.get(f.hash);
    if (list) list.push(f.at);
    else inB.set(f.hash, [f.at]);
  }
  // token runs: [aAt, bAt] for each fingerprint of a found in b (the nearest occurrence after the previous match)
  const hits: [number, number][] = [];
  let lastB = -1;
  for (const f of a.prints) {
    const list = inB.get(f.hash);
    if (!list) continue;
    const next = list.find((at) => at > lastB) ?? list[0];
    hits.push([f.at, next]);
    lastB = next;
  }
  const runs: { a0: number; a1: number; b0: number; b1: number }[] = [];
  for (const [at, bt] of hits) {
    const r = runs[runs.length - 1];
    // the same copied block: both positions move forward and neither jumps further than a window or two
    if (r && at >= r.a0 && at <= r.a1 + 2 * k && bt >= r.b0 && bt <= r.b1 + 2 * k) {
      r.a1 = Math.max(r.a1, at + k - 1);
      r.b1 = Math.max(r.b1, bt + k - 1);
    } else runs.push({ a0: at, a1: at + k - 1, b0: bt, b1: bt + k - 1 });
  }
  // Winnowing keeps one fingerprint per window, so the first and last few tokens of a copied block may lie in no
  // kept fingerprint: each run grows while the normalised tokens on both sides still agree (the block's true ends).
  for (const r of runs) {
    while (r.a0 > 0 && r.b0 > 0 && a.tokens[r.a0 - 1].text === b.tokens[r.b0 - 1].text) {
      r.a0--;
      r.b0--;
    }
    while (r.a1 + 1 < a.tokens.length && r.b1 + 1 < b.tokens.length && a.tokens[r.a1 + 1].text === b.tokens[r.b1 + 1].text) {
      r.a1++;
      r.b1++;
    }
  }
  const line = (p: Prepared, i: number) => p.tokens[Math.min(i, p.tokens.length - 1)].line;
  return runs
    .sort((x, y) => y.a1 - y.a0 - (x.a1 - x.a0))
    .slice(0, MAX_REGIONS)
    .map((r) => ({ aFrom: line(a, r.a0), aTo: line(a, r.a1), bFrom: line(b, r.b0), bTo: line(b, r.b1) }))
    .sort((x, y) => x.aFrom - y.aFrom);
}
