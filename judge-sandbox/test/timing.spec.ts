/** Timing stability: the CPU time of a ~500 ms loop, measured 20 times in the sandbox. */
import { loopCpuTimes, stats } from '../src/bench-lib';
import { cleanupJudge, expectNothingLeft, isolateJudge } from './helpers';

beforeAll(() => isolateJudge('timing'));
afterAll(() => cleanupJudge());

it('measures the same CPU time for the same loop (20 runs)', async () => {
  const times = await loopCpuTimes(20);
  const s = stats(times);
  console.log(`loop CPU ms: ${times.join(' ')}; mean ${s.mean.toFixed(1)}, CV ${s.cvPct.toFixed(2)}%`);
  // The cgroup counts CPU, not wall time, so other load on the machine barely moves it.
  expect(s.mean).toBeGreaterThan(100);
  expect(s.cvPct).toBeLessThan(10);
  expectNothingLeft();
});
