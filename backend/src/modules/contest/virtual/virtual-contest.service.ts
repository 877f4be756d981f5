import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ContestStatus, VIRTUAL_ERR, VirtualRankPage, VirtualRun } from '@oj/contracts';
import { Repository } from 'typeorm';
import { AuthUser } from '../../../core/auth/auth-user';
import { BadRequestError, ForbiddenError } from '../../../core/http/api.exception';
import { SubmissionReader } from '../../submission-store/submission-reader.service';
import { ContestAccessService } from '../contest-access.service';
import { ContestVirtual } from '../entities/contest-virtual.entity';
import { RankFilter, ScoreboardService } from '../scoreboard/scoreboard.service';

export function virtualRunView(run: ContestVirtual, now = new Date()): VirtualRun {
  return {
    id: run.id,
    cid: run.cid,
    uid: run.uid,
    username: run.username,
    startTime: run.startTime.toISOString(),
    endTime: run.endTime.toISOString(),
    now: now.toISOString(),
    status: now < run.endTime ? 'running' : 'ended',
  };
}

/**
 * Virtual participation (issue 35): who may start a run of an ended contest (those who may see its problems, did
 * not take part, while the contest allows it), the run the contest's submit route turns into a virtual submission,
 * and the virtual board. The official board, the rating and the outside board never read a virtual row.
 */
@Injectable()
export class VirtualContestService {
  constructor(
    @InjectRepository(ContestVirtual) private readonly runs: Repository<ContestVirtual>,
    private readonly access: ContestAccessService,
    private readonly submissions: SubmissionReader,
    private readonly scoreboard: ScoreboardService,
  ) {}

  /** Starts the caller's run; a second start answers the run they have (one run per user and contest). */
  async start(cid: number, user: AuthUser, now = new Date()): Promise<VirtualRun> {
    const a = await this.access.access(cid, user, now);
    this.access.assertCanViewProblems(a);
    const had = await this.runs.findOneBy({ cid, uid: user.uid });
    if (had) return virtualRunView(had, now);
    if (a.status !== ContestStatus.Ended) throw new BadRequestError(VIRTUAL_ERR.notEnded);
    if (!a.contest.allowVirtual) throw new ForbiddenError(VIRTUAL_ERR.closed);
    if (await this.submissions.hasContestSubmission(cid, user.uid)) throw new BadRequestError(VIRTUAL_ERR.tookPart);
    const duration = a.contest.endTime.getTime() - a.contest.startTime.getTime();
    // two starts at once: the unique (cid, uid) keeps one, and both answer it
    await this.runs
      .createQueryBuilder()
      .insert()
      .values({ cid, uid: user.uid, username: user.username, startTime: now, endTime: new Date(now.getTime() + duration) })
      .orIgnore()
      .execute();
    return virtualRunView((await this.runs.findOneBy({ cid, uid: user.uid }))!, now);
  }

  async mine(cid: number, user: AuthUser, now = new Date()): Promise<VirtualRun | null> {
    const run = await this.runs.findOneBy({ cid, uid: user.uid });
    return run && virtualRunView(run, now);
  }

  /**
   * The caller's run of an ended contest while it lasts, for the submit route; null otherwise. The contest row comes
   * from the access service's cache, so a submission to a running contest costs no query here.
   */
  async runningRun(cid: number, uid: string, now = new Date()): Promise<ContestVirtual | null> {
    const contest = await this.access.contest(cid);
    if (!contest || now < contest.endTime || !contest.allowVirtual) return null;
    const run = await this.runs.findOneBy({ cid, uid });
    return run && now >= run.startTime && now < run.endTime ? run : null;
  }

  /** The board at the caller's elapsed time, every virtual run among the real participants. */
  async rank(cid: number, user: AuthUser, filter: RankFilter, now = new Date()): Promise<VirtualRankPage> {
    const a = await this.access.access(cid, user, now);
    this.access.assertCanViewProblems(a);
    const run = await this.runs.findOneBy({ cid, uid: user.uid });
    if (!run) throw new BadRequestError(VIRTUAL_ERR.noRun);
    const durationMs = run.endTime.getTime() - run.startTime.getTime();
    const elapsedMs = Math.max(0, Math.min(durationMs, now.getTime() - run.startTime.getTime()));
    const runs = await this.runs.find({ where: { cid }, select: ['id', 'uid', 'startTime'] });
    const submissions = await this.submissions.virtualSubmissions(runs.map((r) => r.id));
    const page = await this.scoreboard.virtualRankPage(a.contest, { elapsedMs, runs, submissions }, filter);
    return { ...page, elapsedMs, durationMs };
  }
}
