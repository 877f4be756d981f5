import { SetMetadata, UseInterceptors, applyDecorators } from '@nestjs/common';
import { EntityTarget, FindOptionsWhere, In, ObjectLiteral } from 'typeorm';
import type { AuthRequest } from '../auth/auth-user';
import { AUDITED, AuditLoadContext, AuditedOptions } from './audit-meta';
import { AuditInterceptor } from './audit.interceptor';

export type { AuditLoadContext, AuditedOptions } from './audit-meta';

/**
 * Records the handler's action in the audit trail after it succeeded (README.md): one record per successful call,
 * none for a refused or failed one (guards refuse before the interceptor runs; an error of the pipes or the
 * handler skips the record). For changes whose before/after only a service knows, call `AuditService.record`
 * there instead (with the transaction's manager).
 */
export function Audited<C = unknown>(action: string, options: AuditedOptions<C>): MethodDecorator {
  return applyDecorators(SetMetadata(AUDITED, { action, ...options }), UseInterceptors(AuditInterceptor));
}

/** `id` readers for the usual places. */
export const fromBody =
  (field: string) =>
  (req: AuthRequest): unknown =>
    (req.body as Record<string, unknown> | undefined)?.[field];
export const fromQuery =
  (field: string) =>
  (req: AuthRequest): unknown =>
    (req.query as Record<string, unknown> | undefined)?.[field];
/** First of the query, then the body (HOJ sends deletes' ids either way). */
export const fromQueryOrBody =
  (field: string) =>
  (req: AuthRequest): unknown =>
    fromQuery(field)(req) ?? fromBody(field)(req);

/**
 * A loader reading one row of the module's own entity by the target id (`key`, default the primary `id`), without
 * the `omit` fields (large texts that say nothing about the change, e.g. a submission's code).
 */
export function rowLoader<T extends ObjectLiteral>(entity: EntityTarget<T>, key = 'id', omit: string[] = []) {
  return async ({ em, id }: AuditLoadContext): Promise<unknown> => {
    if (id === null) return null;
    const ids = typeof id === 'string' && id.includes(',') ? id.split(',') : null;
    if (ids) {
      const rows = await em.getRepository(entity).find({ where: { [key]: In(ids) } as FindOptionsWhere<T> });
      return rows.length ? rows.map((r) => without(r, omit)) : null;
    }
    const row = await em.getRepository(entity).findOne({ where: { [key]: id } as FindOptionsWhere<T> });
    return row ? without(row, omit) : null;
  };
}

function without(row: object, omit: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = { ...row };
  for (const k of omit) delete out[k];
  return out;
}
