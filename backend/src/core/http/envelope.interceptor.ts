import { CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata, StreamableFile } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Response } from 'express';
import { Observable, map } from 'rxjs';
import { envelope } from './envelope';

const RAW_RESPONSE = 'oj:raw-response';
/** The handler's answer is sent as is (files, judge package downloads, health probes). */
export const RawResponse = () => SetMetadata(RAW_RESPONSE, true);

/** Wraps every handler result in `{ status: 200, msg: 'success', data }`, with HTTP 200. */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const raw = this.reflector.getAllAndOverride<boolean>(RAW_RESPONSE, [context.getHandler(), context.getClass()]);
    if (raw) return next.handle();
    const res = context.switchToHttp().getResponse<Response>();
    return next.handle().pipe(
      map((data) => {
        if (data instanceof StreamableFile || Buffer.isBuffer(data)) return data;
        // HOJ clients expect 200 for every success, POST included (Nest would answer 201).
        if (res.statusCode === 201) res.status(200);
        return envelope(data ?? null);
      }),
    );
  }
}
