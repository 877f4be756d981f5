import { Injectable } from '@nestjs/common';
import { JUDGE_PRIORITY } from '@oj/contracts';
import { AuthUser } from '../../../core/auth/auth-user';
import { ProblemService } from '../../problem/problem.service';
import type { Submission } from '../../submission-store/entities/submission.entity';
import { PublicSubmission, toPublicSubmission } from '../../submission-store/public-submission';
import { SubmissionWriter } from '../../submission-store/submission-writer.service';
import { VirtualContestService } from '../virtual/virtual-contest.service';
import { ContestJudgeBridge, ContestResult } from './contest-judge.bridge';

/** A contest submission: `pid` is the contest display id (HOJ SubmitJudgeDTO with cid). */
export interface ContestSubmitInput {
  cid: number;
  pid: string;
  language: string;
  code: string;
}

/**
 * Contest submissions (product §6 submit rules): this service resolves the contest's part (may the caller submit
 * now, which contest problem), the submission module's writer stores the row as Pending under the contest problem
 * and enqueues it with the contest Bull priority, then the board shows it at once as a pending try.
 *
 * The submission module's `submit-problem-judge` hands requests with a cid here. Results move the board
 * through ContestResultListener, which the judge result writer calls on every replica that writes one.
 */
@Injectable()
export class ContestSubmitService {
  constructor(
    private readonly bridge: ContestJudgeBridge,
    private readonly problems: ProblemService,
    private readonly writer: SubmissionWriter,
    private readonly virtual: VirtualContestService,
  ) {}

  async submit(input: ContestSubmitInput, user: AuthUser, ip: string | null): Promise<PublicSubmission> {
    // The role's submit permission: checked once for every context (SubmissionController → assertCanSubmit).
    // After the end, the caller's running virtual run takes the submission (issue 35).
    const run = await this.virtual.runningRun(input.cid, user.uid);
    if (run) return this.submitVirtual(run, input, user, ip);
    const { contestProblem } = await this.bridge.assertCanSubmit(input.cid, user, input.pid);
    const problem = await this.problems.findById(contestProblem.pid);
    const saved = await this.writer.create({
      user,
      ip,
      problem,
      displayPid: contestProblem.displayId,
      language: input.language,
      code: input.code,
      cid: input.cid,
      cpid: contestProblem.id,
      priority: JUDGE_PRIORITY.contest,
      // Contests have their own rules; the admin's interval is between practice submissions.
      submitInterval: false,
    });
    // Pending (or Submitted Failed when the enqueue failed): the board counts the try at once.
    await this.bridge.onResult(this.result(saved, saved));
    return toPublicSubmission(saved);
  }

  /**
   * A virtual run's submission: stored as a practice submission of the bank problem marked with the run (`vid`), so
   * that no contest count or board sees it, judged at the practice priority (a live contest goes first).
   */
  private async submitVirtual(run: { id: number; cid: number }, input: ContestSubmitInput, user: AuthUser, ip: string | null) {
    const { contestProblem } = await this.bridge.problemOf(run.cid, input.pid);
    const problem = await this.problems.findById(contestProblem.pid);
    const saved = await this.writer.create({
      user,
      ip,
      problem,
      displayPid: problem.problemId,
      language: input.language,
      code: input.code,
      vid: run.id,
      priority: JUDGE_PRIORITY.normal,
      submitInterval: false,
    });
    return toPublicSubmission(saved);
  }

  /** The board's view of a stored contest submission in a given state (the event carries the result). */
  private result(saved: Submission, state: { status: number; score?: number | null; time?: number | null }): ContestResult {
    return {
      submitId: saved.submitId,
      cid: saved.cid,
      uid: saved.uid,
      displayId: saved.displayPid,
      status: state.status,
      score: state.score ?? null,
      time: state.time ?? null,
      submitTime: saved.submitTime,
    };
  }
}
