import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { ERR, LOCKDOWN_ERR, LOCKDOWN_LIMITS } from '@oj/contracts';
import { ArrayMaxSize, IsArray, IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import type { DataSource } from 'typeorm';
import type { AuthUser } from '../../core/auth/auth-user';
import type { LockEntry, LockKind, LockSource } from '../../core/auth/lockdown';
import { ApiException, BadRequestError, ForbiddenError } from '../../core/http/api.exception';
import { IpAllowList, normaliseIpRanges } from '../../core/http/cidr';

/**
 * Locked-down contests and exams (issue 36): what both keep (allowed address ranges, lock mode), how an admin
 * body sets them, and the lock source each module registers with core's LockdownService.
 */

/** The admin body fields (optional: HOJ's clients do not send them, and an edit without them keeps them). */
export const IpRangesField = () =>
  applyDecorators(
    ApiPropertyOptional({ type: [String], description: 'Allowed client address ranges (CIDR, IPv4 or IPv6); empty: anyone.' }),
    IsOptional(),
    IsArray({ message: LOCKDOWN_ERR.badIpRange }),
    ArrayMaxSize(LOCKDOWN_LIMITS.ipRangesMax, { message: LOCKDOWN_ERR.tooManyIpRanges }),
    IsString({ each: true, message: LOCKDOWN_ERR.badIpRange }),
    MaxLength(LOCKDOWN_LIMITS.ipRangeMax, { each: true, message: LOCKDOWN_ERR.badIpRange }),
  );

export const LockModeField = () =>
  applyDecorators(
    ApiPropertyOptional({ description: 'Lock mode: while it runs, its participants reach only its own pages and calls.' }),
    IsOptional(),
    IsBoolean({ message: ERR.badRequest }),
  );

export interface LockdownSettingsRow {
  ipRanges: string[];
  lockMode: boolean;
}

/**
 * The stored settings from an admin body: each given field replaces the stored one (ranges checked as CIDRs,
 * trimmed, deduplicated), an absent one keeps it (a new row: no ranges, no lock).
 */
export function lockdownSettings(
  body: { ipRanges?: string[] | null; lockMode?: boolean | null },
  stored?: LockdownSettingsRow,
): LockdownSettingsRow {
  let ipRanges = stored?.ipRanges ?? [];
  if (body.ipRanges !== undefined && body.ipRanges !== null) {
    const { ranges, invalid } = normaliseIpRanges(body.ipRanges);
    if (invalid !== undefined) throw new BadRequestError(LOCKDOWN_ERR.badIpRange);
    ipRanges = ranges;
  }
  return { ipRanges, lockMode: body.lockMode ?? stored?.lockMode ?? false };
}

const allowLists = new WeakMap<object, IpAllowList>();

/**
 * The address rule of entering and submitting: refused outside the allowed ranges, the event's admins excepted.
 * `row` is the access service's cached row (the compiled list lives as long as that copy).
 */
export async function ipRefusal(
  row: (LockdownSettingsRow & object) | null,
  ip: string | undefined,
  isAdmin: () => Promise<boolean>,
): Promise<ApiException | undefined> {
  if (!row || !row.ipRanges?.length) return undefined;
  let list = allowLists.get(row);
  if (!list) allowLists.set(row, (list = new IpAllowList(row.ipRanges)));
  if (list.allows(ip) || (await isAdmin())) return undefined;
  return new ForbiddenError(LOCKDOWN_ERR.ipNotAllowed);
}

/**
 * A lock source over one table of timed events: every participant of each event with lock mode or allowed ranges
 * that has not ended, read in one query (`participants` is the SQL of `(eid, uid)` pairs of that event kind).
 */
export function timedLockSource(
  kind: LockKind,
  db: DataSource,
  table: 'contest' | 'exam',
  participants: string,
  entryRefusal: (id: number, user: AuthUser | undefined, ip: string | undefined) => Promise<ApiException | undefined>,
): LockSource {
  return {
    kind,
    entryRefusal,
    entries: async () => {
      const rows = (await db.query(
        `SELECT p.uid, e.id, e.start_time AS "startTime", e.end_time AS "endTime", e.lock_mode AS "lockMode"
           FROM "${table}" e JOIN (${participants}) p ON p.id = e.id
          WHERE (e.lock_mode OR e.ip_ranges <> '[]'::jsonb) AND e.end_time > now()`,
      )) as { uid: string; id: number; startTime: Date; endTime: Date; lockMode: boolean }[];
      return rows.map((r) => {
        const entry: LockEntry = { kind, id: r.id, startMs: r.startTime.getTime(), endMs: r.endTime.getTime(), lockMode: r.lockMode };
        return { uid: r.uid, entry };
      });
    },
  };
}
