import { existsSync } from 'fs';
import { join } from 'path';
import { Worker } from 'worker_threads';
import type { GroupResult } from './compare';
import type { Lexer } from './tokenize';

/** What the worker compares: groups of programs (one problem, one language group each) and the threshold. */
export interface CompareJob {
  threshold: number;
  groups: { lexer: Lexer; programs: string[] }[];
}

export type WorkerMessage = { type: 'progress'; done: number } | { type: 'done'; results: GroupResult[] };

/**
 * Runs the comparison of `job` in a worker thread; `progress` hears the share done (0..1). The built backend runs the
 * worker's JavaScript; from the TypeScript sources (tests, ts-node) the worker registers ts-node itself.
 */
export function compareInWorker(job: CompareJob, progress: (done: number) => void): Promise<GroupResult[]> {
  const js = join(__dirname, 'compare.worker.js');
  const fromSource = !existsSync(js);
  const worker = fromSource
    ? new Worker(join(__dirname, 'compare.worker.ts'), {
        workerData: job,
        execArgv: ['-r', 'ts-node/register/transpile-only'],
        env: { ...process.env, TS_NODE_PROJECT: join(__dirname, '../../../../tsconfig.json') },
      })
    : new Worker(js, { workerData: job });
  return new Promise((resolve, reject) => {
    let result: GroupResult[] | null = null;
    worker.on('message', (m: WorkerMessage) => {
      if (m.type === 'progress') progress(m.done);
      else result = m.results;
    });
    worker.on('error', reject);
    worker.on('exit', (code) => (result ? resolve(result) : reject(new Error(`the comparison's worker stopped (exit code ${code})`))));
  });
}
