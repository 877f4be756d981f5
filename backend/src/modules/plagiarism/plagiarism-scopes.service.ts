import { Injectable } from '@nestjs/common';
import { PERMISSION, PlagiarismScope } from '@oj/contracts';
import { AuthUser } from '../../core/auth/auth-user';
import { PermissionService } from '../../core/auth/permission.service';
import { ForbiddenError } from '../../core/http/api.exception';
import { AdminContestService } from '../contest/admin-contest.service';
import { ContestAccessService } from '../contest/contest-access.service';
import { ExamAccessService } from '../exam/exam-access.service';
import { ProblemService } from '../problem/problem.service';
import { ComparedCode, SubmissionReader } from '../submission-store/submission-reader.service';

/**
 * What a check's scope is to the rest of the platform: who may check it (the one place this module decides it), its
 * programs, and for a contest its unofficial list. A contest or an exam is checked by those who manage it (its author,
 * root; a group's exam also by the group's admins) while their role holds `contest:admin`; a problem's practice
 * submissions by those whose role holds `problem:admin` and whom the site's admin routes let reach the problem.
 */
@Injectable()
export class PlagiarismScopes {
  constructor(
    private readonly permissions: PermissionService,
    private readonly contests: ContestAccessService,
    private readonly contestAdmin: AdminContestService,
    private readonly exams: ExamAccessService,
    private readonly problems: ProblemService,
    private readonly submissions: SubmissionReader,
  ) {}

  async assertManages(scope: PlagiarismScope, id: number, user: AuthUser): Promise<void> {
    const permission = scope === PlagiarismScope.Problem ? PERMISSION.problemAdmin : PERMISSION.contestAdmin;
    if (!(await this.permissions.holds(user.roleId, permission))) throw new ForbiddenError();
    if (scope === PlagiarismScope.Contest) this.contests.assertCanManage(await this.contests.access(id, user));
    else if (scope === PlagiarismScope.Exam) this.exams.assertCanManage(await this.exams.access(id, user));
    else await this.problems.findForSiteRoute(id, user);
  }

  codes(scope: PlagiarismScope, id: number, onlyAccepted: boolean, limit: number): Promise<ComparedCode[]> {
    const where = scope === PlagiarismScope.Contest ? { cid: id } : scope === PlagiarismScope.Exam ? { eid: id } : { pid: id };
    return this.submissions.latestCodes(where, onlyAccepted, limit);
  }

  code(submitId: number): Promise<string> {
    return this.submissions.find(submitId).then((s) => s?.code ?? '');
  }

  /** A contest's unofficial (打星) usernames. */
  async unofficial(cid: number): Promise<string[]> {
    return (await this.contests.contest(cid))?.starAccount ?? [];
  }

  addUnofficial(cid: number, usernames: string[]): Promise<string[]> {
    return this.contestAdmin.addUnofficial(cid, usernames);
  }
}
