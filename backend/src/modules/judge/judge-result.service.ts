import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ERR, JUDGING_ERR, JudgeResult, JudgeStatus, ProblemType, isFinalJudgeStatus } from '@oj/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { JudgeResultWritten } from '../../core/events/domain-events';
import { EventBus } from '../../core/events/event-bus';
import { BadRequestError, NotFoundError } from '../../core/http/api.exception';
import { standingDelta, statisticColumn, UserProblemStanding } from '../judge-queue/judge-statistics';
import { storableJson, storableText } from './stored-text';

/** Most characters of a program's output kept per case. */
const OUTPUT_HEAD_MAX = 1000;
const MESSAGE_MAX = 65535;
/** Bounds of the varchar columns a verdict writes (judge.judger, judge_case.input_data / output_data). */
const JUDGER_MAX = 100;
const FILE_NAME_MAX = 255;

/**
 * A write refused for what the result holds, not for the database's health: PostgreSQL's data exceptions (class 22:
 * a value out of range, bytes the encoding refuses, a string too long) and program limits (class 54). Writing the
 * same result again can never succeed, so it ends as System Error instead of leaving the submission unfinished.
 */
function refusedForItsData(err: unknown): boolean {
  const code = (err as { driverError?: { code?: unknown }; code?: unknown }).driverError?.code ?? (err as { code?: unknown }).code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('54'));
}

interface CountedRow {
  uid: string;
  username: string;
  pid: number;
  cid: number;
  /** The exam it was made in (0 outside exams): exam submissions, like contest ones, stay out of the statistics. */
  eid: number;
  status: number;
}

/** A result as stored, announced on the event bus once its transaction has committed. */
export type WrittenJudgeResult = JudgeResultWritten;

/**
 * Writes judge results exactly once and keeps statistics in step with them. Every backend replica may try to
 * write the same result (they all see Bull's global events): the conditional update on (submit_id, version,
 * counted = false) lets exactly one succeed, and the statistics change in the same transaction.
 */
@Injectable()
export class JudgeResultService {
  private readonly logger = new Logger(JudgeResultService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly bus: EventBus,
  ) {}

  /**
   * Other domains (contest boards, trainings, exams) follow every written result, and every reset for a rejudge,
   * through the event bus (`judge.result-written`), without the judge module depending on them. Announced on the
   * replica that wrote, after the commit; a failing subscriber is logged by the bus.
   */
  private notify(result: WrittenJudgeResult): Promise<void> {
    return this.bus.emit('judge.result-written', result);
  }

  /**
   * Returns true when this call wrote the result, false when it was already written (or superseded). A result the
   * database refuses for its content is written as System Error with the reason (never a submission left
   * unfinished); other failures (the database unreachable) are thrown, and the sweeper collects the job again later.
   */
  async apply(submitId: number, version: number, result: JudgeResult): Promise<boolean> {
    try {
      return await this.write(submitId, version, result);
    } catch (err) {
      if (!refusedForItsData(err)) throw err;
      const reason = `The judge's result could not be stored: ${(err as Error).message}`;
      this.logger.error(`submission ${submitId}: ${reason}`);
      return this.write(submitId, version, {
        status: JudgeStatus.SystemError,
        time: 0,
        memory: 0,
        score: 0,
        errorMessage: reason,
        judger: result.judger,
        cases: [],
      });
    }
  }

  private async write(submitId: number, version: number, result: JudgeResult): Promise<boolean> {
    const status = isFinalJudgeStatus(result.status) ? result.status : JudgeStatus.SystemError;
    const written = await this.dataSource.transaction(async (em) => {
      const rows: (CountedRow & Omit<WrittenJudgeResult, 'submitId'>)[] = await em.query(
        // An ACM problem's submissions and cases have no score (HOJ stores null: its pages print a score, and
        // "pts" per case, only where there is one); an OI problem's (and a deleted problem's) keep the judge's.
        `UPDATE judge SET status = $3, time = $4, memory = $5,
                score = CASE WHEN (SELECT p.type FROM problem p WHERE p.id = judge.pid) = ${ProblemType.ACM} THEN NULL ELSE $6::int END,
                error_message = $7, judger = $8,
                subtask_results = $9, counted = true, gmt_modified = now()
          WHERE submit_id = $1 AND version = $2 AND counted = false
          RETURNING uid, username, pid, cid, eid, tid, status, score, time, display_pid AS "displayPid", submit_time AS "submitTime"`,
        [
          submitId,
          version,
          status,
          Math.round(result.time ?? 0),
          Math.round(result.memory ?? 0),
          Math.round(result.score ?? 0),
          storableText(result.compileInfo || result.errorMessage || null, MESSAGE_MAX),
          storableText(result.judger, JUDGER_MAX),
          result.subtasks?.length ? storableJson(result.subtasks) : null,
        ],
      );
      // pg returns [rows, count] for UPDATE ... RETURNING through TypeORM.
      const row = (Array.isArray(rows[0]) ? (rows[0] as unknown as typeof rows) : rows)[0];
      if (!row) return null;
      await em.query(`DELETE FROM judge_case WHERE submit_id = $1`, [submitId]);
      const cases = result.cases ?? [];
      // The score written is never null for a scored problem (the judge's number, 0 when it gave none).
      const scored = row.score !== null;
      if (cases.length) {
        const values: unknown[] = [];
        const tuples = cases.map((c, i) => {
          values.push(
            submitId,
            row.pid,
            row.uid,
            c.caseId ?? i + 1,
            c.status,
            Math.round(c.time ?? 0),
            Math.round(c.memory ?? 0),
            scored ? Math.round(c.score ?? 0) : null,
            storableText(c.message, MESSAGE_MAX),
            storableText(c.detail, MESSAGE_MAX),
            storableText(c.inputFile, FILE_NAME_MAX),
            storableText(c.outputFile, FILE_NAME_MAX),
            storableText(c.outputHead, OUTPUT_HEAD_MAX),
            Number.isInteger(c.groupNum) ? c.groupNum : null,
          );
          const b = i * 14;
          return `(${Array.from({ length: 14 }, (_, k) => `$${b + k + 1}`).join(', ')})`;
        });
        await em.query(
          `INSERT INTO judge_case (submit_id, pid, uid, case_id, status, time, memory, score, message, detail, input_data, output_data, user_output, group_num)
           VALUES ${tuples.join(', ')} ON CONFLICT (submit_id, case_id) DO NOTHING`,
          values,
        );
      }
      if (row.cid === 0 && !row.eid) await this.count(em, row, +1);
      return row;
    });
    if (!written) return false;
    await this.notify({
      submitId,
      uid: written.uid,
      pid: written.pid,
      cid: written.cid,
      eid: written.eid,
      tid: written.tid,
      displayPid: written.displayPid,
      status: written.status,
      score: written.score,
      time: written.time,
      submitTime: new Date(written.submitTime),
    });
    return true;
  }

  /**
   * Puts a submission back to Pending for a rejudge: takes its verdict out of the statistics, bumps its
   * version (so a late result of the old judging is ignored) and clears its cases. Returns the new version.
   */
  async resetForRejudge(submitId: number): Promise<{ version: number; pid: number; language: string; code: string; cid: number }> {
    const reset = await this.dataSource.transaction(async (em) => {
      const found: (CountedRow & {
        counted: boolean;
        version: number;
        language: string;
        code: string;
        displayPid: string;
        submitTime: Date;
        tid: number | null;
      })[] = await em.query(
        `SELECT uid, username, pid, cid, eid, tid, status, counted, version, language, code, display_pid AS "displayPid",
                submit_time AS "submitTime" FROM judge WHERE submit_id = $1 FOR UPDATE`,
        [submitId],
      );
      const row = found[0];
      if (!row) throw new NotFoundError(ERR.notFound);
      if (!row.counted && !isFinalJudgeStatus(row.status)) throw new BadRequestError(JUDGING_ERR.rejudgeUnfinished);
      await em.query(
        `UPDATE judge SET status = $2, counted = false, version = version + 1, time = NULL, memory = NULL, score = NULL,
                error_message = NULL, judger = NULL, subtask_results = NULL, gmt_modified = now() WHERE submit_id = $1`,
        [submitId, JudgeStatus.Pending],
      );
      await em.query(`DELETE FROM judge_case WHERE submit_id = $1`, [submitId]);
      if (row.counted && row.cid === 0 && !row.eid) await this.count(em, row, -1);
      return row;
    });
    await this.notify({
      submitId,
      uid: reset.uid,
      pid: reset.pid,
      cid: reset.cid,
      eid: reset.eid,
      tid: reset.tid,
      displayPid: reset.displayPid,
      status: JudgeStatus.Pending,
      score: null,
      time: null,
      submitTime: new Date(reset.submitTime),
    });
    return { version: reset.version + 1, pid: reset.pid, language: reset.language, code: reset.code, cid: reset.cid };
  }

  /**
   * An admin's verdict (HOJ manual-judge and cancel-judge): the old verdict leaves the statistics, the new one
   * enters them (a cancelled submission counts nowhere), and the version moves on so that a late result of an
   * earlier judging is ignored. `allowQueued` lets a Pending submission no worker holds be cancelled.
   */
  async override(
    submitId: number,
    verdict: { status: number; score: number | null; judger: string },
    check: (row: { status: number; counted: boolean; pid: number }) => void,
  ): Promise<{ submitId: number; status: number; score: number | null; judger: string }> {
    const done = await this.dataSource.transaction(async (em) => {
      const found: (CountedRow & { counted: boolean; tid: number | null; displayPid: string; submitTime: Date; time: number | null })[] =
        await em.query(
          `SELECT uid, username, pid, cid, eid, tid, status, counted, time, display_pid AS "displayPid", submit_time AS "submitTime"
           FROM judge WHERE submit_id = $1 FOR UPDATE`,
          [submitId],
        );
      const row = found[0];
      if (!row) throw new NotFoundError(ERR.notFound);
      check(row);
      const counted = verdict.status !== JudgeStatus.Cancelled;
      // The row changes first: count() recomputes the user's standing from the rows as they now are.
      await em.query(
        `UPDATE judge SET status = $2, score = $3, judger = $4, counted = $5, version = version + 1, gmt_modified = now()
          WHERE submit_id = $1`,
        [submitId, verdict.status, verdict.score, verdict.judger, counted],
      );
      if (row.counted && row.cid === 0 && !row.eid) await this.count(em, row, -1);
      if (counted && row.cid === 0 && !row.eid) await this.count(em, { ...row, status: verdict.status }, +1);
      return row;
    });
    await this.notify({
      submitId,
      uid: done.uid,
      pid: done.pid,
      cid: done.cid,
      eid: done.eid,
      tid: done.tid,
      displayPid: done.displayPid,
      status: verdict.status,
      score: verdict.score,
      time: done.time,
      submitTime: new Date(done.submitTime),
    });
    return { submitId, ...verdict };
  }

  /** Adds (+1) or removes (-1) one counted verdict from problem and user statistics. */
  private async count(em: EntityManager, row: CountedRow, sign: 1 | -1): Promise<void> {
    const ac = row.status === JudgeStatus.Accepted ? sign : 0;
    // Upserting the user's row first locks it: results of one user are counted one at a time.
    await em.query(
      `INSERT INTO user_judge_stat (uid, username, submissions, accepted, solved, total_score) VALUES ($1, $2, $3, $4, 0, 0)
       ON CONFLICT (uid) DO UPDATE SET submissions = user_judge_stat.submissions + $3, accepted = user_judge_stat.accepted + $4,
                                     username = EXCLUDED.username`,
      [row.uid, row.username, sign, ac],
    );
    const column = statisticColumn(row.status);
    // One upsert (the row starts at zero). column comes from a fixed whitelist (statisticColumn), never from input.
    await em.query(
      `INSERT INTO problem_statistic (pid, total${column ? `, ${column}` : ''}) VALUES ($1, $2${column ? ', $2' : ''})
       ON CONFLICT (pid) DO UPDATE SET total = problem_statistic.total + $2${column ? `, ${column} = problem_statistic.${column} + $2` : ''}`,
      [row.pid, sign],
    );
    await this.refreshStanding(em, row.uid, row.pid);
  }

  /** Recomputes the user's standing on a problem from their counted submissions and moves their totals. */
  private async refreshStanding(em: EntityManager, uid: string, pid: number): Promise<void> {
    const before: { accepted: boolean; best_score: number }[] = await em.query(
      `SELECT accepted, best_score FROM user_problem_stat WHERE uid = $1 AND pid = $2`,
      [uid, pid],
    );
    const agg: {
      n: string;
      accepted: boolean | null;
      best: number | null;
      first_ac: Date | null;
      last_status: number | null;
      type: number | null;
    }[] = await em.query(
      `SELECT count(*) AS n, bool_or(j.status = 0) AS accepted, max(coalesce(j.score, 0)) AS best,
                min(j.submit_time) FILTER (WHERE j.status = 0) AS first_ac,
                (SELECT j2.status FROM judge j2 WHERE j2.uid = $1 AND j2.pid = $2 AND j2.cid = 0 AND j2.eid = 0 AND j2.counted
                  ORDER BY j2.submit_time DESC, j2.submit_id DESC LIMIT 1) AS last_status,
                (SELECT p.type FROM problem p WHERE p.id = $2) AS type
           FROM judge j WHERE j.uid = $1 AND j.pid = $2 AND j.cid = 0 AND j.eid = 0 AND j.counted`,
      [uid, pid],
    );
    const a = agg[0];
    const prev: UserProblemStanding | null = before[0] ? { accepted: before[0].accepted, bestScore: before[0].best_score } : null;
    let next: UserProblemStanding | null = null;
    if (Number(a.n) === 0) {
      await em.query(`DELETE FROM user_problem_stat WHERE uid = $1 AND pid = $2`, [uid, pid]);
    } else {
      next = { accepted: !!a.accepted, bestScore: a.type === ProblemType.OI ? Number(a.best ?? 0) : 0 };
      await em.query(
        `INSERT INTO user_problem_stat (uid, pid, accepted, best_score, last_status, first_ac_time) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (uid, pid) DO UPDATE SET accepted = $3, best_score = $4, last_status = $5, first_ac_time = $6`,
        [uid, pid, next.accepted, next.bestScore, a.last_status, a.first_ac],
      );
    }
    const d = standingDelta(prev, next);
    if (d.solved !== 0 || d.score !== 0) {
      await em.query(`UPDATE user_judge_stat SET solved = solved + $2, total_score = total_score + $3 WHERE uid = $1`, [
        uid,
        d.solved,
        d.score,
      ]);
    }
    this.logger.debug(`standing ${uid}/${pid}: ${JSON.stringify(next)}`);
  }
}
