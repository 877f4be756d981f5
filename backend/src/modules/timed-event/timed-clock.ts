import { ContestStatus } from '@oj/contracts';
import { DataSource } from 'typeorm';

/**
 * How often the contest and exam clocks move the stored status; answers compute the status on read, so this only
 * keeps lists and SQL honest.
 */
export const TIMED_CLOCK_INTERVAL_MS = 5_000;

/**
 * Moves the stored status of every row of a timed table (`contest`, `exam`: columns status, start_time,
 * end_time) Scheduled → Running → Ended by the clock (product §4); idempotent, so every replica may run it.
 * Returns the ids that became Ended in this call.
 */
export async function advanceStatusByClock(
  db: DataSource,
  table: 'contest' | 'exam',
  now: Date = new Date(),
): Promise<{ moved: number; ended: number[] }> {
  const [rows, affected] = (await db.query(
    `UPDATE ${table} SET status = CASE WHEN $1 < start_time THEN $2::smallint WHEN $1 < end_time THEN $3::smallint ELSE $4::smallint END
        WHERE status <> CASE WHEN $1 < start_time THEN $2::smallint WHEN $1 < end_time THEN $3::smallint ELSE $4::smallint END
        RETURNING id, status`,
    [now, ContestStatus.Scheduled, ContestStatus.Running, ContestStatus.Ended],
  )) as [{ id: number; status: number }[], number];
  return { moved: affected, ended: rows.filter((r) => r.status === ContestStatus.Ended).map((r) => r.id) };
}
