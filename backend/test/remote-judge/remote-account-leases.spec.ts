/**
 * The remote accounts' leases and submit gaps on a real Redis (issue 34): one holder per account, a lease freed by
 * its holder only, and submits spaced per account and per site whatever the account.
 */
import { REMOTE_JUDGE_TIMINGS } from '@oj/contracts';
import { randomBytes } from 'crypto';
import Redis from 'ioredis';
import { RemoteAccountLeases } from '../../src/modules/remote-judge/remote-account-leases.service';
import { TEST_REDIS_URL, deleteKeys } from '../utils/test-app';

describe('remote account leases', () => {
  const prefix = `t:leases:${randomBytes(4).toString('hex')}:`;
  const redis = new Redis(TEST_REDIS_URL, { keyPrefix: prefix });
  const leases = new RemoteAccountLeases(redis);

  afterAll(async () => {
    await deleteKeys([prefix]);
    await redis.quit();
  });

  it('gives an account to one holder at a time; only the holder frees it', async () => {
    const a = await leases.tryAcquire([1, 2], 'first');
    const b = await leases.tryAcquire([1, 2], 'second');
    expect([a?.accountId, b?.accountId]).toEqual([1, 2]);
    expect(await leases.tryAcquire([1, 2], 'third')).toBeNull();
    expect([...(await leases.heldOf([1, 2, 3]))]).toEqual([1, 2]);
    await a!.release();
    const c = await leases.tryAcquire([1, 2], 'third');
    expect(c?.accountId).toBe(1);
    // a holder whose lease went to someone else cannot free it
    await a!.release();
    expect([...(await leases.heldOf([1]))]).toEqual([1]);
    await b!.release();
    await c!.release();
    expect((await leases.heldOf([1, 2])).size).toBe(0);
  });

  it("spaces two submits to one site through different accounts by the site's gap", async () => {
    const start = Date.now();
    await leases.waitSubmitGap(11, 'HDU');
    await leases.waitSubmitGap(12, 'HDU');
    // a lower bound: a slower machine only waits longer
    expect(Date.now() - start).toBeGreaterThanOrEqual(REMOTE_JUDGE_TIMINGS.siteSubmitGapMs - 50);
    // another site is not held up by this one: its submit goes while HDU's gap still runs
    await leases.waitSubmitGap(13, 'POJ');
    expect(await redis.pttl('remote-judge:site-gap:HDU')).toBeGreaterThan(0);
  });
});
