import { Injectable } from '@nestjs/common';
import { JUDGE_STATUS_NAMES } from '@oj/contracts';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** The `verdict` label: the short name of product §4 (AC, WA, CE, TLE...), else the code. */
export function verdictLabel(status: number): string {
  return (JUDGE_STATUS_NAMES as Record<number, { short: string } | undefined>)[status]?.short ?? String(status);
}

/**
 * The process's Prometheus registry (prom-client): Node's default series (event-loop lag, heap, GC, CPU) under
 * `oj_`, HTTP latency by route pattern, and the judge series the backend records when it writes a verdict.
 * Gauges that read some state at scrape time (queue depth, PostgreSQL pool) are added by their owners with
 * `gauge()` (modules/ops). One registry per app instance, so several apps in one process (tests) never clash.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();

  readonly httpDuration = new Histogram({
    name: 'oj_http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly verdicts = new Counter({
    name: 'oj_judge_verdicts_total',
    help: 'Verdicts written (once per judging, by the replica that wrote it), by language and verdict',
    labelNames: ['language', 'verdict'] as const,
    registers: [this.registry],
  });

  readonly judgeDuration = new Histogram({
    name: 'oj_judge_duration_seconds',
    help: 'Time a worker spent on a submission (taken from the queue → result), by language',
    labelNames: ['language'] as const,
    buckets: [0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60],
    registers: [this.registry],
  });

  readonly queueWait = new Histogram({
    name: 'oj_judge_queue_wait_seconds',
    help: 'Time a submission waited in the judge queue before a worker took it',
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300],
    registers: [this.registry],
  });

  /** Remote judging (issue 34): how long a remote submission waited for a free account of its site. */
  readonly remoteAccountWait = new Histogram({
    name: 'oj_remote_account_wait_seconds',
    help: 'Time a remote submission waited for a free account of its site (lease taken)',
    labelNames: ['site'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300],
    registers: [this.registry],
  });

  /** Remote submissions by site and how they ended: a verdict, or Submitted Failed. */
  readonly remoteRuns = new Counter({
    name: 'oj_remote_runs_total',
    help: 'Remote submissions finished, by site and outcome (judged, failed)',
    labelNames: ['site', 'outcome'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'oj_', eventLoopMonitoringPrecision: 10 });
  }

  /** A gauge whose value(s) are read by `collect` at every scrape. */
  gauge<L extends string>(name: string, help: string, labelNames: readonly L[], collect: (g: Gauge<L>) => Promise<void> | void): Gauge<L> {
    return new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        await collect(this);
      },
    });
  }

  /** One judged submission, from its Bull job's timestamps (ms since the epoch). */
  observeJudged(job: { language: string; status: number; addedAt?: number; takenAt?: number; finishedAt?: number }): void {
    const language = job.language || 'unknown';
    this.verdicts.inc({ language, verdict: verdictLabel(job.status) });
    if (job.takenAt && job.finishedAt && job.finishedAt >= job.takenAt)
      this.judgeDuration.observe({ language }, (job.finishedAt - job.takenAt) / 1000);
    if (job.addedAt && job.takenAt && job.takenAt >= job.addedAt) this.queueWait.observe((job.takenAt - job.addedAt) / 1000);
  }

  async text(): Promise<string> {
    return this.registry.metrics();
  }
}
