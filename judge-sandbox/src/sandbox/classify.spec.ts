import { classify } from './classify';
import type { RunSpec } from './types';

const spec: RunSpec = { args: ['/p/main'], timeLimitMs: 1000, memoryLimitKb: 256 * 1024, outputLimitBytes: 1 << 24 };
const LIMIT = 256 * 1024 * 1024;
const ended = (stats: { memoryPeakBytes: number; oomKilled?: boolean; memoryLimitHit?: boolean }, killedFor?: 'time-limit' | 'wall') =>
  classify({
    spec,
    code: null,
    signal: 'SIGKILL',
    stats: { cpuNs: 1.1e9, oomKilled: false, ...stats },
    wallMs: 1200,
    killedFor,
    uid: 1,
    startedAt: 0,
    cpuBaselineNs: 0,
  });

describe('a run the time limit ended (issue 39 item 7)', () => {
  it('is Memory Limit Exceeded when its peak reached the memory limit', async () => {
    expect((await ended({ memoryPeakBytes: LIMIT }, 'time-limit')).status).toBe('memory-limit');
  });

  it('is Memory Limit Exceeded when the cgroup reached its limit at some point (failcnt / memory.events max)', async () => {
    expect((await ended({ memoryPeakBytes: LIMIT - 4096, memoryLimitHit: true }, 'time-limit')).status).toBe('memory-limit');
    expect((await ended({ memoryPeakBytes: LIMIT - 4096, memoryLimitHit: true }, 'wall')).status).toBe('memory-limit');
  });

  it('stays Time Limit Exceeded below its memory limit', async () => {
    const r = await ended({ memoryPeakBytes: LIMIT / 2, memoryLimitHit: false }, 'time-limit');
    expect([r.status, r.message]).toEqual(['time-limit', 'CPU time limit exceeded']);
    expect((await ended({ memoryPeakBytes: LIMIT / 2 }, 'wall')).status).toBe('time-limit');
  });
});
