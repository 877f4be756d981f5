import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { JUDGE_PRIORITY, JUDGING_ERR, JudgeStatus } from '@oj/contracts';
import { Repository } from 'typeorm';
import { AuthUser } from '../../core/auth/auth-user';
import { BadRequestError } from '../../core/http/api.exception';
import { JudgeQueueService } from '../judge/judge-queue.service';
import { ProblemService } from '../problem/problem.service';
import { Judge } from '../submission/entities/judge.entity';
import { PublicSubmission, toPublicSubmission } from '../submission/public-submission';
import { ContestJudgeBridge, ContestResult } from './contest-judge.bridge';

/** A contest submission: `pid` is the contest display id (HOJ SubmitJudgeDTO with cid). */
export interface ContestSubmitInput {
  cid: number;
  pid: string;
  language: string;
  code: string;
}

/**
 * Contest submissions (product §6 submit rules): stored as Pending under the contest problem, judged by the
 * same pipeline with the contest Bull priority, shown on the board at once as a pending try.
 *
 * The submission module's `submit-problem-judge` hands requests with a cid here. Results move the board
 * through ContestResultListener, which the judge result writer calls on every replica that writes one.
 */
@Injectable()
export class ContestSubmitService {
  private readonly logger = new Logger(ContestSubmitService.name);

  constructor(
    @InjectRepository(Judge) private readonly judges: Repository<Judge>,
    private readonly bridge: ContestJudgeBridge,
    private readonly problems: ProblemService,
    private readonly queue: JudgeQueueService,
  ) {}

  async submit(input: ContestSubmitInput, user: AuthUser, ip: string | null): Promise<PublicSubmission> {
    // The role's submit permission: checked once for every context (SubmissionController → assertCanSubmit).
    const { contestProblem } = await this.bridge.assertCanSubmit(input.cid, user, input.pid);
    const problem = await this.problems.findById(contestProblem.pid);
    const allowed = await this.problems.languagesFor(problem.id);
    if (!allowed.some((l) => l.name === input.language)) throw new BadRequestError(JUDGING_ERR.languageNotAllowed);
    const saved = await this.judges.save(
      this.judges.create({
        pid: problem.id,
        displayPid: contestProblem.displayId,
        uid: user.uid,
        username: user.username,
        status: JudgeStatus.Pending,
        share: false,
        length: Buffer.byteLength(input.code, 'utf8'),
        code: input.code,
        language: input.language,
        cid: input.cid,
        cpid: contestProblem.id,
        gid: null,
        tid: null,
        ip,
        version: 0,
        counted: false,
      }),
    );
    try {
      await this.queue.enqueueJudge(saved, problem, JUDGE_PRIORITY.contest);
    } catch (e) {
      this.logger.error(`enqueue of contest submission ${saved.submitId} failed: ${(e as Error).message}`);
      await this.judges.update({ submitId: saved.submitId, status: JudgeStatus.Pending }, { status: JudgeStatus.SubmittedFailed });
      saved.status = JudgeStatus.SubmittedFailed;
    }
    await this.bridge.onResult(this.result(saved, saved));
    return toPublicSubmission(saved);
  }

  /** The board's view of a stored contest submission in a given state (the event carries the result). */
  private result(saved: Judge, state: { status: number; score?: number | null; time?: number | null }): ContestResult {
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
