import { eventually } from './eventually';

describe('eventually', () => {
  it('returns the first value that is neither undefined nor false, retrying through errors', async () => {
    let calls = 0;
    const value = await eventually(
      'the third try',
      () => {
        calls += 1;
        if (calls === 1) throw new Error('not yet');
        return calls === 3 ? 'done' : false;
      },
      { intervalMs: 1 },
    );
    expect(value).toBe('done');
    expect(calls).toBe(3);
  });

  it('fails after the deadline, naming what it waited for and the last error', async () => {
    await expect(
      eventually(
        'a board row',
        () => {
          throw new Error('404');
        },
        { timeoutMs: 30, intervalMs: 5, context: () => 'server log tail' },
      ),
    ).rejects.toThrow(/timed out after 30 ms waiting for a board row \(last: 404\)\nserver log tail/);
  });
});
