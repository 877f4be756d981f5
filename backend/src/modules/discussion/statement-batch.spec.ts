import { StatementBatch } from './statement-batch';

describe('StatementBatch', () => {
  it('answers the loads of one event-loop turn with one run, each its own result', async () => {
    const runs: number[][] = [];
    const batch = new StatementBatch<number, string>(async (keys) => {
      runs.push(keys);
      return keys.map((k) => (k === 3 ? undefined : `v${k}`));
    });
    const results = await Promise.all([batch.load(1), batch.load(2), batch.load(3)]);
    expect(results).toEqual(['v1', 'v2', undefined]);
    expect(runs).toEqual([[1, 2, 3]]);
    expect(await batch.load(4)).toBe('v4');
    expect(runs).toEqual([[1, 2, 3], [4]]);
  });

  it('fails only the key that fails when a batch fails', async () => {
    const batch = new StatementBatch<number, number>(async (keys) => {
      if (keys.includes(-1)) throw new Error('out of range');
      return keys.map((k) => k * 2);
    });
    const [a, bad, b] = await Promise.allSettled([batch.load(1), batch.load(-1), batch.load(2)]);
    expect(a).toEqual({ status: 'fulfilled', value: 2 });
    expect(bad).toMatchObject({ status: 'rejected', reason: new Error('out of range') });
    expect(b).toEqual({ status: 'fulfilled', value: 4 });
  });

  it('cuts a turn into statements of at most maxKeys keys, run at once, each answering its own keys', async () => {
    const runs: number[][] = [];
    let running = 0;
    let most = 0;
    const batch = new StatementBatch<number, number>(async (keys) => {
      runs.push(keys);
      most = Math.max(most, ++running);
      await new Promise((r) => setTimeout(r, 5));
      running--;
      return keys.map((k) => k * 10);
    }, 2);
    expect(await Promise.all([1, 2, 3, 4, 5].map((k) => batch.load(k)))).toEqual([10, 20, 30, 40, 50]);
    expect(runs).toEqual([[1, 2], [3, 4], [5]]);
    expect(most).toBe(3);
  });
});
