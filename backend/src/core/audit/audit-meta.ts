import type { Type } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AuthRequest } from '../auth/auth-user';

/** Metadata key of `@Audited` (audited.decorator.ts), read by the interceptor. */
export const AUDITED = 'oj:audited';

/** What a loader is given: the request, the target's id as `id` gave it, and a manager to read with. */
export interface AuditLoadContext<C = unknown> {
  req: AuthRequest;
  id: string | number | null;
  em: EntityManager;
  /** The handler's controller (a singleton). */
  controller: C;
  /** A provider of the app (the module's own services, or another module's exported ones) to read through. */
  get: <T>(type: Type<T>) => T;
}

export interface AuditedOptions<C = unknown> {
  /** Kind of target: 'user', 'contest', 'problem', 'config', ... */
  target: string;
  /** The target's id from the request (body, query); null when it has none yet (a create). */
  id?: (req: AuthRequest) => unknown;
  /** The target's id from the handler's answer, for creates (the id exists only after the handler). */
  idFromResult?: (result: unknown, req: AuthRequest) => unknown;
  /**
   * Reads the target as readers see it; called before the handler (→ `before`) and after it succeeded
   * (→ `after`). A target that does not exist reads as null (a create's before, a delete's after).
   */
  load?: (ctx: AuditLoadContext<C>) => Promise<unknown> | unknown;
  /** `after` when no loader describes the change (e.g. the request's own fields: a rejudge's submit id). */
  after?: (req: AuthRequest, result: unknown) => unknown;
  /** A short free text for the record, from the request. */
  note?: (req: AuthRequest, result: unknown) => string | null | undefined;
}
