/**
 * Codeforces' rating method (Mike Mirzayanov, "Open Codeforces Rating System", codeforces.com/blog/entry/20762):
 *  1. seed_i = 1 + Σ_{j≠i} P(j beats i), with P(a beats b) = 1 / (1 + 10^((r_b − r_a) / 400));
 *  2. each contestant needs the rating R whose seed among the others equals √(place_i · seed_i);
 *     delta_i = (R − r_i) / 2;
 *  3. all deltas shift by −Σdelta/n − 1 (total rating does not inflate);
 *  4. the top min(n, 4·round(√n)) by old rating have their deltas summing to ≤ 0: shift by min(max(−Σ/s, −10), 0).
 * Tied contestants share the worst place of their group, as Codeforces does.
 */
export const INITIAL_RATING = 1500;

export interface RatingInput {
  uid: string;
  /** 1-based place on the final board; equal places are ties. */
  rank: number;
  /** Rating before the contest (INITIAL_RATING for a first contest). */
  rating: number;
}

export interface RatingChange {
  uid: string;
  rank: number;
  oldRating: number;
  newRating: number;
}

const winProbability = (ra: number, rb: number) => 1 / (1 + Math.pow(10, (rb - ra) / 400));

function seedAgainst(rating: number, others: readonly number[], skip: number): number {
  let seed = 1;
  for (let j = 0; j < others.length; j++) if (j !== skip) seed += winProbability(others[j], rating);
  return seed;
}

/** The rating whose seed among the others is `place` (the seed falls as the rating rises). */
function ratingForPlace(place: number, ratings: readonly number[], skip: number): number {
  let lo = 1;
  let hi = 8000;
  for (let k = 0; k < 60; k++) {
    const mid = (lo + hi) / 2;
    if (seedAgainst(mid, ratings, skip) < place) hi = mid;
    else lo = mid;
  }
  return (lo + hi) / 2;
}

/** Tied ranks become the last place of their group. */
function places(inputs: readonly RatingInput[]): number[] {
  const order = inputs.map((_, i) => i).sort((a, b) => inputs[a].rank - inputs[b].rank);
  const place = new Array<number>(inputs.length);
  for (let i = 0; i < order.length;) {
    let j = i;
    while (j + 1 < order.length && inputs[order[j + 1]].rank === inputs[order[i]].rank) j++;
    for (let k = i; k <= j; k++) place[order[k]] = j + 1;
    i = j + 1;
  }
  return place;
}

export function computeRatingChanges(inputs: readonly RatingInput[]): RatingChange[] {
  const n = inputs.length;
  if (n === 0) return [];
  const ratings = inputs.map((c) => c.rating);
  const place = places(inputs);
  const delta = inputs.map((c, i) => {
    const seed = seedAgainst(c.rating, ratings, i);
    const need = ratingForPlace(Math.sqrt(place[i] * seed), ratings, i);
    return (need - c.rating) / 2;
  });

  const shift = -delta.reduce((s, d) => s + d, 0) / n - 1;
  for (let i = 0; i < n; i++) delta[i] += shift;

  const top = Math.min(n, 4 * Math.round(Math.sqrt(n)));
  const byRating = inputs.map((_, i) => i).sort((a, b) => ratings[b] - ratings[a]);
  const topSum = byRating.slice(0, top).reduce((s, i) => s + delta[i], 0);
  const topShift = Math.min(Math.max(-topSum / top, -10), 0);
  for (let i = 0; i < n; i++) delta[i] += topShift;

  return inputs.map((c, i) => ({ uid: c.uid, rank: c.rank, oldRating: c.rating, newRating: Math.round(c.rating + delta[i]) }));
}
