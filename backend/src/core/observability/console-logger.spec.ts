import type { LoggerService } from '@nestjs/common';
import { createServer } from 'http';
import type { AddressInfo } from 'net';
import { PinoLogger } from 'nestjs-pino';
import pino from 'pino';
import { Writable } from 'stream';
import { consoleLogger, hotPathRequestLogger, verboseLogs } from './console-logger';

function recorder() {
  const lines: string[] = [];
  const inner: LoggerService = {
    log: (m: unknown, ctx?: unknown) => lines.push(`log ${ctx}: ${m}`),
    error: (m: unknown, ctx?: unknown) => lines.push(`error ${ctx}: ${m}`),
    warn: (m: unknown, ctx?: unknown) => lines.push(`warn ${ctx}: ${m}`),
    debug: (m: unknown, ctx?: unknown) => lines.push(`debug ${ctx}: ${m}`),
  };
  return { lines, inner };
}

describe('console logger', () => {
  it('moves Nest start-up lines (modules, mapped routes) to debug on a pretty console, keeps the others', () => {
    const { lines, inner } = recorder();
    const logger = consoleLogger(inner, { logFormat: 'pretty', logLevel: 'info' });
    logger.log('Mapped {/api/get-problem-list, GET} route', 'RouterExplorer');
    logger.log('CoreModule dependencies initialized', 'InstanceLoader');
    logger.log('Demo content created', 'Demo');
    logger.warn('Redis: connection lost', 'Redis');
    expect(lines).toEqual([
      'debug RouterExplorer: Mapped {/api/get-problem-list, GET} route',
      'debug InstanceLoader: CoreModule dependencies initialized',
      'log Demo: Demo content created',
      'warn Redis: Redis: connection lost',
    ]);
  });

  it('keeps every line in JSON mode and at debug level', () => {
    for (const config of [
      { logFormat: 'json' as const, logLevel: 'info' },
      { logFormat: 'pretty' as const, logLevel: 'debug' },
    ]) {
      expect(verboseLogs(config)).toBe(true);
      const { lines, inner } = recorder();
      consoleLogger(inner, config).log('Mapped {/api/login, POST} route', 'RouterExplorer');
      expect(lines).toEqual(['log RouterExplorer: Mapped {/api/login, POST} route']);
    }
    expect(verboseLogs({ logFormat: 'pretty', logLevel: 'info' })).toBe(false);
  });
});

describe('the hot path access log', () => {
  it('writes the framework logger line (pino-http) for a hot answer when requests are logged, and nothing otherwise', async () => {
    expect(hotPathRequestLogger({ logFormat: 'pretty', logLevel: 'info' })).toBeUndefined();
    expect(hotPathRequestLogger({ logFormat: 'json', logLevel: 'silent' })).toBeUndefined();
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk: Buffer, _enc, done) => (lines.push(chunk.toString()), done()) });
    const root = PinoLogger.root;
    (PinoLogger as unknown as { root: unknown }).root = pino({ redact: ['req.headers.authorization'] }, sink);
    const log = hotPathRequestLogger({ logFormat: 'json', logLevel: 'info' })!;
    const server = createServer((req, res) => (log(req, res), res.end('{}')));
    try {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/api/get-contest-rank`, {
        method: 'POST',
        headers: { authorization: 'secret-token' },
        body: '{}',
      });
      await res.text();
      await new Promise((r) => setImmediate(r));
      expect(lines).toHaveLength(1);
      const line = JSON.parse(lines[0]) as {
        msg: string;
        req: { url: string; headers: Record<string, string> };
        res: { statusCode: number };
      };
      expect(line).toMatchObject({ msg: 'request completed', req: { url: '/api/get-contest-rank' }, res: { statusCode: 200 } });
      expect(line.req.headers.authorization).toBe('[Redacted]');
    } finally {
      (PinoLogger as unknown as { root: unknown }).root = root;
      server.close();
    }
  });
});
