import { Injectable } from '@nestjs/common';
import { EXAM_ERR, JUDGE_PRIORITY } from '@oj/contracts';
import { AuthUser } from '../../core/auth/auth-user';
import { NotFoundError } from '../../core/http/api.exception';
import { ProblemService } from '../problem/problem.service';
import { PublicSubmission, toPublicSubmission } from '../submission-store/public-submission';
import { SubmissionWriter } from '../submission-store/submission-writer.service';
import { ExamAccessService } from './exam-access.service';
import { ExamItemsService } from './exam-items.service';

/**
 * Programming answers: `submit-problem-judge` with an `eid` (pid = the exam display id) comes here. This service
 * resolves the exam's part (the exam's submit rules, §6, shared with contests; which exam problem), the submission
 * module's writer stores the row under `judge.eid` and enqueues it with the contest priority; the points reach the
 * paper through PaperScoringService when the verdict is written.
 */
@Injectable()
export class ExamSubmitService {
  constructor(
    private readonly access: ExamAccessService,
    private readonly items: ExamItemsService,
    private readonly problems: ProblemService,
    private readonly writer: SubmissionWriter,
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
    const saved = await this.writer.create({
      user,
      ip,
      problem,
      displayPid: ep.displayId,
      language: input.language,
      code: input.code,
      eid: input.eid,
      priority: JUDGE_PRIORITY.contest,
      // Exams have their own rules, as contests; the admin's interval is between practice submissions.
      submitInterval: false,
    });
    return toPublicSubmission(saved);
  }
}
