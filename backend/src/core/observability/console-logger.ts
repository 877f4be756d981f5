import type { LoggerService } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'http';
import { PinoLogger } from 'nestjs-pino';
import { pinoHttp } from 'pino-http';
import type { AppConfig } from '../config/app-config';

/** Per-request lines and Nest's start-up chatter (every module, every mapped route) are for logs, not a console. */
export function verboseLogs(config: Pick<AppConfig, 'logFormat' | 'logLevel'>): boolean {
  return config.logFormat === 'json' || config.logLevel === 'debug' || config.logLevel === 'trace';
}

/** Nest's contexts that log one line per module, controller and route while starting. */
const START_UP_CONTEXTS = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestApplication']);

/**
 * The app's logger (nestjs-pino's) with Nest's start-up lines moved to debug unless logs are verbose (JSON
 * mode or LOG_LEVEL=debug): `npm start` then shows warnings, errors and the lines a person needs.
 */
export function consoleLogger(inner: LoggerService, config: Pick<AppConfig, 'logFormat' | 'logLevel'>): LoggerService {
  if (verboseLogs(config)) return inner;
  const quiet = (context: unknown) => typeof context === 'string' && START_UP_CONTEXTS.has(context);
  return {
    log: (message: unknown, ...rest: unknown[]) => (quiet(rest.at(-1)) ? inner.debug?.(message, ...rest) : inner.log(message, ...rest)),
    error: (message: unknown, ...rest: unknown[]) => inner.error(message, ...rest),
    warn: (message: unknown, ...rest: unknown[]) => inner.warn(message, ...rest),
    debug: (message: unknown, ...rest: unknown[]) => inner.debug?.(message, ...rest),
    verbose: (message: unknown, ...rest: unknown[]) => inner.verbose?.(message, ...rest),
    fatal: (message: unknown, ...rest: unknown[]) => (inner.fatal ? inner.fatal(message, ...rest) : inner.error(message, ...rest)),
  };
}

/**
 * The access log for answers that leave before the framework (core/http/hot-path.ts): the same pino-http lines on
 * the app's root logger, for the requests the framework's logger would write (every /api call when logs are
 * verbose, none otherwise: then undefined).
 */
export function hotPathRequestLogger(
  config: Pick<AppConfig, 'logFormat' | 'logLevel'>,
): ((req: IncomingMessage, res: ServerResponse) => void) | undefined {
  if (config.logLevel === 'silent' || !verboseLogs(config)) return undefined;
  let middleware: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  // Made at the first answer: nestjs-pino sets its root logger when the app's middlewares are configured.
  return (req, res) => (middleware ??= pinoHttp({ logger: PinoLogger.root }))(req, res);
}
