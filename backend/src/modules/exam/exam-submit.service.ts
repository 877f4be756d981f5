import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EXAM_ERR, JUDGE_PRIORITY, JUDGING_ERR, JudgeStatus } from '@oj/contracts';
import { Repository } from 'typeorm';
import { AuthUser } from '../../core/auth/auth-user';
import { BadRequestError, NotFoundError } from '../../core/http/api.exception';
import { JudgeQueueService } from '../judge/judge-queue.service';
import { ProblemService } from '../problem/problem.service';
import { Judge } from '../submission/entities/judge.entity';
import { PublicSubmission, toPublicSubmission } from '../submission/public-submission';
import { ExamAccessService } from './exam-access.service';
import { ExamItemsService } from './exam-items.service';

/**
 * Programming answers: `submit-problem-judge` with an `eid` (pid = the exam display id) comes here. The exam's
 * submit rules (§6, shared with contests), stored under `judge.eid`, judged by the same pipeline with the contest
 * priority; their points reach the paper through PaperScoringService.
 */
@Injectable()
export class ExamSubmitService {
  private readonly logger = new Logger(ExamSubmitService.name);

  constructor(
    @InjectRepository(Judge) private readonly judges: Repository<Judge>,
    private readonly access: ExamAccessService,
    private readonly items: ExamItemsService,
    private readonly problems: ProblemService,
    private readonly queue: JudgeQueueService,
  ) {}

  async submit(
    input: { eid: number; pid: string; language: string; code: string },
    user: AuthUser,
    ip: string | null,
  ): Promise<PublicSubmission> {
    // The role's submit permission (Admin → Auth): checked once for every context (SubmissionController → assertCanSubmit).
    const a = await this.access.access(input.eid, user);
    this.access.assertCanSubmit(a);
    const ep = (await this.items.items(input.eid)).byDisplayId.get(input.pid);
    if (!ep) throw new NotFoundError(EXAM_ERR.problemNotInExam);
    const problem = await this.problems.findById(ep.pid);
    const allowed = await this.problems.languagesFor(problem.id);
    if (!allowed.some((l) => l.name === input.language)) throw new BadRequestError(JUDGING_ERR.languageNotAllowed);
    const saved = await this.judges.save(
      this.judges.create({
        pid: problem.id,
        displayPid: ep.displayId,
        uid: user.uid,
        username: user.username,
        status: JudgeStatus.Pending,
        share: false,
        length: Buffer.byteLength(input.code, 'utf8'),
        code: input.code,
        language: input.language,
        cid: 0,
        eid: input.eid,
        cpid: 0,
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
      this.logger.error(`enqueue of exam submission ${saved.submitId} failed: ${(e as Error).message}`);
      await this.judges.update({ submitId: saved.submitId, status: JudgeStatus.Pending }, { status: JudgeStatus.SubmittedFailed });
      saved.status = JudgeStatus.SubmittedFailed;
    }
    return toPublicSubmission(saved);
  }
}
