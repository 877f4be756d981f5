/** A judge whose sandbox cannot start says so at once: no silent exit, no run left waiting forever. */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { configureJudge } from '../src/config';
import { calibrateSandbox, settleRuns, start } from '../src/sandbox';
import { cleanupJudge, isolateJudge } from './helpers';

let fakeBwrap: string;
beforeAll(() => {
  isolateJudge('broken');
  // Executable, so the start-up check passes and the runs themselves fail (as a broken bwrap would).
  fakeBwrap = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'oj-broken-bwrap-')), 'bwrap');
  fs.writeFileSync(fakeBwrap, '#!/bin/sh\necho "bwrap: broken on purpose" >&2\nexit 1\n', { mode: 0o755 });
  fs.chmodSync(path.dirname(fakeBwrap), 0o755);
});
afterAll(async () => {
  await settleRuns();
  fs.rmSync(path.dirname(fakeBwrap), { recursive: true, force: true });
  cleanupJudge();
});

it('a missing bwrap fails calibration with what to install', async () => {
  configureJudge({ bwrapPath: '/nonexistent/bwrap' });
  await expect(calibrateSandbox()).rejects.toThrow('bubblewrap not found at /nonexistent/bwrap');
});

it.each([
  ['fails', () => fakeBwrap],
  ['is missing', () => '/nonexistent/bwrap'],
])('prepared and fresh runs whose bwrap %s end with the reason', async (_what, bwrapPath) => {
  const spec = { args: ['/usr/bin/true'], timeLimitMs: 1000, memoryLimitKb: 64 * 1024, outputLimitBytes: 1024 };
  for (const sandbox of ['prepared', 'fresh'] as const) {
    configureJudge({ bwrapPath: bwrapPath(), sandbox });
    const r = await start(spec).done;
    expect(r.status).not.toBe('exited');
    expect(r.message).toMatch(/did not start|ENOENT/);
  }
});
