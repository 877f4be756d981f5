/** The exam editor's values, their checks (product §5 as contests) and the body sent to /api/admin/exam. */
import { AdminExamBody, ExamAuth, ExamInfo, ExamRankScoreType, ExamType, RankShowName, isIpRange } from '@oj/contracts';

export interface ExamFormValues {
  title: string;
  description: string;
  type: ExamType;
  auth: ExamAuth;
  pwd?: string;
  /** ms since epoch (the date pickers give numbers) */
  startTime?: number;
  endTime?: number;
  realScore: boolean;
  autoRealScore: boolean;
  rankScoreType: ExamRankScoreType;
  rankShowName: RankShowName;
  visible: boolean;
  /** allowed client address ranges, CIDRs (issue 36); empty: anyone */
  ipRanges: string[];
  /** lock mode (issue 36) */
  lockMode: boolean;
}

export function emptyExamForm(nowMs = Date.now()): ExamFormValues {
  const hour = 3600_000;
  const start = Math.ceil(nowMs / hour) * hour + hour;
  return {
    title: '',
    description: '',
    type: ExamType.OI,
    auth: ExamAuth.Public,
    pwd: '',
    startTime: start,
    endTime: start + 2 * hour,
    realScore: false,
    autoRealScore: true,
    rankScoreType: ExamRankScoreType.Highest,
    rankShowName: RankShowName.Username,
    visible: true,
    ipRanges: [],
    lockMode: false,
  };
}

export const examToForm = (e: ExamInfo & { pwd?: string | null }): ExamFormValues => ({
  title: e.title,
  description: e.description ?? '',
  type: e.type,
  auth: e.auth,
  pwd: e.pwd ?? '',
  startTime: new Date(e.startTime).getTime(),
  endTime: new Date(e.endTime).getTime(),
  realScore: e.realScore,
  autoRealScore: e.autoRealScore,
  rankScoreType: e.rankScoreType,
  rankShowName: e.rankShowName,
  visible: e.visible,
  ipRanges: e.ipRanges ?? [],
  lockMode: e.lockMode ?? false,
});

/** Message ids of what is wrong; empty when the exam may be saved. */
export function examFormErrors(v: ExamFormValues): string[] {
  const errors: string[] = [];
  if (!v.title?.trim()) errors.push('admin.exam.titleRequired');
  if (v.startTime == null || v.endTime == null) errors.push('admin.exam.timeRequired');
  else if (v.startTime >= v.endTime) errors.push('admin.exam.startBeforeEnd');
  if (v.auth !== ExamAuth.Public && !v.pwd?.trim()) errors.push('admin.exam.passwordRequired');
  if ((v.ipRanges ?? []).some((r) => r.trim() && !isIpRange(r))) errors.push('admin.lockdown.badIpRange');
  return errors;
}

export function formToBody(v: ExamFormValues, id?: number): AdminExamBody {
  const start = v.startTime!;
  const end = v.endTime!;
  return {
    ...(id ? { id } : {}),
    title: v.title.trim(),
    description: v.description ?? '',
    type: v.type,
    auth: v.auth,
    pwd: v.auth === ExamAuth.Public ? null : (v.pwd ?? '').trim(),
    startTime: new Date(start).toISOString(),
    endTime: new Date(end).toISOString(),
    duration: Math.round((end - start) / 1000),
    realScore: v.realScore,
    autoRealScore: v.autoRealScore,
    rankScoreType: v.rankScoreType,
    rankShowName: v.rankShowName,
    visible: v.visible,
    ipRanges: (v.ipRanges ?? []).map((s) => s.trim()).filter(Boolean),
    lockMode: v.lockMode,
  };
}
