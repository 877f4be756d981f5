import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  Page,
  PLAGIARISM_ERR,
  PLAGIARISM_LIMITS,
  PlagiarismCheckStatus,
  PlagiarismCheckView,
  PlagiarismPairDetail,
  PlagiarismPairStatus,
  PlagiarismPairView,
  PlagiarismScope,
  StartPlagiarismCheckBody,
} from '@oj/contracts';
import type { Queue } from 'bull';
import { DataSource, In, Repository } from 'typeorm';
import { AuthUser } from '../../core/auth/auth-user';
import { BadRequestError, NotFoundError } from '../../core/http/api.exception';
import { pageRequest, toPage } from '../../core/pagination/pagination';
import { compareInWorker, CompareJob } from './engine/run-compare';
import { languageGroup } from './engine/tokenize';
import { PlagiarismCheck } from './entities/plagiarism-check.entity';
import { PlagiarismPair } from './entities/plagiarism-pair.entity';
import { PlagiarismScopes } from './plagiarism-scopes.service';
import type { ComparedCode } from '../submission-store/submission-reader.service';

export const PLAGIARISM_QUEUE = 'plagiarism';

export interface PlagiarismJobData {
  checkId: number;
}

/** The Bull job id of a check: adding it twice (a retried start, the boot's re-queue) never runs it twice at once. */
export const plagiarismJobId = (checkId: number) => `check-${checkId}`;

/** How often a running check writes its progress. */
const PROGRESS_EVERY_MS = 500;
/** Pairs written per insert. */
const INSERT_CHUNK = 500;

/**
 * Plagiarism checks (issue 35): starting one (a row, then a Bull job), running it (read the programs, compare them in
 * a worker thread, store the pairs kept), and the reviews of its pairs. Who may do what is `PlagiarismScopes`'.
 */
@Injectable()
export class PlagiarismService {
  private readonly logger = new Logger(PlagiarismService.name);

  constructor(
    @InjectRepository(PlagiarismCheck) private readonly checks: Repository<PlagiarismCheck>,
    @InjectRepository(PlagiarismPair) private readonly pairs: Repository<PlagiarismPair>,
    @InjectDataSource() private readonly db: DataSource,
    @InjectQueue(PLAGIARISM_QUEUE) readonly queue: Queue<PlagiarismJobData>,
    private readonly scopes: PlagiarismScopes,
  ) {}

  async start(user: AuthUser, body: StartPlagiarismCheckBody): Promise<PlagiarismCheckView> {
    await this.scopes.assertManages(body.scope, body.id, user);
    const check = await this.checks.save(
      this.checks.create({
        scope: body.scope,
        scopeId: body.id,
        onlyAccepted: body.onlyAccepted ?? true,
        threshold: body.threshold ?? PLAGIARISM_LIMITS.defaultThreshold,
        status: PlagiarismCheckStatus.Waiting,
        createdByUid: user.uid,
        createdBy: user.username,
      }),
    );
    await this.enqueue(check.id);
    return this.view(check);
  }

  enqueue(checkId: number) {
    return this.queue.add({ checkId }, { jobId: plagiarismJobId(checkId), removeOnComplete: true, removeOnFail: true });
  }

  /** The checks a job may have been lost for (Redis emptied, a backend stopped before adding): queued again. */
  async requeueUnfinished(): Promise<number> {
    const rows = await this.checks.find({
      select: ['id'],
      where: { status: In([PlagiarismCheckStatus.Waiting, PlagiarismCheckStatus.Running]) },
    });
    for (const r of rows) await this.enqueue(r.id);
    return rows.length;
  }

  /** Runs a check (the queue's job). A check run again (its process died) starts over: its pairs are replaced. */
  async run(checkId: number): Promise<void> {
    const check = await this.checks.findOne({ where: { id: checkId } });
    if (!check || check.status === PlagiarismCheckStatus.Done || check.status === PlagiarismCheckStatus.Failed) return;
    await this.checks.update({ id: checkId }, { status: PlagiarismCheckStatus.Running, progress: 0 });
    const started = Date.now();
    try {
      const codes = await this.scopes.codes(check.scope, check.scopeId, check.onlyAccepted, PLAGIARISM_LIMITS.maxSubmissions + 1);
      if (codes.length > PLAGIARISM_LIMITS.maxSubmissions) throw new BadRequestError(PLAGIARISM_ERR.tooManySubmissions(codes.length));
      const groups = groupPrograms(codes);
      const job: CompareJob = {
        threshold: check.threshold,
        groups: groups.map((g) => ({ lexer: g.lexer, programs: g.programs.map((p) => p.code) })),
      };
      let written = 0;
      const results = await compareInWorker(job, (done) => {
        if (Date.now() - written < PROGRESS_EVERY_MS) return;
        written = Date.now();
        // the comparison is 95 % of the work; storing the pairs the rest
        void this.checks.update({ id: checkId }, { progress: Math.min(95, Math.floor(done * 95)) }).catch(() => undefined);
      });
      const rows: Partial<PlagiarismPair>[] = [];
      let compared = 0;
      results.forEach((r, i) => {
        const g = groups[i];
        compared += r.comparedPairs;
        for (const p of r.pairs) {
          const a = g.programs[p.a];
          const b = g.programs[p.b];
          rows.push({
            checkId,
            pid: g.pid,
            displayId: a.displayPid,
            language: g.key,
            method: g.lexer === 'characters' ? 'characters' : 'tokens',
            similarity: p.similarity,
            aPercent: p.aPercent,
            bPercent: p.bPercent,
            aSubmitId: a.submitId,
            aUid: a.uid,
            aUsername: a.username,
            bSubmitId: b.submitId,
            bUid: b.uid,
            bUsername: b.username,
            regions: p.regions,
            status: PlagiarismPairStatus.Open,
          });
        }
      });
      await this.db.transaction(async (m) => {
        await m.delete(PlagiarismPair, { checkId });
        for (let i = 0; i < rows.length; i += INSERT_CHUNK) await m.insert(PlagiarismPair, rows.slice(i, i + INSERT_CHUNK));
        await m.update(
          PlagiarismCheck,
          { id: checkId },
          {
            status: PlagiarismCheckStatus.Done,
            progress: 100,
            submissions: codes.length,
            comparedPairs: compared,
            pairs: rows.length,
            finishTime: new Date(),
            ms: Date.now() - started,
            error: null,
          },
        );
      });
    } catch (e) {
      const message = (e as Error).message;
      this.logger.warn(`plagiarism check ${checkId} failed: ${message}`);
      await this.checks.update(
        { id: checkId },
        { status: PlagiarismCheckStatus.Failed, error: message, finishTime: new Date(), ms: Date.now() - started },
      );
    }
  }

  // ---- reading and reviewing ------------------------------------------------------------------------------

  private async managedCheck(id: number, user: AuthUser): Promise<PlagiarismCheck> {
    const check = await this.checks.findOne({ where: { id } });
    if (!check) throw new NotFoundError();
    await this.scopes.assertManages(check.scope, check.scopeId, user);
    return check;
  }

  async check(id: number, user: AuthUser): Promise<PlagiarismCheckView> {
    return this.view(await this.managedCheck(id, user));
  }

  async list(scope: PlagiarismScope, scopeId: number, user: AuthUser): Promise<PlagiarismCheckView[]> {
    await this.scopes.assertManages(scope, scopeId, user);
    const rows = await this.checks.find({ where: { scope, scopeId }, order: { id: 'DESC' }, take: 50 });
    return Promise.all(rows.map((c) => this.view(c)));
  }

  async pairPage(
    q: { checkId: number; currentPage?: number; limit?: number; status?: PlagiarismPairStatus },
    user: AuthUser,
  ): Promise<Page<PlagiarismPairView>> {
    await this.managedCheck(q.checkId, user);
    const req = pageRequest(q);
    const [rows, total] = await this.pairs.findAndCount({
      where: { checkId: q.checkId, ...(q.status ? { status: q.status } : {}) },
      order: { similarity: 'DESC', id: 'ASC' },
      skip: req.skip,
      take: req.size,
    });
    return toPage(rows.map(pairView), total, req);
  }

  private async managedPair(id: number, user: AuthUser): Promise<{ pair: PlagiarismPair; check: PlagiarismCheck }> {
    const pair = await this.pairs.findOne({ where: { id } });
    if (!pair) throw new NotFoundError();
    return { pair, check: await this.managedCheck(pair.checkId, user) };
  }

  async pair(id: number, user: AuthUser): Promise<PlagiarismPairDetail> {
    const { pair, check } = await this.managedPair(id, user);
    const [aCode, bCode] = await Promise.all([this.scopes.code(pair.aSubmitId), this.scopes.code(pair.bSubmitId)]);
    return {
      ...pairView(pair),
      aCode,
      bCode,
      regions: pair.regions,
      ...(check.scope === PlagiarismScope.Contest ? { unofficial: await this.scopes.unofficial(check.scopeId) } : {}),
    };
  }

  async review(
    body: { id: number; status: PlagiarismPairStatus; excludeFromRank?: string[] },
    user: AuthUser,
  ): Promise<PlagiarismPairView> {
    const { pair, check } = await this.managedPair(body.id, user);
    const exclude = body.excludeFromRank ?? [];
    if (exclude.length) {
      if (check.scope !== PlagiarismScope.Contest || body.status !== PlagiarismPairStatus.Confirmed)
        throw new BadRequestError(PLAGIARISM_ERR.rankOnlyInContests);
      if (exclude.some((u) => u !== pair.aUsername && u !== pair.bUsername)) throw new BadRequestError(PLAGIARISM_ERR.notInPair);
    }
    // the exclusion first: a review that answers success has always taken the users out of the rank
    if (exclude.length) await this.scopes.addUnofficial(check.scopeId, exclude);
    await this.pairs.update({ id: pair.id }, { status: body.status, reviewedBy: user.username });
    return pairView({ ...pair, status: body.status, reviewedBy: user.username });
  }

  private async view(c: PlagiarismCheck): Promise<PlagiarismCheckView> {
    const confirmedPairs = c.pairs ? await this.pairs.count({ where: { checkId: c.id, status: PlagiarismPairStatus.Confirmed } }) : 0;
    return {
      id: c.id,
      scope: c.scope,
      scopeId: c.scopeId,
      onlyAccepted: c.onlyAccepted,
      threshold: c.threshold,
      status: c.status,
      progress: c.progress,
      submissions: c.submissions,
      comparedPairs: c.comparedPairs,
      pairs: c.pairs,
      confirmedPairs,
      error: c.error,
      createdBy: c.createdBy,
      createTime: c.gmtCreate.toISOString(),
      finishTime: c.finishTime?.toISOString() ?? null,
      ms: c.ms,
    };
  }
}

function pairView(p: PlagiarismPair): PlagiarismPairView {
  return {
    id: p.id,
    checkId: p.checkId,
    pid: p.pid,
    displayId: p.displayId,
    language: p.language,
    method: p.method,
    similarity: p.similarity,
    aPercent: p.aPercent,
    bPercent: p.bPercent,
    aSubmitId: p.aSubmitId,
    aUid: p.aUid,
    aUsername: p.aUsername,
    bSubmitId: p.bSubmitId,
    bUid: p.bUid,
    bUsername: p.bUsername,
    status: p.status,
    reviewedBy: p.reviewedBy,
  };
}

interface ProgramGroup {
  pid: number;
  key: string;
  lexer: CompareJob['groups'][number]['lexer'];
  programs: ComparedCode[];
}

/**
 * The programs in comparison groups: one problem, one language group (C with C++, ...); in each, one program per user
 * (the latest: a user's C++ 11 and C++ 17 tries are not a pair). Groups of fewer than two are left out.
 */
export function groupPrograms(codes: readonly ComparedCode[]): ProgramGroup[] {
  const groups = new Map<string, { pid: number; key: string; lexer: ProgramGroup['lexer']; byUser: Map<string, ComparedCode> }>();
  for (const c of codes) {
    const lang = languageGroup(c.language);
    const k = `${c.pid}\u0000${lang.key}`;
    let g = groups.get(k);
    if (!g) groups.set(k, (g = { pid: c.pid, key: lang.key, lexer: lang.lexer, byUser: new Map() }));
    const had = g.byUser.get(c.uid);
    if (!had || had.submitId < c.submitId) g.byUser.set(c.uid, c);
  }
  return [...groups.values()]
    .map((g) => ({ pid: g.pid, key: g.key, lexer: g.lexer, programs: [...g.byUser.values()].sort((a, b) => a.submitId - b.submitId) }))
    .filter((g) => g.programs.length > 1);
}
