/**
 * The comparison in a worker thread (engine/run-compare.ts starts it): a check of thousands of programs takes
 * seconds of CPU, which must not stall the backend's requests on the main thread.
 */
import { parentPort, workerData } from 'worker_threads';
import { compareGroup, GroupResult } from './compare';
import type { CompareJob, WorkerMessage } from './run-compare';

const job = workerData as CompareJob;
const total = job.groups.reduce((s, g) => s + g.programs.length ** 2, 0) || 1;
let before = 0;
const results: GroupResult[] = [];
for (const g of job.groups) {
  // the share of the work: pairs grow with the square of a group's size
  const weight = g.programs.length ** 2;
  results.push(
    compareGroup(
      g.programs.map((code) => ({ code })),
      g.lexer,
      job.threshold,
      (done) => parentPort!.postMessage({ type: 'progress', done: (before + done * weight) / total } satisfies WorkerMessage),
    ),
  );
  before += weight;
}
parentPort!.postMessage({ type: 'done', results } satisfies WorkerMessage);
