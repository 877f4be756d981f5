/** What the dashboard's figure cards show (product §2 "total users, today's submissions, contests of the recent 14 days"). */
import { ContestStatus, DashboardInfo, RecentContestInfo, TIMINGS } from '@oj/contracts';

export interface Figure {
  /** Locale id of the card title. */
  titleId: string;
  /** Placeholders of the title. */
  values?: Record<string, number>;
  /** '-' while the figures are missing. */
  value: number | '-';
}

/** The three headline figures, in the order the page shows them. */
export function dashboardFigures(info: DashboardInfo | null): Figure[] {
  return [
    { titleId: 'admin.dashboard.userNum', value: info?.userNum ?? '-' },
    { titleId: 'admin.dashboard.todayJudgeNum', value: info?.todayJudgeNum ?? '-' },
    {
      titleId: 'admin.dashboard.contestNum',
      values: { days: TIMINGS.dashboardRecentContestDays },
      value: info?.contestNum ?? '-',
    },
  ];
}

/**
 * The judge queue's figures (issue 38): jobs waiting for a worker, and judgements finished per minute lately ('-'
 * when none finished recently: no rate to show, which is not a rate of 0).
 */
export function queueFigures(info: DashboardInfo | null): Figure[] {
  return [
    { titleId: 'admin.dashboard.judgeBacklog', value: info?.judgeBacklog ?? '-' },
    { titleId: 'admin.dashboard.judgeDrainPerMinute', value: info?.judgeDrainPerMinute ?? '-' },
  ];
}

/** How many of the recent contests are running, scheduled and ended. */
export function contestStatusCounts(
  contests: readonly Pick<RecentContestInfo, 'status'>[],
): Record<'running' | 'scheduled' | 'ended', number> {
  const counts = { running: 0, scheduled: 0, ended: 0 };
  for (const c of contests) {
    if (c.status === ContestStatus.Running) counts.running++;
    else if (c.status === ContestStatus.Scheduled) counts.scheduled++;
    else counts.ended++;
  }
  return counts;
}

/** Locale id and tag colour of a contest status. */
export function contestStatusTag(status: ContestStatus): { id: string; color?: string } {
  if (status === ContestStatus.Running) return { id: 'admin.dashboard.statusRunning', color: 'green' };
  if (status === ContestStatus.Scheduled) return { id: 'admin.dashboard.statusScheduled', color: 'blue' };
  return { id: 'admin.dashboard.statusEnded' };
}
