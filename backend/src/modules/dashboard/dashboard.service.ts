import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DASHBOARD_SESSIONS_SIZE, DashboardInfo } from '@oj/contracts';
import { DataSource, Repository } from 'typeorm';
import { RecentContest, RecentContestsService } from '../contest/recent-contests.service';
import { JudgeQueueWaitService } from '../judge-queue/judge-queue-wait.service';
import { SubmissionStatisticsService } from '../submission-store/submission-statistics.service';
import { User } from '../../core/auth/entities/user.entity';
import { LoginSession } from './entities/login-session.entity';

/** Column limits of login_session: longer values are cut, never refused (a login must not fail on them). */
const IP_MAX = 64;
const USER_AGENT_MAX = 512;

/** The server's local midnight of `now`: "today" for the submission count. */
export function startOfDay(now: Date): Date {
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  return d;
}

/** Admin dashboard figures (product §2, §9) and the login sessions they show. */
@Injectable()
export class DashboardService {
  constructor(
    @InjectRepository(LoginSession) private readonly sessions: Repository<LoginSession>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly queueWait: JudgeQueueWaitService,
    private readonly recent: RecentContestsService,
    private readonly submissions: SubmissionStatisticsService,
  ) {}

  recentContests(now = new Date()): Promise<RecentContest[]> {
    return this.recent.find(now);
  }

  async info(now = new Date()): Promise<DashboardInfo> {
    const [contests, userNum, todayJudgeNum, queue] = await Promise.all([
      this.recentContests(now),
      this.db.getRepository(User).count(),
      this.submissions.countSince(startOfDay(now)),
      this.queueWait.snapshot(),
    ]);
    return {
      contestNum: contests.length,
      recentContestNum: contests.length,
      userNum,
      todayJudgeNum,
      judgeBacklog: queue.waiting,
      judgeDrainPerMinute: queue.drainPerSecond == null ? null : Math.round(queue.drainPerSecond * 600) / 10,
    };
  }

  /** The user's latest logins, newest first. */
  findRecentSessions(uid: string): Promise<LoginSession[]> {
    return this.sessions.find({ where: { uid }, order: { gmtCreate: 'DESC', id: 'DESC' }, take: DASHBOARD_SESSIONS_SIZE });
  }

  /** HOJ's get-sessions: the login before this one (the latest when there is only one), or null. */
  async findPreviousSession(uid: string): Promise<LoginSession | null> {
    const [latest, previous] = await this.sessions.find({ where: { uid }, order: { gmtCreate: 'DESC', id: 'DESC' }, take: 2 });
    return previous ?? latest ?? null;
  }

  async recordLogin(uid: string, ip: string, userAgent: string): Promise<void> {
    await this.sessions.insert({ uid, ip: ip.slice(0, IP_MAX), userAgent: userAgent.slice(0, USER_AGENT_MAX) });
  }
}
