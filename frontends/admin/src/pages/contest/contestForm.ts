/** The contest editor's values, their checks (product §5 "Contest") and the body sent to /api/admin/contest. */
import {
  AdminContestBody,
  AfterEndSeal,
  ContestAuth,
  ContestInfo,
  ContestType,
  OiScoreType,
  RankShowName,
  SealMode,
  isIpRange,
  parseHojAccountLimitRule,
} from '@oj/contracts';

export interface ContestFormValues {
  title: string;
  description: string;
  type: ContestType;
  auth: ContestAuth;
  pwd?: string;
  /** ms since epoch (the form's date pickers give numbers) */
  startTime?: number;
  endTime?: number;
  sealRank: boolean;
  sealMode: SealMode;
  sealRankTime?: number | null;
  afterEndSeal: AfterEndSeal;
  rankUnsealed: boolean;
  oiRankScoreType: OiScoreType;
  starAccount: string[];
  rankShowName: RankShowName;
  openPrint: boolean;
  openAccountLimit: boolean;
  limitPrefix?: string;
  limitSuffix?: string;
  limitStart?: number;
  limitEnd?: number;
  limitExtra?: string[];
  visible: boolean;
  /** virtual participation once the contest has ended (issue 35) */
  allowVirtual: boolean;
  /** allowed client address ranges, CIDRs (issue 36); empty: anyone */
  ipRanges: string[];
  /** lock mode (issue 36) */
  lockMode: boolean;
}

export function emptyContestForm(nowMs = Date.now()): ContestFormValues {
  const hour = 3600_000;
  const start = Math.ceil(nowMs / hour) * hour + hour;
  return {
    title: '',
    description: '',
    type: ContestType.ACM,
    auth: ContestAuth.Public,
    pwd: '',
    startTime: start,
    endTime: start + 5 * hour,
    sealRank: false,
    sealMode: SealMode.LastHour,
    sealRankTime: null,
    afterEndSeal: AfterEndSeal.AutoUnseal,
    rankUnsealed: false,
    oiRankScoreType: OiScoreType.Recent,
    starAccount: [],
    rankShowName: RankShowName.Username,
    openPrint: false,
    openAccountLimit: false,
    limitPrefix: '',
    limitSuffix: '',
    limitStart: 0,
    limitEnd: 0,
    limitExtra: [],
    visible: true,
    allowVirtual: true,
    ipRanges: [],
    lockMode: false,
  };
}

const ms = (iso: string | null | undefined) => (iso ? new Date(iso).getTime() : null);

/** A contest as GET /api/admin/contest answers it: with its password and HOJ's account rule string (AdminContestVO). */
export type AdminContestInfo = Omit<ContestInfo, 'accountLimitRule'> & { pwd?: string | null; accountLimitRule: string | null };

/** The typed ranges that are not an IPv4/IPv6 address or CIDR (the server refuses them too). */
export const badIpRanges = (ranges: readonly string[] | undefined) => (ranges ?? []).map((r) => r.trim()).filter((r) => r && !isIpRange(r));

export function contestToForm(c: AdminContestInfo): ContestFormValues {
  const rule = c.accountLimitRule ? parseHojAccountLimitRule(c.accountLimitRule) : null;
  return {
    title: c.title,
    description: c.description ?? '',
    type: c.type,
    auth: c.auth,
    pwd: c.pwd ?? '',
    startTime: ms(c.startTime) ?? undefined,
    endTime: ms(c.endTime) ?? undefined,
    sealRank: c.sealRank,
    sealMode: c.sealMode,
    sealRankTime: c.sealMode === SealMode.UntilEnd ? ms(c.sealRankTime) : null,
    afterEndSeal: c.afterEndSeal,
    rankUnsealed: c.rankUnsealed,
    oiRankScoreType: c.oiRankScoreType,
    starAccount: c.starAccount ?? [],
    rankShowName: c.rankShowName,
    openPrint: c.openPrint,
    openAccountLimit: c.openAccountLimit,
    limitPrefix: rule?.prefix ?? '',
    limitSuffix: rule?.suffix ?? '',
    limitStart: rule?.start ?? 0,
    limitEnd: rule?.end ?? 0,
    limitExtra: rule?.extra ?? [],
    visible: c.visible,
    // a contest stored before the flag existed allows it (the server's default)
    allowVirtual: c.allowVirtual ?? true,
    ipRanges: c.ipRanges ?? [],
    lockMode: c.lockMode ?? false,
  };
}

/** The failed rules as message ids, in form order; empty when the contest may be saved. */
export function contestFormErrors(v: ContestFormValues): string[] {
  const errors: string[] = [];
  if (!v.title?.trim()) errors.push('admin.contest.titleRequired');
  if (v.startTime == null || v.endTime == null) errors.push('admin.contest.timeRequired');
  else if (v.startTime >= v.endTime) errors.push('admin.contest.startBeforeEnd');
  if (v.auth !== ContestAuth.Public && !v.pwd?.trim()) errors.push('admin.contest.passwordRequired');
  if (v.sealRank && v.sealMode === SealMode.UntilEnd && v.sealRankTime == null) errors.push('admin.contest.sealTimeRequired');
  const stars = (v.starAccount ?? []).map((s) => s.trim());
  if (new Set(stars).size !== stars.length) errors.push('admin.contest.duplicateStarUsers');
  if (badIpRanges(v.ipRanges).length) errors.push('admin.lockdown.badIpRange');
  return errors;
}

export function formToBody(v: ContestFormValues, id?: number): AdminContestBody {
  const start = new Date(v.startTime!);
  const end = new Date(v.endTime!);
  const body: AdminContestBody = {
    title: v.title.trim(),
    description: v.description ?? '',
    type: v.type,
    auth: v.auth,
    pwd: v.auth === ContestAuth.Public ? null : v.pwd?.trim() || null,
    startTime: start.toISOString(),
    endTime: end.toISOString(),
    duration: Math.round((end.getTime() - start.getTime()) / 1000),
    sealRank: v.sealRank,
    sealMode: v.sealMode,
    sealRankTime: v.sealRank && v.sealMode === SealMode.UntilEnd && v.sealRankTime != null ? new Date(v.sealRankTime).toISOString() : null,
    afterEndSeal: v.afterEndSeal,
    rankUnsealed: v.rankUnsealed,
    oiRankScoreType: v.oiRankScoreType,
    starAccount: (v.starAccount ?? []).map((s) => s.trim()).filter(Boolean),
    rankShowName: v.rankShowName,
    openPrint: v.openPrint,
    openAccountLimit: v.openAccountLimit,
    accountLimitRule: v.openAccountLimit
      ? {
          prefix: v.limitPrefix ?? '',
          suffix: v.limitSuffix ?? '',
          start: Number(v.limitStart ?? 0),
          end: Number(v.limitEnd ?? 0),
          extra: (v.limitExtra ?? []).map((s) => s.trim()).filter(Boolean),
        }
      : null,
    visible: v.visible,
    allowVirtual: v.allowVirtual,
    ipRanges: (v.ipRanges ?? []).map((s) => s.trim()).filter(Boolean),
    lockMode: v.lockMode,
  };
  if (id !== undefined) body.id = id;
  return body;
}
