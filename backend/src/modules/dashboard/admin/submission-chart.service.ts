import { Injectable } from '@nestjs/common';
import { SUBMISSION_CHART_DAYS, SubmissionChartDay } from '@oj/contracts';
import { DataSource } from 'typeorm';

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** Submissions per day of the last 14 days (today included, server time zone), days without any as zeros. */
@Injectable()
export class SubmissionChartService {
  constructor(private readonly dataSource: DataSource) {}

  async lastDays(now = new Date()): Promise<SubmissionChartDay[]> {
    const from = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (SUBMISSION_CHART_DAYS - 1));
    const rows: { day: string; total: string; accepted: string }[] = await this.dataSource.query(
      `SELECT to_char(submit_time AT TIME ZONE $2, 'YYYY-MM-DD') AS day, count(*) AS total, count(*) FILTER (WHERE status = 0) AS accepted
         FROM judge WHERE submit_time >= $1 GROUP BY 1`,
      [from, Intl.DateTimeFormat().resolvedOptions().timeZone],
    );
    const byDay = new Map(rows.map((r) => [r.day, r]));
    return Array.from({ length: SUBMISSION_CHART_DAYS }, (_, i) => {
      const date = dayOf(new Date(from.getFullYear(), from.getMonth(), from.getDate() + i));
      const r = byDay.get(date);
      return { date, total: Number(r?.total ?? 0), accepted: Number(r?.accepted ?? 0) };
    });
  }
}
