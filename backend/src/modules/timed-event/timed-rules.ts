import { ContestAuth, ContestStatus, ERR } from '@oj/contracts';
import { AuthUser } from '../../core/auth/auth-user';
import { BadRequestError, ForbiddenError, UnauthorizedError } from '../../core/http/api.exception';
import { RegistrationCache } from './registration-cache';

/**
 * The product §6 rules shared by contests and exams (both timed by the clock, both public / private / protected):
 * one function per rule over the caller's standing, with the texts of the event kind.
 */
export interface TimedStanding {
  auth: ContestAuth;
  status: ContestStatus;
  user?: AuthUser;
  isAdmin: boolean;
  /** Entered with the password (only looked up for private and protected events). */
  isRegistered: boolean;
}

export interface TimedTexts {
  notRegistered: string;
  notStarted: string;
  ended: string;
  alreadyRegistered: string;
  wrongPassword: string;
}

/** Managing the event: its admins (author, root). */
export function assertCanManage(a: TimedStanding): void {
  if (!a.user) throw new UnauthorizedError(ERR.loginFirst);
  if (!a.isAdmin) throw new ForbiddenError(ERR.noPermission);
}

/** Seeing the inside: login; private needs the password. */
export function assertCanView(a: TimedStanding, texts: TimedTexts): void {
  if (!a.user) throw new UnauthorizedError(ERR.loginFirst);
  if (a.isAdmin) return;
  if (a.auth === ContestAuth.Private && !a.isRegistered) throw new ForbiddenError(texts.notRegistered);
}

/** Problems (and questions) are shown to non-admins only once the event has started. */
export function assertCanViewProblems(a: TimedStanding, texts: TimedTexts): void {
  assertCanView(a, texts);
  if (!a.isAdmin && a.status === ContestStatus.Scheduled) throw new ForbiddenError(texts.notStarted);
}

/**
 * Submitting (product §6): refused when ended; when scheduled only admins; otherwise admins, public events, or
 * users who entered the password.
 */
export function assertCanSubmit(a: TimedStanding, texts: TimedTexts): void {
  if (!a.user) throw new UnauthorizedError(ERR.loginFirst);
  if (a.status === ContestStatus.Ended) throw new ForbiddenError(texts.ended);
  if (a.isAdmin) return;
  if (a.status === ContestStatus.Scheduled) throw new ForbiddenError(texts.notStarted);
  if (a.auth !== ContestAuth.Public && !a.isRegistered) throw new ForbiddenError(texts.notRegistered);
}

/** get-…-access: whether the caller may enter (admin, public, or password entered). */
export function hasAccess(a: TimedStanding): boolean {
  return a.isAdmin || a.auth === ContestAuth.Public || a.isRegistered;
}

/** Admins of an event: the author and root. */
export function isEventAdmin(event: { uid: string }, user?: AuthUser): boolean {
  return !!user && (user.isRoot || event.uid === user.uid);
}

/**
 * `register-…` (product §7): enters the event, with its password unless public. `check` runs the event's own extra
 * rules (the contest account limit) before the password; `password` reads the stored one; `insert` stores the
 * registration (idempotent).
 */
export async function registerWithPassword(
  a: TimedStanding & { id: number },
  given: string | undefined,
  registrations: RegistrationCache,
  texts: TimedTexts,
  io: { password: () => Promise<string | null | undefined>; insert: () => Promise<unknown>; check?: () => void },
): Promise<void> {
  if (!a.user) throw new UnauthorizedError(ERR.loginFirst);
  if (a.isRegistered || (await registrations.isRegistered(a.id, a.user.uid))) throw new BadRequestError(texts.alreadyRegistered);
  io.check?.();
  if (a.auth !== ContestAuth.Public) {
    const pwd = await io.password();
    if (!pwd || pwd !== (given ?? '')) throw new BadRequestError(texts.wrongPassword);
  }
  await io.insert();
  // Seen at once on this replica (other replicas: within the cache's "not registered" time).
  registrations.added(a.id, a.user.uid);
}
