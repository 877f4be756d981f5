import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { JudgeStatus } from '@oj/contracts';
import { MoreThanOrEqual, Repository } from 'typeorm';
import { Submission } from './entities/submission.entity';

/** GET /api/get-last-week-submission-statistics answer (HOJ SubmissionStatisticsVO): seven days, oldest first. */
export interface SubmissionStatistics {
  /** "MM-dd" per day, ending today. */
  dateStrList: string[];
  acCountList: number[];
  totalCountList: number[];
}

const DAYS = 7;
/** The home page chart changes slowly: each replica reuses an answer this long (HOJ keeps it 30 minutes). */
export const SUBMISSION_STATISTICS_TTL_MS = 60_000;

/** Submissions per day of the last week, for the home page chart. */
@Injectable()
export class SubmissionStatisticsService {
  private cached: { value: Promise<SubmissionStatistics>; expires: number } | null = null;

  constructor(@InjectRepository(Submission) private readonly judges: Repository<Submission>) {}

  /** Submissions made since `since` in every context (the admin dashboard's "today"). */
  countSince(since: Date): Promise<number> {
    return this.judges.countBy({ submitTime: MoreThanOrEqual(since) });
  }

  /** `forceRefresh` (root only, as in HOJ) recomputes at once. */
  lastWeek(forceRefresh = false): Promise<SubmissionStatistics> {
    if (!forceRefresh && this.cached && this.cached.expires > Date.now()) return this.cached.value;
    const value = this.compute(new Date());
    this.cached = { value, expires: Date.now() + SUBMISSION_STATISTICS_TTL_MS };
    value.catch(() => (this.cached = null));
    return value;
  }

  /** Days are the server's local days, as the dates of the chart say. */
  async compute(now: Date): Promise<SubmissionStatistics> {
    const days: Date[] = [];
    for (let i = DAYS - 1; i >= 0; i--) days.push(new Date(now.getFullYear(), now.getMonth(), now.getDate() - i));
    const end = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
    const rows: { day: number; total: string; ac: string }[] = await this.judges
      .createQueryBuilder('j')
      // The bucket of local midnights a submission falls in, 1 for the oldest day.
      .select(`width_bucket(extract(epoch FROM j.submitTime)::float8, :bounds::float8[])`, 'day')
      .addSelect('count(*)', 'total')
      .addSelect(`count(*) FILTER (WHERE j.status = ${JudgeStatus.Accepted})`, 'ac')
      .where('j.submitTime >= :start AND j.submitTime < :end', { start: days[0].toISOString(), end: end.toISOString() })
      .setParameter(
        'bounds',
        days.map((d) => d.getTime() / 1000),
      )
      .groupBy('day')
      .getRawMany();
    const total = new Array<number>(DAYS).fill(0);
    const ac = new Array<number>(DAYS).fill(0);
    for (const r of rows) {
      const i = Number(r.day) - 1;
      if (i < 0 || i >= DAYS) continue;
      total[i] += Number(r.total);
      ac[i] += Number(r.ac);
    }
    const pad = (n: number) => String(n).padStart(2, '0');
    return {
      dateStrList: days.map((d) => `${pad(d.getMonth() + 1)}-${pad(d.getDate())}`),
      acCountList: ac,
      totalCountList: total,
    };
  }
}
