import { ContestStatus, TIMINGS } from '@oj/contracts';
import { contestStatusCounts, contestStatusTag, dashboardFigures, queueFigures } from './figures';

describe('dashboard figures (product §2)', () => {
  it('shows total users, today submissions and recent contests with the exact figures', () => {
    expect(
      dashboardFigures({ userNum: 12, todayJudgeNum: 0, contestNum: 3, recentContestNum: 3, judgeBacklog: 0, judgeDrainPerMinute: null }),
    ).toEqual([
      { titleId: 'admin.dashboard.userNum', value: 12 },
      { titleId: 'admin.dashboard.todayJudgeNum', value: 0 },
      { titleId: 'admin.dashboard.contestNum', values: { days: TIMINGS.dashboardRecentContestDays }, value: 3 },
    ]);
  });

  it('shows a dash for every figure until they are loaded', () => {
    expect(dashboardFigures(null).map((f) => f.value)).toEqual(['-', '-', '-']);
  });

  it('shows the judge backlog and drain rate, a dash for a rate nothing measured', () => {
    const base = { userNum: 1, todayJudgeNum: 0, contestNum: 0, recentContestNum: 0 };
    expect(queueFigures({ ...base, judgeBacklog: 2187, judgeDrainPerMinute: 184.2 })).toEqual([
      { titleId: 'admin.dashboard.judgeBacklog', value: 2187 },
      { titleId: 'admin.dashboard.judgeDrainPerMinute', value: 184.2 },
    ]);
    expect(queueFigures({ ...base, judgeBacklog: 0, judgeDrainPerMinute: null }).map((f) => f.value)).toEqual([0, '-']);
    expect(queueFigures(null).map((f) => f.value)).toEqual(['-', '-']);
  });

  it('counts the recent contests by status', () => {
    const list = [ContestStatus.Running, ContestStatus.Ended, ContestStatus.Scheduled, ContestStatus.Running].map((status) => ({ status }));
    expect(contestStatusCounts(list)).toEqual({ running: 2, scheduled: 1, ended: 1 });
    expect(contestStatusCounts([])).toEqual({ running: 0, scheduled: 0, ended: 0 });
  });

  it('names each contest status', () => {
    expect(contestStatusTag(ContestStatus.Running)).toEqual({ id: 'admin.dashboard.statusRunning', color: 'green' });
    expect(contestStatusTag(ContestStatus.Scheduled)).toEqual({ id: 'admin.dashboard.statusScheduled', color: 'blue' });
    expect(contestStatusTag(ContestStatus.Ended)).toEqual({ id: 'admin.dashboard.statusEnded' });
  });
});
