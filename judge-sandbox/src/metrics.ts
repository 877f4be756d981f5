/**
 * The worker's own Prometheus series, served on JUDGE_METRICS_PORT (`GET /metrics`), for Prometheus to scrape
 * each worker (a pod annotation or a PodMonitor in Kubernetes). Pulled rather than pushed through Redis: every
 * worker is a scrape target of its own, so a dead worker shows as `up == 0` instead of silently missing, and
 * nothing has to aggregate or expire pushed values. The port carries no token: keep it on the internal network.
 */
import { createServer, Server } from 'http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { JUDGE_STATUS_NAMES } from '@oj/contracts';

export interface WorkerMetrics {
  registry: Registry;
  /** One job handled: its kind (judge, compile-check, test-judge), language, verdict and seconds. */
  observe(job: { kind: string; language?: string; status?: number; seconds: number; waitSeconds?: number }): void;
  started(): () => void;
  /** Milliseconds one phase of a judgement took (package, compile, cases). */
  phase(name: string, ms: number): void;
  serve(port: number, host?: string): Promise<Server>;
}

const verdict = (status: number | undefined): string =>
  status === undefined ? 'none' : ((JUDGE_STATUS_NAMES as Record<number, { short: string } | undefined>)[status]?.short ?? String(status));

export function createWorkerMetrics(labels: { worker: string; concurrency: number }): WorkerMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ worker: labels.worker });
  collectDefaultMetrics({ register: registry, prefix: 'oj_worker_' });
  const jobs = new Counter({
    name: 'oj_worker_jobs_total',
    help: 'Jobs handled by this worker, by kind, language and verdict',
    labelNames: ['kind', 'language', 'verdict'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'oj_worker_job_duration_seconds',
    help: 'Time this worker spent on a job (package, compile, every case), by kind and language',
    labelNames: ['kind', 'language'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60],
    registers: [registry],
  });
  const wait = new Histogram({
    name: 'oj_worker_queue_wait_seconds',
    help: 'Time a job waited in the queue before this worker took it',
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300],
    registers: [registry],
  });
  const phases = new Histogram({
    name: 'oj_worker_phase_seconds',
    help: 'Time of each phase of a judgement: package (fetch or cache), compile, cases',
    labelNames: ['phase'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 15],
    registers: [registry],
  });
  const active = new Gauge({ name: 'oj_worker_active_jobs', help: 'Jobs being handled now', registers: [registry] });
  new Gauge({ name: 'oj_worker_concurrency', help: 'Jobs this worker handles at once', registers: [registry] }).set(labels.concurrency);
  return {
    registry,
    observe(job) {
      const language = job.language || 'none';
      jobs.inc({ kind: job.kind, language, verdict: verdict(job.status) });
      duration.observe({ kind: job.kind, language }, job.seconds);
      if (job.waitSeconds !== undefined && job.waitSeconds >= 0) wait.observe(job.waitSeconds);
    },
    phase(name, ms) {
      phases.observe({ phase: name }, ms / 1000);
    },
    started() {
      active.inc();
      return () => active.dec();
    },
    serve(port, host = '0.0.0.0') {
      const server = createServer((req, res) => {
        if (req.method !== 'GET' || !/^\/metrics(\?|$)/.test(req.url ?? '')) {
          res.statusCode = 404;
          return void res.end('not found\n');
        }
        registry.metrics().then(
          (body) => {
            res.setHeader('Content-Type', registry.contentType);
            res.end(body);
          },
          (e: Error) => {
            res.statusCode = 500;
            res.end(`metrics failed: ${e.message}\n`);
          },
        );
      });
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve(server));
      });
    },
  };
}
