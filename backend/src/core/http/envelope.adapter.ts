import { CallHandler, ExecutionContext, Injectable, NestInterceptor, StreamableFile, UseInterceptors } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Response } from 'express';
import { Observable } from 'rxjs';
import { envelope } from './envelope';
import { sharedEnvelope } from './send-serialised';

const RAW = 'ojRawResponse';

/**
 * The HTTP adapter of the backend: every handler result is sent as `{ status: 200, msg: 'success', data }`
 * with HTTP 200 (HOJ clients expect 200 for a POST too, where Nest would answer 201).
 *
 * Done here rather than in a global interceptor: with no interceptor Nest skips its rxjs pipeline and
 * async-context binding on every request, which halves the cost of a small answer (see the benchmark).
 * Errors never come here: the global ApiExceptionFilter writes their envelope itself.
 */
export class EnvelopeExpressAdapter extends ExpressAdapter {
  override reply(response: Response, body: unknown, statusCode?: number): unknown {
    if (response.locals?.[RAW] || body instanceof StreamableFile || Buffer.isBuffer(body)) {
      return super.reply(response, body, statusCode);
    }
    // The status is set before the handler runs (201 for POST) and is not always passed along.
    const status = statusCode ?? response.statusCode;
    // What res.json() would send with this app's settings (no ETag, no JSON spaces or replacer), written
    // directly: Express's send() re-parses the Content-Type to add the charset and checks freshness on every
    // answer, a few per cent of a small request's CPU. Node leaves the body out of a HEAD answer by itself.
    // Cached values and pages of cached rows reuse their JSON (send-serialised.ts).
    const text = sharedEnvelope(body) ?? JSON.stringify(envelope(body ?? null));
    response.statusCode = status === 201 ? 200 : status;
    if (!response.getHeader('Content-Type')) response.setHeader('Content-Type', 'application/json; charset=utf-8');
    response.setHeader('Content-Length', typeof text === 'string' ? Buffer.byteLength(text) : text.length);
    response.end(text);
    return response;
  }
}

@Injectable()
class RawResponseInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    context.switchToHttp().getResponse<Response>().locals[RAW] = true;
    return next.handle();
  }
}

/** The handler's answer is sent as is, without the envelope (files, probes, SSE). */
export const RawResponse = () => UseInterceptors(RawResponseInterceptor);
