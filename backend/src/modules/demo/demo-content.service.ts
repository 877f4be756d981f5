import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ContestAuth, ContestType, JUDGING_ERR, Role, TrainingAuth } from '@oj/contracts';
import { setTimeout as sleep } from 'timers/promises';
import { DataSource } from 'typeorm';
import { SessionService } from '../../core/auth/session.service';
import { APP_CONFIG, AppConfig } from '../../core/config/app-config';
import { SiteConfigEntry } from '../../core/site-config/site-config.entity';
import { AdminContestService } from '../contest/admin-contest.service';
import { JudgeServerRegistry } from '../judge-queue/judge-server-registry.service';
import { ProblemFormService } from '../problem/problem-form.service';
import { ProblemService } from '../problem/problem.service';
import type { Problem } from '../problem/entities/problem.entity';
import { ProblemLookupService } from '../problem/problem-lookup.service';
import { AnnouncementService } from '../site/announcement.service';
import { AdminTrainingCategoryService } from '../training/admin/admin-training-category.service';
import { AdminTrainingProblemService } from '../training/admin/admin-training-problem.service';
import { AdminTrainingService } from '../training/admin/admin-training.service';
import { User } from '../../core/auth/entities/user.entity';
import { ROOT_USERNAME } from '../user/root-account.service';
import { UserService } from '../user/user.service';
import {
  A_PLUS_B,
  CIRCLE_AREA,
  DEMO_ANNOUNCEMENT,
  DEMO_CHECKER_LANGUAGE,
  DEMO_CONTEST,
  DEMO_TRAINING,
  GUESS_NUMBER,
} from './demo-problems';

/** The site_config row that says the demo content was made (so it is never made again, even once deleted). */
export const DEMO_MARKER_KEY = 'demo-content';
/** Any constant: replicas starting together seed one at a time (the others then find the marker). */
const DEMO_LOCK_KEY = 734_120_020;
/** How often a first start that waits for a judge worker looks for one (workers announce themselves every 10 s). */
const WORKER_POLL_MS = 1000;
/**
 * Attempts when the checker compiles ran out of time (a busy judge): four compile waits of 75 s and their pauses stay
 * within the 6 minutes `npm start` waits for the demo before its summary (scripts/start.js, DEMO_WAIT_MS).
 */
const DEMO_ATTEMPTS_WHEN_BUSY = 4;
const BUSY_RETRY_PAUSE_MS = 5000;

export interface DemoContent {
  createdAt: string;
  problems: { pid: number; problemId: string; title: string }[];
  cid: number;
  tid: number;
  announcementId: number;
}

export type SeedOutcome = { created: DemoContent } | { skipped: 'done before' | 'site not empty' | 'another replica is seeding' };

/**
 * First run: fills an empty site with demo content, through the services the admin screens use (so every rule,
 * test data store, checker compile check and cache is the same as for content made by hand): three problems, a
 * running ACM contest with them, a training, an announcement. Runs once per installation (the marker row), never
 * into a site that already has problems, contests, trainings, announcements or users besides root.
 */
@Injectable()
export class DemoContentService implements OnApplicationShutdown {
  private readonly logger = new Logger('Demo');
  /** Set at shutdown: a seeding that waits for a judge worker stops waiting. */
  private closing = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UserService,
    private readonly sessions: SessionService,
    private readonly problemService: ProblemService,
    private readonly problemLookup: ProblemLookupService,
    private readonly problemForm: ProblemFormService,
    private readonly contests: AdminContestService,
    private readonly trainings: AdminTrainingService,
    private readonly trainingProblems: AdminTrainingProblemService,
    private readonly trainingCategories: AdminTrainingCategoryService,
    private readonly announcements: AnnouncementService,
    private readonly registry: JudgeServerRegistry,
  ) {}

  onApplicationShutdown(): void {
    this.closing = true;
  }

  /** The marker, when the demo content was made. */
  async marker(): Promise<DemoContent | null> {
    const row = await this.dataSource.getRepository(SiteConfigEntry).findOneBy({ key: DEMO_MARKER_KEY });
    return (row?.value as DemoContent | undefined) ?? null;
  }

  /** True when nothing was made on this site yet (root aside). */
  async siteIsEmpty(): Promise<boolean> {
    const made = await Promise.all([
      this.problemLookup.hasAny(),
      this.contests.hasAny(),
      this.trainings.hasAny(),
      this.announcements.hasAny(),
    ]);
    if (made.some(Boolean)) return false;
    const people = await this.dataSource.getRepository(User).count();
    return people <= 1;
  }

  /**
   * Creates the demo content when the site is empty and it was never made. The special judge and the interactor
   * are compile-checked by a judge worker first (as the admin editor does), both at once: with no worker answering,
   * nothing is made and the next start tries again; with one, they land in its checker cache, so the problems'
   * own compile checks and their first judgements find them compiled.
   */
  async seedIfEmpty(): Promise<SeedOutcome> {
    const lock = this.dataSource.createQueryRunner();
    await lock.connect();
    try {
      const [{ locked }] = (await lock.query('SELECT pg_try_advisory_lock($1) AS locked', [DEMO_LOCK_KEY])) as { locked: boolean }[];
      if (!locked) return { skipped: 'another replica is seeding' };
      try {
        if (await this.marker()) return { skipped: 'done before' };
        if (!(await this.siteIsEmpty())) return { skipped: 'site not empty' };
        return { created: await this.create() };
      } finally {
        await lock.query('SELECT pg_advisory_unlock($1)', [DEMO_LOCK_KEY]);
      }
    } finally {
      await lock.release();
    }
  }

  private async create(): Promise<DemoContent> {
    const rootRow = (await this.users.findByUsername(ROOT_USERNAME)) ?? null;
    const root = rootRow ? await this.sessions.load(rootRow.uid) : null;
    if (!root || root.roleId !== Role.Root) throw new Error('the root account does not exist yet');
    // Saving a checker problem needs a judge worker to compile the checker: the compile checks first, so that if one
    // fails (no worker, a busy one that runs out of time) nothing has been made yet and the retry finds an empty site.
    await Promise.all(
      [CIRCLE_AREA, GUESS_NUMBER].map(({ problem: p }) =>
        this.problemService.assertCheckerCompiles(p.judgeMode!, p.spjLanguage!, p.spjCode!),
      ),
    );
    // What is made so far, newest first, undone when a later step fails: a half-made demo makes the site look
    // non-empty, and the retry (or the next start) would then refuse to make the rest.
    const made: (() => Promise<unknown>)[] = [];
    try {
      const problems: Problem[] = [];
      for (const form of [A_PLUS_B, CIRCLE_AREA, GUESS_NUMBER]) {
        const p = await this.problemForm.create(form, root);
        made.unshift(() => this.problemService.remove(p.id));
        problems.push(p);
      }

      const now = Date.now();
      const contest = await this.contests.create(root, {
        title: DEMO_CONTEST.title,
        description: DEMO_CONTEST.description,
        type: ContestType.ACM,
        auth: ContestAuth.Public,
        // Started a minute ago: running as soon as the site is up.
        startTime: new Date(now - 60_000).toISOString(),
        endTime: new Date(now - 60_000 + DEMO_CONTEST.days * 86_400_000).toISOString(),
        visible: true,
      });
      made.unshift(() => this.contests.remove(contest));
      for (const [i, p] of problems.entries()) {
        await this.contests.addProblem({ cid: contest.id, pid: p.id, displayId: String.fromCharCode(65 + i), displayTitle: p.title });
      }

      const category = await this.trainingCategories.add(DEMO_TRAINING.category);
      made.unshift(() => this.trainingCategories.remove(category.id));
      const training = await this.trainings.add(
        {
          training: {
            title: DEMO_TRAINING.title,
            description: DEMO_TRAINING.description,
            auth: TrainingAuth.Public,
            status: true,
            rank: 0,
          },
          trainingCategory: { id: category.id },
        },
        root,
      );
      made.unshift(() => this.trainings.remove(training.id, root));
      for (const p of problems) {
        // A training's display id is the bank problem id, as HOJ's admin page adds them: HOJ's client opens a
        // training's problem by it (get-problem-detail?problemId=).
        await this.trainingProblems.add({ tid: training.id, pid: p.id, displayId: p.problemId }, root);
      }

      const announcement = await this.announcements.create(
        { title: DEMO_ANNOUNCEMENT.title, content: DEMO_ANNOUNCEMENT.content },
        root.uid,
      );
      made.unshift(() => this.announcements.remove(announcement.id));

      const content: DemoContent = {
        createdAt: new Date(now).toISOString(),
        problems: problems.map((p) => ({ pid: p.id, problemId: p.problemId, title: p.title })),
        cid: contest.id,
        tid: training.id,
        announcementId: announcement.id,
      };
      await this.dataSource.getRepository(SiteConfigEntry).insert({ key: DEMO_MARKER_KEY, value: content });
      return content;
    } catch (e) {
      for (const undo of made) {
        await undo().catch((u: Error) => this.logger.warn(`Demo content: could not undo a step (${u.message})`));
      }
      throw e;
    }
  }

  /** True while a live judge worker offers the language the demo's checker and interactor are written in. */
  private async workerReady(): Promise<boolean> {
    const servers = await this.registry.servers().catch(() => []);
    return servers.some((s) => (s.languages ?? []).some((l) => l.name === DEMO_CHECKER_LANGUAGE));
  }

  /**
   * For main.ts, once the server listens (workers learn their queue from it): says where the demo content stands, and
   * on an empty site waits for a judge worker, seeds, and tries again if that fails (once; up to four attempts when a
   * checker compile ran out of time on a busy machine). Its "Demo content ..." lines are what `npm start`'s summary reports.
   */
  seedInBackground(): void {
    if (this.config.demo) void this.seedWhenJudged();
  }

  private async seedWhenJudged(): Promise<void> {
    try {
      const made = await this.marker();
      if (made) return this.reportExisting(made);
      if (!(await this.siteIsEmpty())) {
        this.logger.log('Demo content not made: the site already has content of its own');
        return;
      }
      if (!(await this.workerReady())) {
        this.logger.log(
          `Demo content waits for a judge worker with ${DEMO_CHECKER_LANGUAGE} (its special judge and interactor compile on one)`,
        );
        while (!this.closing && !(await this.workerReady())) await sleep(WORKER_POLL_MS);
      }
    } catch (e) {
      this.logger.warn(`Demo content not created (${(e as Error).message}); the next start tries again if the site is still empty`);
      return;
    }
    for (let attempt = 1; !this.closing; attempt++) {
      try {
        await this.report(await this.seedIfEmpty());
        return;
      } catch (e) {
        const why = (e as Error).message;
        // A compile that ran out of time is a busy judge (on one box, the judge runs at a low CPU weight behind
        // everything else), not bad code; its compile goes on and lands in the worker's checker cache, so a later
        // attempt is quick. Such a failure gets more attempts, within the time `npm start` waits for the demo.
        const busy = why === JUDGING_ERR.spjCompileTimeout || why === JUDGING_ERR.interactiveCompileTimeout;
        if (attempt >= (busy ? DEMO_ATTEMPTS_WHEN_BUSY : 2) || this.closing) {
          this.logger.warn(`Demo content not created (${why}); the next start tries again if the site is still empty`);
          return;
        }
        this.logger.warn(`Demo content not created (${why}); trying once more`);
        if (busy) await sleep(BUSY_RETRY_PAUSE_MS);
      }
    }
  }

  private reportExisting(made: DemoContent): void {
    const problems = made.problems.map((p) => p.problemId).join(', ');
    this.logger.log(`Demo content exists: made on ${made.createdAt} (problems ${problems}); it is never made again`);
  }

  private async report(outcome: SeedOutcome): Promise<void> {
    if ('created' in outcome) {
      const c = outcome.created;
      this.logger.log(
        `Demo content created: problems ${c.problems.map((p) => p.problemId).join(', ')}; contest ${c.cid}; training ${c.tid} (DEMO=0 skips it)`,
      );
    } else if (outcome.skipped === 'site not empty') {
      this.logger.log('Demo content not made: the site already has content of its own');
    } else if (outcome.skipped === 'done before') {
      // Another replica made it meanwhile.
      const made = await this.marker();
      if (made) this.reportExisting(made);
    } else {
      this.logger.debug(`Demo content not created: ${outcome.skipped}`);
    }
  }
}
