import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuthUser } from '../../../core/auth/auth-user';
import { NotFoundError } from '../../../core/http/api.exception';
import { ContestAccessService } from '../contest-access.service';
import { ContestProblem } from '../entities/contest-problem.entity';
import { Contest } from '../entities/contest.entity';
import { ScoreboardService } from '../scoreboard/scoreboard.service';
import { CONTEST_ERR } from '@oj/contracts';

/** A contest submission's state as the pipeline has it when it writes it (a Judge row's fields). */
export interface ContestResult {
  submitId: number;
  cid: number;
  uid: string;
  /** The contest display id the submission was made under (Judge.displayPid). */
  displayId: string;
  status: number;
  score: number | null;
  time: number | null;
  submitTime: Date;
}

/**
 * The whole interface between the judge pipeline (submission and judge modules) and contests:
 *
 * - `submit-problem-judge` with a cid calls `assertCanSubmit(cid, user, pidOrDisplayId)` before storing the
 *   submission; it throws the §6 refusal or gives the contest problem (pid, display id) to store.
 * - whoever writes a contest submission's state (stored as Pending, and the final result written once by
 *   JudgeResultService.apply returning true) calls `onSubmissionResult(submitId)`: the scoreboard moves
 *   by one row on every replica. Calling it twice for the same state is harmless.
 * - a writer that holds the row's fields already calls `onResult(result)` instead: no database read, so the
 *   board moves in well under a millisecond (the benchmark's "pipeline hook").
 */
@Injectable()
export class ContestJudgeBridge {
  constructor(
    private readonly access: ContestAccessService,
    private readonly scoreboard: ScoreboardService,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /** §6 submit rules for a contest problem given by its contest display id (string) or its problem id (number). */
  async assertCanSubmit(
    cid: number,
    user: AuthUser,
    problem: string | number,
  ): Promise<{ contest: Contest; contestProblem: ContestProblem }> {
    const a = await this.access.access(cid, user);
    this.access.assertCanSubmit(a);
    return { contest: a.contest, contestProblem: (await this.problemOf(cid, problem)).contestProblem };
  }

  /** A contest problem by display id (or bank pid); 404 with the contest's text when the contest has no such problem. */
  async problemOf(cid: number, problem: string | number): Promise<{ contestProblem: ContestProblem }> {
    const where = typeof problem === 'number' ? { cid, pid: problem } : { cid, displayId: problem };
    const contestProblem = await this.db.getRepository(ContestProblem).findOneBy(where);
    if (!contestProblem) throw new NotFoundError(CONTEST_ERR.problemNotInContest);
    return { contestProblem };
  }

  /** A contest submission's state changed (stored, judged, rejudged): update the scoreboard. */
  async onSubmissionResult(submitId: number): Promise<void> {
    const [row]: {
      submitId: number;
      cid: number;
      uid: string;
      displayId: string;
      status: number;
      score: number | null;
      time: number | null;
      submitTime: Date;
    }[] = await this.db.query(
      `SELECT j.submit_id AS "submitId", j.cid, j.uid, cp.display_id AS "displayId", j.status, j.score, j.time,
              j.submit_time AS "submitTime"
         FROM judge j JOIN contest_problem cp ON cp.cid = j.cid AND cp.pid = j.pid
        WHERE j.submit_id = $1 AND j.cid <> 0`,
      [submitId],
    );
    if (row) await this.record({ ...row, submitTime: new Date(row.submitTime) }, false);
  }

  /** The same, from the fields the writer holds (no database read). */
  onResult(result: ContestResult): Promise<void> {
    const when = result.submitTime as Date | undefined;
    if (!(when instanceof Date) || Number.isNaN(when.getTime())) return this.onSubmissionResult(result.submitId);
    return this.record(result, true);
  }

  private async record(r: ContestResult, fromWriter: boolean): Promise<void> {
    const contest = await this.access.contest(r.cid);
    if (!contest) return;
    // A display id the board does not know (renamed since the submission): the database has the current one.
    if (fromWriter && this.scoreboard.isUnknownProblem(contest.id, r.displayId)) return this.onSubmissionResult(r.submitId);
    await this.scoreboard.recordResult(contest, {
      submitId: r.submitId,
      uid: r.uid,
      displayId: r.displayId,
      status: r.status,
      score: r.score,
      time: r.time,
      submitTime: r.submitTime.getTime(),
    });
  }
}
