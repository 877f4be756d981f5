import { INITIAL_RATING, computeRatingChanges } from './codeforces-rating';

/**
 * Worked by hand from the formulas in codeforces-rating.ts.
 *
 * Two newcomers (1500), A first, B second:
 *   seed_A = seed_B = 1 + 1/(1+10^0) = 1.5
 *   A: √(1·1.5) = 1.2247 → 1/(1+10^x) = 0.2247 → 10^x = 3.4495 → x = 0.5378 → R = 1715.1 → delta = +107.6
 *   B: √(2·1.5) = 1.7321 → 1/(1+10^x) = 0.7321 → 10^x = 0.3660 → x = −0.4365 → R = 1325.4 → delta = −87.3
 *   Σ = 20.25 → shift −20.25/2 − 1 = −11.13 → A +96.4, B −98.4
 *   top s = min(2, 4·round(√2)) = 2, Σ = −2.0 → min(max(1.0, −10), 0) = 0
 *   → A 1596, B 1402.
 *
 * Two newcomers tied (both place 2): each √(2·1.5) → delta −87.3; Σ = −174.6 → shift +86.3 → −1.0 each
 *   top Σ = −2 → no further shift → 1499, 1499.
 *
 * A 1800 beats B 1400 (expected): seed_A = 1 + 1/(1+10^1) = 1.0909, seed_B = 1 + 1/(1+10^−1) = 1.9091
 *   A: √1.0909 = 1.0445 → 1/(1+10^x) = 0.0445 → 10^x = 21.47 → x = 1.3318 → R = 1400 + 532.7 = 1932.7 → +66.4
 *   B: √(2·1.9091) = 1.9540 → 1/(1+10^x) = 0.9540 → 10^x = 0.04822 → x = −1.3168 → R = 1800 − 526.7 = 1273.3 → −63.3
 *   Σ = 3.1 → shift −2.55 → A +63.8, B −65.9; top Σ = −2.1 → +1.05 capped at 0 → 0
 *   → A 1864, B 1334.
 */
describe('the Codeforces rating method', () => {
  it('matches the hand-worked table for a winner and a loser among newcomers', () => {
    const changes = computeRatingChanges([
      { uid: 'A', rank: 1, rating: INITIAL_RATING },
      { uid: 'B', rank: 2, rating: INITIAL_RATING },
    ]);
    expect(changes).toEqual([
      { uid: 'A', rank: 1, oldRating: 1500, newRating: 1596 },
      { uid: 'B', rank: 2, oldRating: 1500, newRating: 1402 },
    ]);
  });

  it('gives tied contestants the same change, with the tie at the worst place of the group', () => {
    const changes = computeRatingChanges([
      { uid: 'A', rank: 1, rating: 1500 },
      { uid: 'B', rank: 1, rating: 1500 },
    ]);
    expect(changes.map((c) => c.newRating)).toEqual([1499, 1499]);
  });

  it('moves an expected win less than a surprise', () => {
    const changes = computeRatingChanges([
      { uid: 'A', rank: 1, rating: 1800 },
      { uid: 'B', rank: 2, rating: 1400 },
    ]);
    expect(changes.map((c) => c.newRating)).toEqual([1864, 1334]);
  });

  it('never inflates the sum of ratings', () => {
    const inputs = Array.from({ length: 30 }, (_, i) => ({ uid: `u${i}`, rank: i + 1, rating: 1200 + ((i * 137) % 900) }));
    const changes = computeRatingChanges(inputs);
    const before = inputs.reduce((s, c) => s + c.rating, 0);
    const after = changes.reduce((s, c) => s + c.newRating, 0);
    expect(after).toBeLessThanOrEqual(before);
    expect(changes[0].newRating).toBeGreaterThan(inputs[0].rating);
    expect(changes[29].newRating).toBeLessThan(inputs[29].rating);
  });
});
