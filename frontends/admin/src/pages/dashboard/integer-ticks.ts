/**
 * Ticks of a count axis (submissions, AC, solved): whole numbers only (issue 37 item 14: "0.5 submissions" read as
 * nonsense). About `count` ticks from 0 or below `min` to `max` or above, a step of 1, 2, 5 × 10^k and at least 1.
 */
export function integerTicks(min: number, max: number, count = 5): number[] {
  const lo = Math.floor(Math.min(min, max));
  const hi = Math.ceil(Math.max(min, max));
  const span = Math.max(1, hi - lo);
  const raw = span / Math.max(1, count - 1);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power);
  const ticks: number[] = [];
  const start = Math.floor(lo / step) * step;
  // All counts 0: still an axis from 0 to 1, not a single tick.
  const end = Math.max(Math.ceil(hi / step) * step, start + step);
  for (let v = start; v <= end; v += step) ticks.push(v);
  return ticks;
}

/** `scale` of an @ant-design/plots chart whose value axis (`field`) counts things. */
export const countScale = (field: 'x' | 'y' = 'y') => ({ [field]: { tickMethod: integerTicks, nice: true } });
