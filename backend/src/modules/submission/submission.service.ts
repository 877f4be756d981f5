import { isEventAdmin } from '../timed-event/timed-rules';
import { ExamAccessService } from '../exam/exam-access.service';
import { ContestAccessService } from '../contest/contest-access.service';
import { ContestSubmissionService } from '../contest/submissions/contest-submission.service';
import { Inject, Injectable } from '@nestjs/common';
import {
  contestSealTime,
  ERR,
  isRankSealedAt,
  JUDGE_PRIORITY,
  JUDGING_ERR,
  JudgeCaseMode,
  judgeCaseModeOf,
  JudgeStatus,
  PERMISSION,
  Page,
  QueueEstimate,
  TEST_JUDGE_TTL_SEC,
  TestJudgeResult,
} from '@oj/contracts';
import { randomUUID } from 'crypto';
import Redis from 'ioredis';
import { PermissionService } from '../../core/auth/permission.service';
import { switchRefusal } from '../../core/auth/access-policy';
import { AuthUser } from '../../core/auth/auth-user';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../core/http/api.exception';
import { pageRequest, toPage } from '../../core/pagination/pagination';
import { REDIS } from '../../core/redis/redis.module';
import { SiteConfigService } from '../../core/site-config/site-config.service';
import { JudgeQueueService } from '../judge-queue/judge-queue.service';
import { JudgeQueueWaitService } from '../judge-queue/judge-queue-wait.service';
import type { Problem } from '../problem/entities/problem.entity';
import { ProblemLookupService } from '../problem/problem-lookup.service';
import { ProblemService } from '../problem/problem.service';
import { SubmissionListQueryDto, SubmitJudgeDto, TestJudgeDto } from './dto/submission.dto';
import { PublicSubmission, toPublicSubmission } from '../submission-store/public-submission';
import type { Submission } from '../submission-store/entities/submission.entity';
import { SubmissionReader } from '../submission-store/submission-reader.service';
import { SubmissionWriter } from '../submission-store/submission-writer.service';

/** Redis key of a test judge ("run on custom input"); the value expires after TEST_JUDGE_TTL_SEC. */
export const testJudgeRedisKey = (key: string) => `test-judge:${key}`;

/** Submissions: submit, lists, details, sharing, case results, resubmit, test judge. */
@Injectable()
export class SubmissionService {
  constructor(
    private readonly store: SubmissionReader,
    private readonly problems: ProblemService,
    private readonly lookup: ProblemLookupService,
    private readonly writer: SubmissionWriter,
    private readonly queue: JudgeQueueService,
    private readonly queueWait: JudgeQueueWaitService,
    private readonly siteConfig: SiteConfigService,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly contestAccess: ContestAccessService,
    private readonly contestSubmissions: ContestSubmissionService,
    private readonly examAccess: ExamAccessService,
    private readonly permissions: PermissionService,
  ) {}

  /**
   * Roles without the stored `submit` permission (1003, 1006, 1007 by default) are refused: the one check of it, for
   * practice, training, contest and exam submissions and test judges.
   */
  async assertCanSubmit(user: AuthUser): Promise<void> {
    if (!(await this.permissions.holds(user.roleId, PERMISSION.submit))) throw new ForbiddenError(JUDGING_ERR.submitForbidden);
  }

  /**
   * POST /api/submit-problem-judge outside contests and exams: a practice or group problem, or (`inTraining`) a
   * problem the training module found inside a training. The writer stores and enqueues it.
   */
  async submit(
    dto: SubmitJudgeDto,
    user: AuthUser,
    ip: string | null,
    inTraining?: { tid: number; problem: Problem },
  ): Promise<PublicSubmission> {
    // The role's submit permission was checked by the controller (assertCanSubmit, for every context).
    if (dto.cid) throw new BadRequestError(ERR.badRequest); // contest submissions go through the contest module
    // Inside a training the training module has checked its access and found the problem (private ones too).
    const problem = inTraining?.problem ?? (await this.problems.findVisible({ problemId: dto.pid }, user));
    // A group's problem is judged only while the group judge is open (product §6; root passes).
    if (problem.isGroup) {
      const refusal = await switchRefusal(['openGroupJudge'], user, (s) => this.siteConfig.isSwitchOn(s));
      if (refusal) throw refusal;
    }
    const saved = await this.writer.create({
      user,
      ip,
      problem,
      displayPid: problem.problemId,
      language: dto.language,
      code: dto.code,
      // The owning group of a group problem (the group's rank reads it), never what the client claims.
      gid: problem.isGroup ? problem.gid : null,
      tid: inTraining?.tid ?? null,
      priority: JUDGE_PRIORITY.normal,
      submitInterval: true,
    });
    return toPublicSubmission(saved);
  }

  /** GET /api/resubmit: only a Submitted Failed submission, by its author or an admin. */
  async resubmit(submitId: number, user: AuthUser): Promise<PublicSubmission> {
    const sub = await this.store.find(submitId);
    if (!sub) throw new NotFoundError(ERR.notFound);
    if (sub.uid !== user.uid && !user.isAdmin) throw new ForbiddenError(ERR.noPermission);
    if (sub.status !== JudgeStatus.SubmittedFailed) throw new BadRequestError(JUDGING_ERR.resubmitOnlyFailed);
    const problem = await this.problems.findById(sub.pid);
    await this.store.markPending(submitId, problem.isRemote);
    sub.status = problem.isRemote ? JudgeStatus.Submitting : JudgeStatus.Pending;
    await this.writer.enqueueOrMarkFailed(sub, problem);
    return toPublicSubmission(sub);
  }

  /** GET /api/get-submission-list: non-contest submissions of problems the caller may see. */
  async list(q: SubmissionListQueryDto, user?: AuthUser): Promise<Page<Partial<Submission>>> {
    const req = pageRequest(q);
    if (q.onlyMine && !user) return toPage([], 0, req);
    const page = await this.store.practicePage(
      {
        publicProblemsOnly: !user?.isAdmin,
        uid: q.onlyMine ? user!.uid : undefined,
        username: q.onlyMine ? undefined : q.username || undefined,
        displayPid: q.problemID || undefined,
        status: q.status,
      },
      req,
    );
    return { ...page, records: await this.withQueueEstimates(await this.withTitles(page.records)) };
  }

  /** Every row gets queuePosition / queueWaitSeconds (null unless waiting): one Redis call for the whole page. */
  private async withQueueEstimates<T extends Submission>(rows: T[]): Promise<(T & QueueEstimate)[]> {
    const estimates = await this.queueWait.estimates(rows);
    return rows.map((r) => Object.assign(r, estimates.get(r.submitId)!));
  }

  /** HOJ's JudgeVO names the problem: each row gets its problem's `title`. */
  private async withTitles(rows: Submission[]): Promise<(Submission & { title: string | null })[]> {
    const titles = await this.lookup.titlesOf(rows.map((r) => r.pid));
    return rows.map((r) => Object.assign(r, { title: titles.get(r.pid) ?? null }));
  }

  /**
   * GET /api/get-last-ac-code (HOJ LastAcceptedCodeVO): the caller's latest accepted code of a problem, outside
   * contests or in contest `cid`; `code: ''` when there is none.
   */
  async lastAcceptedCode(uid: string, pid: number, cid = 0): Promise<{ submitId: number | null; code: string; language: string | null }> {
    const row = await this.store.lastAccepted(uid, pid, cid);
    return row ? { submitId: row.submitId, code: row.code, language: row.language } : { submitId: null, code: '', language: null };
  }

  /** Code and messages are for the author, admins, or everyone when shared on a shareable problem (product §3). */
  canReadCode(sub: Submission, problem: Problem, user?: AuthUser): boolean {
    return !!user && (user.uid === sub.uid || user.isAdmin || (sub.share && problem.codeShare));
  }

  async findVisible(submitId: number, user?: AuthUser): Promise<{ sub: Submission; problem: Problem }> {
    const sub = await this.store.find(submitId);
    if (!sub) throw new NotFoundError(ERR.notFound);
    const problem = await this.problems.findById(sub.pid);
    if (sub.uid !== user?.uid && !(await this.problems.mayView(problem, user))) throw new NotFoundError(ERR.notFound);
    if (sub.cid && sub.uid !== user?.uid) await this.assertContestAllows(sub, user);
    if (sub.eid && sub.uid !== user?.uid && !(await this.isExamAdmin(sub.eid, user))) throw new ForbiddenError(ERR.noPermission);
    return { sub, problem };
  }

  /** Others' exam submissions are seen by the exam's admins only (author, root), during the exam and after it. */
  private async isExamAdmin(eid: number, user?: AuthUser): Promise<boolean> {
    const exam = await this.examAccess.exam(eid);
    // A deleted exam's submissions remain: root still sees them.
    return exam ? isEventAdmin(exam, user) : !!user?.isRoot;
  }

  /**
   * Others' contest submissions (verdict, code, cases, live events) follow the contest's rules (product §6): its
   * admins (author, root) see them; others only once it has ended, and not those made after the seal while the
   * board stays sealed.
   */
  private async assertContestAllows(sub: Submission, user?: AuthUser): Promise<void> {
    const contest = await this.contestAccess.contest(sub.cid);
    if (contest && (await this.contestAccess.isContestAdmin(contest, user))) return;
    if (contest && !(await this.contestAccess.isInsideGroup(contest, user))) throw new ForbiddenError(ERR.noPermission);
    if (!contest || new Date(contest.endTime).getTime() > Date.now()) throw new ForbiddenError(ERR.noPermission);
    const seal = contestSealTime(contest);
    if (seal && isRankSealedAt(contest) && new Date(sub.submitTime).getTime() >= seal.getTime()) throw new ForbiddenError(ERR.noPermission);
  }

  /** GET /api/get-submission-detail. */
  async detail(submitId: number, user?: AuthUser, scope: { cid?: number; eid?: number } = {}) {
    const { sub, problem } = await this.findVisible(submitId, user);
    // Asked inside a contest or an exam (a held participant's only way in): nothing from outside it.
    if ((scope.cid && sub.cid !== scope.cid) || (scope.eid && sub.eid !== scope.eid)) throw new NotFoundError(ERR.notFound);
    const readable = this.canReadCode(sub, problem, user);
    const { counted: _c, version: _v, ip: _ip, subtaskResults: _s, remoteAccountId: _a, ...rest } = sub;
    const estimate = (await this.queueWait.estimates([sub])).get(sub.submitId)!;
    return {
      submission: {
        ...rest,
        code: readable ? sub.code : null,
        errorMessage: readable ? sub.errorMessage : null,
        // HOJ's name for a remote submission's run id on the remote site (a number there; a site's id as it is here)
        vjudgeSubmitId: sub.remoteRunId === null ? null : /^\d{1,15}$/.test(sub.remoteRunId) ? Number(sub.remoteRunId) : sub.remoteRunId,
        ...estimate,
      },
      codeShare: problem.codeShare,
    };
  }

  /** PUT /api/submission: the author shares or unshares the code. */
  async setShare(submitId: number, share: boolean, user: AuthUser): Promise<void> {
    const sub = await this.store.find(submitId);
    if (!sub) throw new NotFoundError(ERR.notFound);
    if (sub.uid !== user.uid) throw new ForbiddenError(ERR.noPermission);
    await this.store.setShare(submitId, share);
  }

  /** GET /api/get-all-case-result: per-case rows when the problem publishes them (admins always see them). */
  async caseResults(submitId: number, user?: AuthUser, scope: { cid?: number; eid?: number } = {}) {
    const { sub, problem } = await this.findVisible(submitId, user);
    if ((scope.cid && sub.cid !== scope.cid) || (scope.eid && sub.eid !== scope.eid)) throw new NotFoundError(ERR.notFound);
    const open = !!user?.isAdmin || (problem.openCaseResult && this.canReadCode(sub, problem, user));
    // HOJ's mode of the groups the submission was judged with (none: `default`, case by case).
    const subtaskList = sub.subtaskResults ?? [];
    const judgeCaseMode = subtaskList.length ? judgeCaseModeOf(subtaskList) : JudgeCaseMode.Default;
    if (!open) return { judgeCaseList: [], openCaseResult: false, judgeCaseMode };
    const cases = await this.store.cases(submitId);
    return {
      openCaseResult: true,
      judgeCaseMode,
      ...(subtaskList.length ? { subtaskList } : {}),
      judgeCaseList: cases.map((c) => ({
        caseId: c.caseId,
        status: c.status,
        time: c.time,
        memory: c.memory,
        score: c.score,
        groupNum: c.groupNum,
        // Admins read what the checker found besides where (the expected token is theirs to see).
        message: user?.isAdmin && c.detail ? `${c.message}: ${c.detail}` : c.message,
        inputData: c.inputData,
        outputData: c.outputData,
        userOutput: user?.isAdmin ? c.userOutput : undefined,
      })),
    };
  }

  /** POST /api/check-submissions-status: submitId → current status row. */
  async checkStatus(submitIds: number[], user?: AuthUser) {
    if (submitIds.length === 0) return {};
    const rows = await this.store.statusRows(submitIds);
    const practice = rows.filter((r) => !r.cid && !r.eid);
    const visible = user?.isAdmin ? practice : await this.filterVisible(practice, user);
    // Exam submissions: the caller's own, or any for the exam's admins.
    for (const r of rows) if (r.eid && user && (r.uid === user.uid || (await this.isExamAdmin(r.eid, user)))) visible.push(r);
    const out: Record<number, { submitId: number; status: number; time: number | null; memory: number | null; score: number | null }> =
      Object.fromEntries(
        visible.map((r) => [r.submitId, { submitId: r.submitId, status: r.status, time: r.time, memory: r.memory, score: r.score }]),
      );
    // Contest submissions: exactly what check-contest-submissions-status shows this caller (the contest's
    // visibility, and the seal: others' results after it read as Submitted Unknown Result); nothing when the
    // caller may not see the contest at all.
    const byContest = new Map<number, number[]>();
    for (const r of rows) if (r.cid) byContest.set(r.cid, [...(byContest.get(r.cid) ?? []), r.submitId]);
    for (const [cid, ids] of byContest) {
      const access = await this.contestAccess.access(cid, user).catch(() => undefined);
      if (!access || !access.user) continue;
      try {
        this.contestAccess.assertCanView(access);
      } catch {
        continue;
      }
      for (const r of Object.values(await this.contestSubmissions.statuses(access, ids)))
        out[r.submitId] = { submitId: r.submitId, status: r.status, time: r.time, memory: r.memory, score: r.score };
    }
    return out;
  }

  private async filterVisible<T extends Pick<Submission, 'pid' | 'uid'>>(rows: T[], user?: AuthUser): Promise<T[]> {
    const out: T[] = [];
    const cache = new Map<number, boolean>();
    for (const r of rows) {
      if (!cache.has(r.pid)) cache.set(r.pid, await this.problems.mayView(await this.problems.findById(r.pid), user));
      if (cache.get(r.pid) || r.uid === user?.uid) out.push(r);
    }
    return out;
  }

  /** POST /api/submit-problem-test-judge: runs the code once on custom input through the queue. */
  async testJudge(dto: TestJudgeDto, user: AuthUser): Promise<string> {
    await this.assertCanSubmit(user);
    const problem = await this.problems.findVisible({ problemId: dto.pid }, user);
    await this.writer.assertLanguageAllowed(problem, dto.language);
    const key = randomUUID().replace(/-/g, '');
    await this.redis.set(testJudgeRedisKey(key), JSON.stringify({ uid: user.uid, status: JudgeStatus.Pending }), 'EX', TEST_JUDGE_TTL_SEC);
    await this.queue.addTestJudge(key, {
      language: dto.language,
      code: dto.code,
      input: dto.userInput,
      expectedOutput: dto.expectedOutput ?? undefined,
      timeLimitMs: problem.timeLimit,
      memoryLimitMb: problem.memoryLimit,
      stackLimitMb: problem.stackLimit,
    });
    return key;
  }

  /** GET /api/get-test-judge-result: Pending until the worker answers; only for the caller who ran it. */
  async testJudgeResult(key: string, user: AuthUser): Promise<{ status: number; result?: TestJudgeResult }> {
    const stored = await this.redis.get(testJudgeRedisKey(key));
    if (!stored) throw new NotFoundError(JUDGING_ERR.testJudgeNotFound);
    const record = JSON.parse(stored) as { uid: string; status: number; result?: TestJudgeResult };
    if (record.uid !== user.uid) throw new NotFoundError(JUDGING_ERR.testJudgeNotFound);
    return { status: record.status, result: record.result };
  }
}
