/**
 * The full board's one expensive read: every submission of a contest, packed per participant by PostgreSQL.
 *
 * Packing a million submissions into text costs one PostgreSQL backend most of a second, and PostgreSQL 15 cannot
 * parallelise `string_agg`. A big contest is therefore read as two parts of the judge table's heap (split by
 * block, so each part scans and packs only its own rows) on two connections at once, both under one exported
 * snapshot (as pg_dump's parallel mode does), so together they see exactly what one query would: a row updated in
 * between cannot be counted in both parts or in neither. Where to split, and whether to, comes from a sample of
 * about SAMPLE_BLOCKS blocks of the table (TABLESAMPLE SYSTEM): the median block of the contest's rows found
 * there, and their number scaled up as the estimate of the contest's size. A participant whose submissions sit in
 * both parts gets both texts, kept apart (joining 30,000 texts makes as many rope strings, each copied again when
 * read); the engine orders each participant's submissions itself.
 */
import { DataSource, QueryRunner } from 'typeorm';
import { Contest } from '../entities/contest.entity';
import { notContestAdmin } from '../contest-admins.sql';
import { BoardUser } from './scoreboard-engine';

/**
 * A participant with the packed text of their submissions (`submitId,pid,status,score,time,ms;...`); `more`
 * holds the second part's text when the read was split and both parts had some.
 */
export type PackedRow = BoardUser & { subs: string; more?: string; judgeUid: string };

/** work_mem of the per-participant aggregation: with the default 4 MB it spills to disk in batches. */
const LOAD_WORK_MEM = '256MB';

/**
 * From this many (estimated) submissions the read is split: below it one query is about as fast as a second
 * connection, a snapshot export and a second scan.
 */
export const SPLIT_MIN_ROWS = 100_000;
/** Blocks of the judge table the split point is estimated from (random blocks: a few milliseconds). */
const SAMPLE_BLOCKS = 256;

const SNAPSHOT_ID = /^[0-9A-F]+-[0-9A-F]+(-[0-9]+)?$/i;

/** The contest's submissions: parameters $1 cid, $2 start, $3 end, $5 its problems' ids. */
const WINDOW = 'j.cid = $1 AND j.pid = ANY($5) AND j.submit_time >= $2 AND j.submit_time < $3';

const params = (contest: Contest, pids: number[]) => [contest.id, contest.startTime, contest.endTime, contest.uid, pids];

/** `withUsers`: the participant's user row joined in (a second part's rows get theirs from the first's). */
function packedQuery(contest: Contest, heapPart: string, withUsers = true): string {
  const packed = `SELECT j.uid,
                         string_agg(concat_ws(',', j.submit_id, j.pid, j.status, COALESCE(j.score, -1), COALESCE(j.time, -1),
                                              floor(date_part('epoch', j.submit_time - $2) * 1000)::bigint), ';') AS subs
                    FROM judge j
                   WHERE ${WINDOW}${heapPart}
                   GROUP BY j.uid`;
  const admins = notContestAdmin('s.uid', '$4', contest.gid);
  if (!withUsers) return `SELECT s.uid AS "judgeUid", s.subs FROM (${packed}) s WHERE ${admins}`;
  return `SELECT s.uid AS "judgeUid", u.uid, u.username, u.nickname, u.realname, u.school, u.avatar, u.gender, s.subs
            FROM (${packed}) s
            LEFT JOIN user_info u ON u.uid = s.uid
           WHERE ${admins}`;
}

export interface PackedLoadOptions {
  /** The estimated size from which the read is split (default SPLIT_MIN_ROWS). */
  splitMinRows?: number;
  /** Told the block the read was split at, or null when it was one query. */
  onSplit?: (block: number | null) => void;
}

export async function loadPackedSubmissions(
  db: DataSource,
  contest: Contest,
  pids: number[],
  options: PackedLoadOptions = {},
): Promise<PackedRow[]> {
  const first = db.createQueryRunner();
  let second: QueryRunner | undefined;
  try {
    await first.connect();
    await first.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
    await first.query(`SET LOCAL work_mem = '${LOAD_WORK_MEM}'`);
    const split = await splitBlock(first, contest, pids, options.splitMinRows ?? SPLIT_MIN_ROWS);
    options.onSplit?.(split);
    if (split === null) return (await first.query(packedQuery(contest, ''), params(contest, pids))) as PackedRow[];

    const [{ snapshot }] = (await first.query('SELECT pg_export_snapshot() AS snapshot')) as { snapshot: string }[];
    if (!SNAPSHOT_ID.test(snapshot)) throw new Error(`unexpected snapshot id ${snapshot}`);
    second = db.createQueryRunner();
    await second.connect();
    await second.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
    // Must come before any other statement of the transaction (SET LOCAL included).
    await second.query(`SET TRANSACTION SNAPSHOT '${snapshot}'`);
    await second.query(`SET LOCAL work_mem = '${LOAD_WORK_MEM}'`);
    const middle = `(${split},0)`;
    const [low, high] = (await Promise.all([
      first.query(packedQuery(contest, ' AND j.ctid < $6::tid'), [...params(contest, pids), middle]),
      second.query(packedQuery(contest, ' AND j.ctid >= $6::tid', false), [...params(contest, pids), middle]),
    ])) as [PackedRow[], PackedRow[]];
    const rows = joinParts(low, high);
    const withoutUser = rows.filter((r) => r.uid === undefined).map((r) => r.judgeUid);
    if (withoutUser.length) {
      const users = (await first.query(
        'SELECT uid, username, nickname, realname, school, avatar, gender FROM user_info WHERE uid = ANY($1)',
        [withoutUser],
      )) as BoardUser[];
      const byUid = new Map(rows.map((r) => [r.judgeUid, r]));
      for (const u of users) Object.assign(byUid.get(u.uid)!, u);
    }
    return rows;
  } finally {
    // Read-only transactions: ending them with ROLLBACK or COMMIT is the same; a broken connection is released as is.
    for (const runner of [first, second]) {
      if (!runner) continue;
      await runner.query('ROLLBACK').catch(() => undefined);
      await runner.release();
    }
  }
}

/**
 * Where to split the contest's rows (a block number), or null to read them in one query: the median block of the
 * contest's rows in a sample of the table, when the sample puts the contest at `minRows` or more.
 */
async function splitBlock(runner: QueryRunner, contest: Contest, pids: number[], minRows: number): Promise<number | null> {
  const [{ blocks }] = (await runner.query(`SELECT (pg_relation_size('judge') / current_setting('block_size')::int)::int AS blocks`)) as {
    blocks: number;
  }[];
  if (blocks === 0) return null;
  const percent = Math.min(100, (100 * SAMPLE_BLOCKS) / blocks);
  const [{ found, median }] = (await runner.query(
    `SELECT count(*)::int AS found, percentile_disc(0.5) WITHIN GROUP (ORDER BY (j.ctid::text::point)[0]) AS median
       FROM judge j TABLESAMPLE SYSTEM ($4)
      WHERE ${WINDOW}`,
    [contest.id, contest.startTime, contest.endTime, percent, pids],
  )) as { found: number; median: number | null }[];
  if (median === null || (found * 100) / percent < minRows) return null;
  return Math.floor(median);
}

/** The two parts' rows as one row per participant (the second part's text in `more`). */
export function joinParts(low: PackedRow[], high: PackedRow[]): PackedRow[] {
  const byUid = new Map<string, PackedRow>();
  for (const r of low) byUid.set(r.judgeUid, r);
  for (const r of high) {
    const seen = byUid.get(r.judgeUid);
    if (seen) seen.more = r.subs;
    else byUid.set(r.judgeUid, r);
  }
  return [...byUid.values()];
}
