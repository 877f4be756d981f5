import type { NextFunction, Request, Response } from 'express';
import { MetricsService } from './metrics.service';

/**
 * Times every request into `oj_http_request_duration_seconds`. The `route` label is the matched route's pattern
 * (`/api/get-problem-detail`, `/api/admin/problem`), never the raw URL, so ids and queries do not multiply series;
 * API calls that matched no route are `/api/<unmatched>`, everything else (the web app's files) is `<static>`.
 */
export function httpMetricsMiddleware(metrics: MetricsService) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const end = metrics.httpDuration.startTimer();
    res.once('finish', () => {
      const pattern = (req.route as { path?: unknown } | undefined)?.path;
      const route =
        typeof pattern === 'string'
          ? (req.baseUrl ?? '') + pattern
          : req.originalUrl.startsWith('/api/')
            ? '/api/<unmatched>'
            : req.originalUrl.startsWith('/metrics')
              ? '/metrics'
              : '<static>';
      end({ method: req.method, route, status_code: String(res.statusCode) });
    });
    next();
  };
}
