/**
 * The three replayed sites of `npm run bench:remote`, in their own process so the benchmark's CPU figure is the
 * backend's alone. Started with `ts-node`; answers its parent over IPC: `{ urls }` once listening, then on
 * `{ type: 'runs' }` the code of every run each site received (the parent counts submissions judged twice).
 */
import { HduReplay } from '../replay/hdu-replay';
import { PojReplay } from '../replay/poj-replay';
import { SpojReplay } from '../replay/spoj-replay';

const latencyMs = Number(process.env.BENCH_REMOTE_LATENCY_MS ?? 200);

async function main(): Promise<void> {
  const hdu = new HduReplay();
  const poj = new PojReplay();
  const spoj = new SpojReplay();
  // two accounts per site (each replay knows one; the second is added here)
  hdu.accounts.set('hojbot2', 'right-password');
  poj.accounts.set('hojbot2', 'right-password');
  spoj.accounts.set('bob', 'bob-pass');
  for (const site of [hdu, poj, spoj]) site.server.latencyMs = latencyMs;
  const urls = { HDU: await hdu.start(), POJ: await poj.start(), SPOJ: await spoj.start() };
  process.send!({ type: 'ready', urls });
  process.on('message', (m: { type: string }) => {
    if (m.type === 'runs')
      process.send!({
        type: 'runs',
        codes: [...hdu.runs.map((r) => r.code), ...poj.runs.map((r) => r.code), ...spoj.runs.map((r) => r.code)],
      });
    if (m.type === 'stop') void Promise.all([hdu.stop(), poj.stop(), spoj.stop()]).then(() => process.exit(0));
  });
  process.on('disconnect', () => process.exit(0));
}

void main();
