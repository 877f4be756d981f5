import { integerTicks } from '../src/pages/dashboard/integer-ticks';

describe("the dashboard's count axes (issue 37 item 14)", () => {
  it('has whole-number ticks when the counts are small', () => {
    expect(integerTicks(0, 1)).toEqual([0, 1]);
    expect(integerTicks(0, 2)).toEqual([0, 1, 2]);
    expect(integerTicks(0, 3)).toEqual([0, 1, 2, 3]);
    expect(integerTicks(0, 0)).toEqual([0, 1]);
  });

  it('steps by 1, 2 or 5 times a power of ten and covers the largest count', () => {
    expect(integerTicks(0, 7)).toEqual([0, 2, 4, 6, 8]);
    expect(integerTicks(0, 130)).toEqual([0, 50, 100, 150]);
    for (const max of [1, 3, 9, 17, 64, 999]) {
      const ticks = integerTicks(0, max);
      expect(ticks.every(Number.isInteger)).toBe(true);
      expect(ticks.at(-1)!).toBeGreaterThanOrEqual(max);
      expect(ticks[0]).toBe(0);
    }
  });
});
