import { Inject, Injectable } from '@nestjs/common';
import { REMOTE_JUDGE_TIMINGS } from '@oj/contracts';
import Redis from 'ioredis';
import { REDIS } from '../../core/redis/redis.module';

const leaseKey = (accountId: number) => `remote-judge:lease:${accountId}`;
const gapKey = (accountId: number) => `remote-judge:gap:${accountId}`;
const siteGapKey = (site: string) => `remote-judge:site-gap:${site}`;

// Renew or release only a lease this holder still has: a lease that ran out and went to another submission is theirs.
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/** An account leased to one submission, renewed while it is held. */
export interface AccountLease {
  accountId: number;
  /** Ends the heartbeat and frees the account (a no-op when the lease already ran out). */
  release(): Promise<void>;
  /** False once a renewal found the lease gone (another holder has the account now). */
  readonly held: boolean;
}

/**
 * One submission per remote account at a time (issue 34): an account is leased in Redis with an expiry and renewed
 * by a heartbeat, so a process that dies frees its accounts when their lease runs out, and every backend replica
 * sees the same leases. Also the least gap between two submits through one account, which sites enforce.
 */
@Injectable()
export class RemoteAccountLeases {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** Leases the first free account of `accountIds` (tried in the given order), or answers null when all are held. */
  async tryAcquire(accountIds: number[], holder: string): Promise<AccountLease | null> {
    for (const accountId of accountIds) {
      const ok = await this.redis.set(leaseKey(accountId), holder, 'PX', REMOTE_JUDGE_TIMINGS.accountLeaseMs, 'NX');
      if (ok === 'OK') return this.heartbeat(accountId, holder);
    }
    return null;
  }

  /**
   * Waits until the account may submit again (its own gap since its last submit; no other holder can take it, it is
   * leased) and the site may take another submit (the site's gap, shared by all its accounts and every replica:
   * taken with SET NX, so two submits never start within it), then starts both gaps.
   */
  async waitSubmitGap(accountId: number, site: string): Promise<void> {
    const left = await this.redis.pttl(gapKey(accountId));
    if (left > 0) await new Promise((r) => setTimeout(r, left));
    for (;;) {
      if ((await this.redis.set(siteGapKey(site), '1', 'PX', REMOTE_JUDGE_TIMINGS.siteSubmitGapMs, 'NX')) === 'OK') break;
      const wait = await this.redis.pttl(siteGapKey(site));
      await new Promise((r) => setTimeout(r, Math.max(10, wait)));
    }
    await this.redis.set(gapKey(accountId), '1', 'PX', REMOTE_JUDGE_TIMINGS.submitGapMs);
  }

  /** Which of these accounts are leased now (the admin list's "in use"). */
  async heldOf(accountIds: number[]): Promise<Set<number>> {
    if (!accountIds.length) return new Set();
    const values = await this.redis.mget(accountIds.map(leaseKey));
    return new Set(accountIds.filter((_, i) => values[i] !== null));
  }

  private heartbeat(accountId: number, holder: string): AccountLease {
    let held = true;
    const timer = setInterval(() => {
      void this.redis
        .eval(RENEW, 1, leaseKey(accountId), holder, String(REMOTE_JUDGE_TIMINGS.accountLeaseMs))
        .then((n) => {
          if (n === 0) held = false;
        })
        .catch(() => undefined);
    }, REMOTE_JUDGE_TIMINGS.accountHeartbeatMs);
    timer.unref();
    return {
      accountId,
      get held() {
        return held;
      },
      release: async () => {
        clearInterval(timer);
        held = false;
        await this.redis.eval(RELEASE, 1, leaseKey(accountId), holder).catch(() => undefined);
      },
    };
  }
}
