import type { Server } from 'http';
import { INestApplication } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { HEADERS } from '@oj/contracts';
import compression = require('compression');
import { Logger } from 'nestjs-pino';
import { APP_CONFIG, AppConfig } from './core/config/app-config';
import { frontendsMiddleware } from './core/http/frontends.middleware';
import { configureKeepAlive } from './core/http/keep-alive';
import { securityHeadersMiddleware } from './core/http/security-headers';
import { inputGuardMiddleware } from './core/http/input-guard.middleware';
import { TrustProxy } from './core/http/client-ip';
import { API_PREFIX, HotPathService } from './core/http/hot-path';
import { consoleLogger, hotPathRequestLogger } from './core/observability/console-logger';
import { httpMetricsMiddleware } from './core/observability/http-metrics.middleware';
import { MetricsService } from './core/observability/metrics.service';
import { OpsMetricsService } from './modules/ops/ops-metrics.service';
import { mountQueueBoard } from './modules/ops/admin/queue-board';

/** Exposed so browsers let the client read the (refreshed) token. */
const EXPOSED_HEADERS = [HEADERS.authorization, HEADERS.refreshToken];

/** HTTP setup shared by main.ts, the test harness and the benchmark. */
export function configureApp(app: INestApplication): AppConfig {
  const config = app.get<AppConfig>(APP_CONFIG);
  const express = app as NestExpressApplication;
  express.useLogger(consoleLogger(app.get(Logger), config));
  // X-Forwarded-For only from the configured proxies (none by default): req.ip feeds the per-IP limits and sessions.
  express.set('trust proxy', config.http.trustedProxies.length ? config.http.trustedProxies : false);
  express.disable('x-powered-by');
  // nosniff and no framing on every answer; the web app's pages add their Content-Security-Policy.
  express.use(securityHeadersMiddleware());
  // First, so every answer (errors and the web app's files included) is timed.
  express.use(httpMetricsMiddleware(app.get(MetricsService)));
  // Prometheus: here behind METRICS_TOKEN, or only on METRICS_PORT (served by OpsMetricsService).
  const opsMetrics = app.get(OpsMetricsService, { strict: false });
  express.use(
    '/metrics',
    config.metrics.port
      ? (_req: unknown, res: { status(n: number): { end(): void } }) => res.status(404).end()
      : opsMetrics.protectedHandler(),
  );
  // API answers change with every call; hashing each one for an ETag only costs time.
  express.set('etag', false);
  express.setGlobalPrefix(API_PREFIX);
  // Cross-origin calls only from configured origins; by default none (the web app is served from this origin).
  if (config.http.corsOrigins.length)
    express.enableCors({ origin: config.http.corsOrigins, credentials: true, exposedHeaders: EXPOSED_HEADERS });
  // gzip for the web app's files. API answers are small JSON and go as they are, except cached pages of 8 KB and
  // more (rank pages), which core/http/send-serialised.ts compresses once and serves to clients that accept gzip.
  const gzip = compression({ threshold: 1024 });
  express.use((req: { url: string }, res: unknown, next: () => void) =>
    req.url.startsWith('/api/') ? next() : (gzip as (a: unknown, b: unknown, c: () => void) => void)(req, res, next),
  );
  // Not strict: a body may be any JSON value, as HOJ's client sends it (the uid as a JSON string to get-sessions, id
  // lists as bare arrays). Routes reading a DTO refuse what is not an object (QueryMemoValidationPipe).
  express.useBodyParser('json', { limit: '20mb', strict: false });
  // Nest's own default, registered here so that it also runs before the input guard.
  express.useBodyParser('urlencoded', { extended: true });
  // Depth, NUL and prototype keys of every body and query, before any pipe walks them (400, not a RangeError 500).
  express.use(inputGuardMiddleware());
  // The Bull dashboard for root, under the admin API (modules/ops/queue-board.ts).
  mountQueueBoard(app);
  express.use(frontendsMiddleware(config.paths.frontendsDir, config.remotes));

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('OJ platform API')
      .setDescription('Every answer is the envelope { status, msg, data } (docs/architecture.md, "API conventions").')
      .addApiKey({ type: 'apiKey', in: 'header', name: 'Authorization' }, 'token')
      .addSecurityRequirements('token')
      .build(),
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });
  express.enableShutdownHooks();
  // Idle connections outlive their clients' (no reset when one is reused just as it times out).
  configureKeepAlive(app.getHttpServer() as Server, config.http.keepAliveTimeoutMs);
  // Last: the hot path sits in front of everything above (core/http/hot-path.ts).
  app.get(HotPathService).install(app.getHttpServer(), {
    cors: config.http.corsOrigins.length > 0,
    requestLogger: hotPathRequestLogger(config),
    // The same client address as req.ip (the lock rule's address ranges read it on hot routes too).
    trustProxy: (express.getHttpAdapter().getInstance() as { get(name: string): unknown }).get('trust proxy fn') as TrustProxy,
  });
  return config;
}
