import { CallHandler, ExecutionContext, Injectable, Logger, NestInterceptor, Type } from '@nestjs/common';
import { ModuleRef, Reflector } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Observable, from, mergeMap } from 'rxjs';
import type { AuthRequest } from '../auth/auth-user';
import { AUDITED, AuditLoadContext, AuditedOptions } from './audit-meta';
import { AuditService, auditActor } from './audit.service';

type Meta = AuditedOptions & { action: string };

/** A usable target id: a string or a finite number; a list becomes "1,2,3" (batch deletes). */
function normaliseId(v: unknown): string | number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string') return v === '' ? null : v;
  if (Array.isArray(v)) {
    const parts = v.map(normaliseId).filter((x) => x !== null);
    return parts.length ? parts.join(',') : null;
  }
  return null;
}

/**
 * Put on a handler by `@Audited` (never globally: global interceptors cost every request). Reads the target before
 * the handler, lets the handler run, and after it succeeded reads the target again and writes one record.
 */
@Injectable()
export class AuditInterceptor implements NestInterceptor {
  private readonly log = new Logger('Audit');

  constructor(
    private readonly reflector: Reflector,
    private readonly audit: AuditService,
    private readonly moduleRef: ModuleRef,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const meta = this.reflector.get<Meta | undefined>(AUDITED, context.getHandler());
    if (!meta || context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<AuthRequest>();
    const controller = this.moduleRef.get(context.getClass(), { strict: false });
    const get = <T>(type: Type<T>): T => this.moduleRef.get(type, { strict: false });
    let id = meta.id ? normaliseId(meta.id(req)) : null;
    const before = meta.load && id !== null ? await this.load(meta, { req, id, em: this.db.manager, controller, get }) : null;
    return next.handle().pipe(
      mergeMap((result) =>
        from(
          (async () => {
            try {
              if (id === null && meta.idFromResult) id = normaliseId(meta.idFromResult(result, req));
              let after: unknown = null;
              const note = meta.note?.(req, result) ?? null;
              if (meta.after) after = meta.after(req, result);
              else if (meta.load && id !== null) {
                after = await this.load(meta, { req, id, em: this.db.manager, controller, get });
                // Read the same before and after (a save of unchanged values, a delete of what was not there, as HOJ
                // answers them with success): nothing changed that anyone sees, so there is nothing to record, unless
                // the note says what changed out of sight (a password reset: the hash is never loaded).
                if (JSON.stringify(before) === JSON.stringify(after) && !note) return result;
              }
              await this.audit.record({
                action: meta.action,
                ...auditActor(req),
                targetType: meta.target,
                targetId: id,
                before,
                after,
                note,
              });
            } catch (err) {
              // The change is committed: answering an error now would tell the admin it failed. What was done goes
              // to the error log instead, where the operator finds it.
              const who = req.user?.username ?? 'system';
              this.log.error(`audit record not written: ${meta.action} ${meta.target} ${String(id)} by ${who} (${String(err)})`);
            }
            return result;
          })(),
        ),
      ),
    );
  }

  /** A loader that fails (a malformed id the pipes will refuse) reads as "nothing there". */
  private async load(meta: Meta, ctx: AuditLoadContext): Promise<unknown> {
    try {
      return (await meta.load!(ctx)) ?? null;
    } catch {
      return null;
    }
  }
}
