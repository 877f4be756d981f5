import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ContestAuth, ContestType, Role, TrainingAuth } from '@oj/contracts';
import { DataSource } from 'typeorm';
import { SessionService } from '../../core/auth/session.service';
import { APP_CONFIG, AppConfig } from '../../core/config/app-config';
import { SiteConfigEntry } from '../../core/site-config/site-config.entity';
import { AdminContestService } from '../contest/admin-contest.service';
import { Contest } from '../contest/entities/contest.entity';
import { ProblemFormService } from '../problem/problem-form.service';
import { ProblemService } from '../problem/problem.service';
import { Problem } from '../problem/entities/problem.entity';
import { AnnouncementService } from '../site/announcement.service';
import { AnnouncementEntity } from '../site/entities/announcement.entity';
import { AdminTrainingCategoryService } from '../training/admin/admin-training-category.service';
import { AdminTrainingProblemService } from '../training/admin/admin-training-problem.service';
import { AdminTrainingService } from '../training/admin/admin-training.service';
import { Training } from '../training/entities/training.entity';
import { User } from '../user/entities/user.entity';
import { ROOT_USERNAME } from '../user/root-account.service';
import { UserService } from '../user/user.service';
import { A_PLUS_B, CIRCLE_AREA, DEMO_ANNOUNCEMENT, DEMO_CONTEST, DEMO_TRAINING, GUESS_NUMBER } from './demo-problems';

/** The site_config row that says the demo content was made (so it is never made again, even once deleted). */
export const DEMO_MARKER_KEY = 'demo-content';
/** Any constant: replicas starting together seed one at a time (the others then find the marker). */
const DEMO_LOCK_KEY = 734_120_020;

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
export class DemoContentService {
  private readonly logger = new Logger('Demo');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UserService,
    private readonly sessions: SessionService,
    private readonly problemService: ProblemService,
    private readonly problemForm: ProblemFormService,
    private readonly contests: AdminContestService,
    private readonly trainings: AdminTrainingService,
    private readonly trainingProblems: AdminTrainingProblemService,
    private readonly trainingCategories: AdminTrainingCategoryService,
    private readonly announcements: AnnouncementService,
  ) {}

  /** The marker, when the demo content was made. */
  async marker(): Promise<DemoContent | null> {
    const row = await this.dataSource.getRepository(SiteConfigEntry).findOneBy({ key: DEMO_MARKER_KEY });
    return (row?.value as DemoContent | undefined) ?? null;
  }

  /** True when nothing was made on this site yet (root aside). */
  async siteIsEmpty(): Promise<boolean> {
    const counts = await Promise.all([Problem, Contest, Training, AnnouncementEntity].map((e) => this.dataSource.getRepository(e).count()));
    if (counts.some((n) => n > 0)) return false;
    const people = await this.dataSource.getRepository(User).count();
    return people <= 1;
  }

  /**
   * Creates the demo content when the site is empty and it was never made. The special judge and the interactor
   * are compile-checked by a judge worker first (as the admin editor does): with no worker answering, nothing is
   * made and the next start tries again.
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
    // Saving a checker problem needs a judge worker to compile the checker: one compile check first, so that with
    // no worker answering nothing has been made yet (and the next start tries again).
    await this.problemService.assertCheckerCompiles(
      CIRCLE_AREA.problem.judgeMode!,
      CIRCLE_AREA.problem.spjLanguage!,
      CIRCLE_AREA.problem.spjCode!,
    );
    const aPlusB = await this.problemForm.create(A_PLUS_B, root);
    const circle = await this.problemForm.create(CIRCLE_AREA, root);
    const guess = await this.problemForm.create(GUESS_NUMBER, root);
    const problems = [aPlusB, circle, guess];

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
    for (const [i, p] of problems.entries()) {
      await this.contests.addProblem({ cid: contest.id, pid: p.id, displayId: String.fromCharCode(65 + i), displayTitle: p.title });
    }

    const category = await this.trainingCategories.add(DEMO_TRAINING.category);
    const training = await this.trainings.add(
      {
        training: { title: DEMO_TRAINING.title, description: DEMO_TRAINING.description, auth: TrainingAuth.Public, status: true, rank: 0 },
        trainingCategory: { id: category.id },
      },
      root,
    );
    for (const p of problems) {
      // A training's display id is the bank problem id, as HOJ's admin page adds them: HOJ's client opens a
      // training's problem by it (get-problem-detail?problemId=).
      await this.trainingProblems.add({ tid: training.id, pid: p.id, displayId: p.problemId }, root);
    }

    const announcement = await this.announcements.create({ title: DEMO_ANNOUNCEMENT.title, content: DEMO_ANNOUNCEMENT.content }, root.uid);

    const content: DemoContent = {
      createdAt: new Date(now).toISOString(),
      problems: problems.map((p) => ({ pid: p.id, problemId: p.problemId, title: p.title })),
      cid: contest.id,
      tid: training.id,
      announcementId: announcement.id,
    };
    await this.dataSource.getRepository(SiteConfigEntry).insert({ key: DEMO_MARKER_KEY, value: content });
    return content;
  }

  /** For main.ts: seeds in the background once the server listens (workers connect to it), and says what it did. */
  seedInBackground(): void {
    if (!this.config.demo) return;
    this.seedIfEmpty().then(
      (outcome) => {
        if ('created' in outcome) {
          const c = outcome.created;
          this.logger.log(
            `Demo content created: problems ${c.problems.map((p) => p.problemId).join(', ')}, contest ${c.cid}, training ${c.tid} (DEMO=0 skips it)`,
          );
        } else {
          this.logger.debug(`Demo content not created: ${outcome.skipped}`);
        }
      },
      (e: Error) => this.logger.warn(`Demo content not created (${e.message}); the next start tries again if the site is still empty`),
    );
  }
}
