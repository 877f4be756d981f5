import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { JUDGING_ERR, JudgeStatus } from '@oj/contracts';
import Redis from 'ioredis';
import { Repository } from 'typeorm';
import { AuthUser } from '../../core/auth/auth-user';
import { BadRequestError, TooManyRequestsError } from '../../core/http/api.exception';
import { REDIS } from '../../core/redis/redis.module';
import { SiteConfigService } from '../../core/site-config/site-config.service';
import { JudgeQueueService } from '../judge-queue/judge-queue.service';
import { RemoteJudgeQueueService } from '../judge-queue/remote-judge-queue.service';
import type { Problem } from '../problem/entities/problem.entity';
import { ProblemService } from '../problem/problem.service';
import { Submission } from './entities/submission.entity';

const submitLockKey = (uid: string) => `submit-interval:${uid}`;

/**
 * A submission whose context has been resolved by its owner (practice and group problems: the submission module;
 * contests, exams, trainings: their modules): who submits, which problem under which id, where it counts.
 * The time, memory and stack limits are the problem's: its judge package carries them, no context overrides them.
 */
export interface SubmitContext {
  /** The caller; the role's `submit` permission was checked before the context was resolved (SubmissionService.assertCanSubmit). */
  user: AuthUser;
  ip: string | null;
  /** The bank problem that is judged. */
  problem: Problem;
  /** The id shown with the submission: the problem's own, or its contest or exam display id. */
  displayPid: string;
  language: string;
  code: string;
  /** The contest and its contest problem (0 outside contests). */
  cid?: number;
  cpid?: number;
  /** The exam (0 outside exams). */
  eid?: number;
  /** The training the try counts for (null outside trainings). */
  tid?: number | null;
  /** A virtual participation's run (contest_virtual id); the submission is then stored outside the contest. */
  vid?: number | null;
  /** The group of a group problem (the group's rank reads it); null otherwise. */
  gid?: number | null;
  /** Bull priority of the judge job (JUDGE_PRIORITY). */
  priority: number;
  /** Whether the admin's interval between two non-contest submissions applies (practice and trainings). */
  submitInterval: boolean;
}

/**
 * The one writer of new submissions (issue 33, "one submit path"): every context's submission is checked for its
 * language and the submit interval, stored as Pending and enqueued here, and a failed enqueue marks it Submitted
 * Failed here. Its own module (SubmissionStoreModule) so that the contest and exam modules, which the submission
 * module imports, can call it without a cycle.
 */
@Injectable()
export class SubmissionWriter {
  private readonly logger = new Logger(SubmissionWriter.name);

  constructor(
    @InjectRepository(Submission) private readonly judges: Repository<Submission>,
    private readonly problems: ProblemService,
    private readonly queue: JudgeQueueService,
    private readonly remoteQueue: RemoteJudgeQueueService,
    private readonly siteConfig: SiteConfigService,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /** The problem's allowed languages (product §1: only those a judge runs). */
  async assertLanguageAllowed(problem: Problem, language: string): Promise<void> {
    const allowed = await this.problems.languagesFor(problem.id, problem);
    if (!allowed.some((l) => l.name === language)) throw new BadRequestError(JUDGING_ERR.languageNotAllowed);
  }

  /**
   * Stores the submission as Pending, then adds its job, and answers the stored row (its status Submitted Failed
   * when the add failed). If the process dies or Redis fails between the two, the sweeper enqueues it later.
   * The language is checked before the interval is taken: a refused language does not cost the caller a slot.
   */
  async create(ctx: SubmitContext): Promise<Submission> {
    await this.assertLanguageAllowed(ctx.problem, ctx.language);
    if (ctx.submitInterval) await this.takeSubmitSlot(ctx.user);
    const saved = await this.judges.save(
      this.judges.create({
        pid: ctx.problem.id,
        displayPid: ctx.displayPid,
        uid: ctx.user.uid,
        username: ctx.user.username,
        // a remote problem's submission shows Submitting until the remote site has taken it (issue 34)
        status: ctx.problem.isRemote ? JudgeStatus.Submitting : JudgeStatus.Pending,
        share: false,
        length: Buffer.byteLength(ctx.code, 'utf8'),
        code: ctx.code,
        language: ctx.language,
        cid: ctx.cid ?? 0,
        cpid: ctx.cpid ?? 0,
        eid: ctx.eid ?? 0,
        gid: ctx.gid ?? null,
        tid: ctx.tid ?? null,
        vid: ctx.vid ?? null,
        ip: ctx.ip,
        version: 0,
        counted: false,
      }),
      // One INSERT ... RETURNING needs no transaction around it (two round trips less per submission).
      { transaction: false },
    );
    await this.enqueueOrMarkFailed(saved, ctx.problem, ctx.priority);
    return saved;
  }

  /**
   * Adds the judge job of a Pending submission, or the remote job of a remote problem's (Submitting) one; a failed
   * add marks it Submitted Failed (only while it still waits: a sweeper that enqueued it meanwhile wins). Without a
   * priority, the queue's default for the row applies.
   */
  async enqueueOrMarkFailed(sub: Submission, problem: Problem, priority?: number): Promise<void> {
    try {
      if (problem.isRemote) await this.remoteQueue.enqueue(sub, problem.remoteOj);
      else await this.queue.enqueueJudge(sub, problem, priority);
    } catch (e) {
      this.logger.error(`enqueue of submission ${sub.submitId} failed: ${(e as Error).message}`);
      await this.judges.update(
        { submitId: sub.submitId, status: problem.isRemote ? JudgeStatus.Submitting : JudgeStatus.Pending },
        { status: JudgeStatus.SubmittedFailed },
      );
      sub.status = JudgeStatus.SubmittedFailed;
    }
  }

  /**
   * A remote submission the remote site took (issue 34): its account and run id are stored before any polling, so a
   * backend that restarts polls that run instead of submitting again. Only the unfinished row of that version.
   */
  async markRemoteSubmitted(submitId: number, version: number, accountId: number, runId: string): Promise<boolean> {
    const res = await this.judges.update(
      { submitId, version, counted: false },
      { remoteAccountId: accountId, remoteRunId: runId, status: JudgeStatus.Pending },
    );
    return (res.affected ?? 0) > 0;
  }

  /** Where a remote run stands (Pending, Judging), on the unfinished row of that version. */
  async markRemoteStatus(submitId: number, version: number, status: JudgeStatus): Promise<void> {
    await this.judges.update({ submitId, version, counted: false }, { status });
  }

  /**
   * A remote submission that could not be forwarded: Submitted Failed with the reason ("[CF] submit: Cloudflare
   * challenge (HTTP 403)"), which its owner may resubmit. Not counted anywhere, as HOJ does.
   */
  async markSubmittedFailed(submitId: number, version: number, message: string): Promise<boolean> {
    const res = await this.judges.update(
      { submitId, version, counted: false },
      { status: JudgeStatus.SubmittedFailed, errorMessage: message.slice(0, 65_000) },
    );
    return (res.affected ?? 0) > 0;
  }

  /** Admin-configured interval between two non-contest submissions of one user (admins are exempt). */
  private async takeSubmitSlot(user: AuthUser): Promise<void> {
    if (user.isAdmin) return;
    const seconds = (await this.siteConfig.get('switch')).defaultSubmitInterval;
    if (!seconds || seconds <= 0) return;
    const ok = await this.redis.set(submitLockKey(user.uid), '1', 'EX', seconds, 'NX');
    if (ok !== 'OK') {
      const ttl = Math.max(1, await this.redis.ttl(submitLockKey(user.uid)));
      throw new TooManyRequestsError(JUDGING_ERR.submitTooFrequent(ttl));
    }
  }
}
