import type { LoggerService } from '@nestjs/common';
import { consoleLogger, verboseLogs } from './console-logger';

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
