import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { timingSafeEqual } from 'crypto';
import type { NextFunction, Request, Response } from 'express';
import { createServer, Server } from 'http';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../core/config/app-config';
import { MetricsService } from '../../core/observability/metrics.service';
import { JudgeQueueService } from '../judge-queue/judge-queue.service';
import { JudgeQueueWaitService } from '../judge-queue/judge-queue-wait.service';
import { JudgeServerRegistry } from '../judge-queue/judge-server-registry.service';

/** The pieces of pg's Pool that tell its use (TypeORM's PostgresDriver keeps it as `master`). */
interface PgPoolStats {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options?: { max?: number };
}

const JOB_STATES = ['waiting', 'active', 'delayed', 'failed', 'completed', 'paused'] as const;

/**
 * The scrape-time gauges of the backend (judge queue depth and age, backlog and drain rate, live judge workers, PostgreSQL pool) and the
 * `/metrics` endpoint: on the main port behind `Authorization: Bearer <METRICS_TOKEN>`, or, with METRICS_PORT, on a
 * port of its own with nothing else on it (no token: keep that port on the internal network).
 */
@Injectable()
export class OpsMetricsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private server?: Server;

  constructor(
    private readonly metrics: MetricsService,
    private readonly judgeQueue: JudgeQueueService,
    private readonly registry: JudgeServerRegistry,
    queueWait: JudgeQueueWaitService,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    const queue = this.judgeQueue.queue;
    metrics.gauge('oj_judge_queue_jobs', 'Jobs of the judge queue by state', ['state'], async (g) => {
      const counts = (await queue.getJobCounts()) as unknown as Record<string, number>;
      const paused = await queue.getPausedCount?.().catch(() => 0);
      for (const state of JOB_STATES) g.set({ state }, state === 'paused' ? (paused ?? 0) : (counts[state] ?? 0));
    });
    metrics.gauge(
      'oj_judge_queue_oldest_waiting_seconds',
      'Age of the oldest job waiting in the judge queue (0 when none)',
      [],
      async (g) => {
        // Bull pushes new jobs on the left and workers take from the right: the oldest is the last one.
        const [oldest] = await queue.getWaiting(-1, -1);
        g.set(oldest ? Math.max(0, (Date.now() - oldest.timestamp) / 1000) : 0);
      },
    );
    // The figures the queue estimates use (and the admin dashboard shows): what waits, and how fast it drains.
    metrics.gauge('oj_judge_queue_backlog', 'Jobs waiting for a judge worker (the wait list, or the paused one)', [], async (g) => {
      g.set((await queueWait.snapshot()).waiting);
    });
    metrics.gauge(
      'oj_judge_queue_drain_per_minute',
      'Judgements finished per minute over the latest ones of the last 5 minutes (0 when none)',
      [],
      async (g) => {
        g.set(((await queueWait.snapshot()).drainPerSecond ?? 0) * 60);
      },
    );
    metrics.gauge('oj_judge_workers', 'Judge workers announced on this installation', [], async (g) => {
      g.set((await this.registry.servers()).length);
    });
    metrics.gauge('oj_pg_pool_connections', 'PostgreSQL pool of this replica: connections by state, and the maximum', ['state'], (g) => {
      const pool = (this.dataSource.driver as unknown as { master?: PgPoolStats }).master;
      if (!pool) return;
      g.set({ state: 'total' }, pool.totalCount);
      g.set({ state: 'idle' }, pool.idleCount);
      g.set({ state: 'busy' }, pool.totalCount - pool.idleCount);
      g.set({ state: 'waiting_clients' }, pool.waitingCount);
      g.set({ state: 'max' }, pool.options?.max ?? this.config.database.poolSize);
    });
  }

  /** The handler of /metrics on the main port: the token, compared in constant time. */
  protectedHandler() {
    const expected = Buffer.from(`Bearer ${this.config.metrics.token}`);
    return (req: Request, res: Response, next: NextFunction): void => {
      if (req.method !== 'GET' || req.path !== '/') return next();
      const given = Buffer.from(req.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        res.status(401).setHeader('WWW-Authenticate', 'Bearer').type('text/plain').send('metrics token required\n');
        return;
      }
      void this.send(res);
    };
  }

  private async send(res: { setHeader(n: string, v: string): unknown; statusCode: number; end(body?: string): unknown }) {
    try {
      const body = await this.metrics.text();
      res.setHeader('Content-Type', this.metrics.registry.contentType);
      res.end(body);
    } catch (e) {
      res.statusCode = 500;
      res.end(`metrics failed: ${(e as Error).message}\n`);
    }
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.metrics.port) return;
    this.server = createServer((req, res) => {
      if (req.method === 'GET' && (req.url === '/metrics' || req.url?.startsWith('/metrics?'))) return void this.send(res);
      res.statusCode = 404;
      res.end('not found\n');
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.config.metrics.port, this.config.host, () => resolve());
    });
  }

  /** The port /metrics is served on (the separate one, or 0 for the main port). */
  port(): number {
    const addr = this.server?.address();
    return addr && typeof addr === 'object' ? addr.port : 0;
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.server) await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }
}
