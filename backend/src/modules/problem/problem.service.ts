import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  CaseGroup,
  ContestType,
  ERR,
  formatHojExamples,
  GroupMemberStatus,
  JUDGING_ERR,
  JudgeMode,
  judgeCaseModeOf,
  JudgeStatus,
  LanguageInfo,
  Page,
  ProblemAuth,
  ProblemType,
  subtaskProblem,
  REMOTE_OJS,
} from '@oj/contracts';
import { DataSource, EntityManager, In, IsNull, Repository } from 'typeorm';
import { AuthUser } from '../../core/auth/auth-user';
import { RowCache } from '../../core/cache/row-cache';
import { BadRequestError, NotFoundError, ServerError } from '../../core/http/api.exception';
import { escapeLike, pageRequest, toPage } from '../../core/pagination/pagination';
import { GroupAccessService } from '../../core/auth/group-access.service';
import { JudgeQueueService } from '../judge-queue/judge-queue.service';
import { RemoteLanguageCatalog } from '../judge-queue/remote-language-catalog.service';
import { JudgeServerRegistry } from '../judge-queue/judge-server-registry.service';
import { UserProblemStat } from './entities/user-problem-stat.entity';
import { CodeTemplate } from './entities/code-template.entity';
import { ProblemCase } from './entities/problem-case.entity';
import { ProblemLanguage } from './entities/problem-language.entity';
import { ProblemStatistic } from './entities/problem-statistic.entity';
import { ProblemTag } from './entities/problem-tag.entity';
import { Problem } from './entities/problem.entity';
import { Tag } from './entities/tag.entity';
import { needsChecker, ProblemInput } from './problem-input';
import { AdminProblemListQueryDto, ProblemListQueryDto } from './dto/problem-query.dto';
import { applyOjFilter, tagOjOf } from './oj-filter';
import { caseSetOf } from './testcase-store';
import { TestcaseService } from './testcase.service';
import { sharedAnswer } from '../../core/http/send-serialised';

export const LOCAL_OJ = 'ME';
/** Extra work a caller runs inside a problem save or delete transaction. */
export type InTransaction = (em: EntityManager, problem: Problem) => Promise<void>;
/** How long a public problem list answer is reused; statistics in it may lag by this much. */
export const PUBLIC_LIST_CACHE_MS = 1000;
const PUBLIC_LIST_CACHE_MAX = 1000;
/**
 * A group's problem list on a replica: edits through it drop the copy at once (forgetLists), other replicas and
 * the statistics follow within this.
 */
export const GROUP_PROBLEM_LIST_CACHE_MS = 5_000;

export interface PublicProblemRow {
  pid: number;
  problemId: string;
  title: string;
  difficulty: number;
  type: number;
  total: number;
  ac: number;
  tags: { id: number; name: string; color: string | null }[];
}

/** The problem bank: saving (form and imports), visibility, lists, details, tags, languages. */
@Injectable()
export class ProblemService {
  private readonly listCache = new Map<string, { value: Promise<Page<PublicProblemRow>>; expires: number }>();
  /**
   * Group problem lists by "gid:page:size" (their own cache: a raw public query string can never name one), kept
   * GROUP_PROBLEM_LIST_CACHE_MS and renewed in the background after 80 % of it. Members spread over hundreds of
   * groups: with entries of a second that all expired at once, requests waited behind each other's queries.
   */
  private readonly groupListCache = new RowCache<Page<PublicProblemRow>, string>(
    (key) => {
      const [gid, currentPage, limit] = key.split(':').map(Number);
      // Shared by every member's request until renewed: its JSON is written once.
      return this.queryPublicList({ currentPage, limit }, gid).then(sharedAnswer);
    },
    GROUP_PROBLEM_LIST_CACHE_MS,
    GROUP_PROBLEM_LIST_CACHE_MS * 0.8,
    PUBLIC_LIST_CACHE_MAX,
  );

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(Problem) private readonly problems: Repository<Problem>,
    @InjectRepository(Tag) private readonly tags: Repository<Tag>,
    @InjectRepository(ProblemTag) private readonly problemTags: Repository<ProblemTag>,
    @InjectRepository(CodeTemplate) private readonly templates: Repository<CodeTemplate>,
    @InjectRepository(ProblemLanguage) private readonly problemLanguages: Repository<ProblemLanguage>,
    @InjectRepository(ProblemCase) private readonly cases: Repository<ProblemCase>,
    @InjectRepository(ProblemStatistic) private readonly statistics: Repository<ProblemStatistic>,
    @InjectRepository(UserProblemStat) private readonly userStats: Repository<UserProblemStat>,
    private readonly testcases: TestcaseService,
    private readonly queue: JudgeQueueService,
    private readonly registry: JudgeServerRegistry,
    private readonly groups: GroupAccessService,
    private readonly remoteLanguages: RemoteLanguageCatalog,
  ) {}

  // ---- rules -------------------------------------------------------------------------------------------

  /** Product §5 problem rules that are not field types. Throws the rule's text. */
  validate(input: ProblemInput): void {
    if (input.isFileIO && !input.ioReadFileName && !input.ioWriteFileName) throw new BadRequestError(JUDGING_ERR.fileIONameRequired);
    const names = input.tags.map((t) => t.trim().toLowerCase());
    if (new Set(names).size !== names.length) throw new BadRequestError(JUDGING_ERR.duplicateTags);
    const scores = [...(input.casesToStore ?? []), ...(input.storedCaseMeta ?? [])];
    if (scores.some((c) => !Number.isInteger(c.score) || c.score < 0)) {
      throw new BadRequestError(JUDGING_ERR.scoreInvalid);
    }
    if (input.casesToStore && input.casesToStore.length === 0) throw new BadRequestError(JUDGING_ERR.testcaseRequired);
  }

  /**
   * Special judge / interactor code must compile (product §5); the answer carries the compiler output. A compile that ran
   * out of time says so (the judge is busy; the same code may compile on the next try), never "compilation failed".
   */
  async assertCheckerCompiles(judgeMode: string, language: string | null, code: string | null): Promise<void> {
    if (!needsChecker(judgeMode)) return;
    const special = judgeMode === JudgeMode.Special;
    const failed = special ? ERR.spjCompileFailed : ERR.interactiveCompileFailed;
    if (!code || !language) throw new BadRequestError(failed);
    const result = await this.queue.compileCheck({ language, code, asChecker: true });
    if (result.timedOut) {
      const e = new ServerError(special ? JUDGING_ERR.spjCompileTimeout : JUDGING_ERR.interactiveCompileTimeout);
      Object.assign(e, { data: result.message });
      throw e;
    }
    if (!result.ok) {
      const e = new BadRequestError(failed);
      Object.assign(e, { data: result.message });
      throw e;
    }
  }

  /**
   * Through the bank's routes: public problems to all, the rest to admin roles. A group's problem (product §6) is
   * seen by root and, through `mayView`, by the group's members; here (sync callers) only root sees it.
   */
  canSee(problem: Problem, user?: AuthUser): boolean {
    if (problem.isGroup) return !!user?.isRoot;
    return problem.auth === ProblemAuth.Public || !!user?.isAdmin;
  }

  /**
   * `canSee`, plus a group's problem for the group's members (level 3–5): its public ones to every member, its
   * private and contest-only ones to the group's admins (4–5), as the group's problem routes show them.
   */
  async mayView(problem: Problem, user?: AuthUser): Promise<boolean> {
    if (this.canSee(problem, user)) return true;
    if (!problem.isGroup || problem.gid === null || !user) return false;
    const level = await this.groups.level(problem.gid, user.uid);
    return level >= (problem.auth === ProblemAuth.Public ? GroupMemberStatus.Member : GroupMemberStatus.Admin);
  }

  /** A problem the caller may see, by primary key or display ID; others answer 404. */
  async findVisible(ref: { pid?: number; problemId?: string }, user?: AuthUser): Promise<Problem> {
    const problem = ref.pid
      ? await this.problems.findOne({ where: { id: ref.pid } })
      : await this.problems.findOne({ where: { problemId: ref.problemId ?? '' } });
    if (!problem || !(await this.mayView(problem, user))) throw new NotFoundError(ERR.notFound);
    return problem;
  }

  /**
   * A bank problem by primary key or display ID, or null, with no access check: for callers that apply their own
   * rule (a group's contest or exam takes its group's problems and the site's public ones).
   */
  findRow(ref: { pid: number } | { problemId: string }): Promise<Problem | null> {
    return 'pid' in ref ? this.problems.findOneBy({ id: ref.pid }) : this.problems.findOneBy({ problemId: ref.problemId });
  }

  /**
   * Inside the caller's transaction: makes a problem just created the group's, by its creator (a group's manager rule
   * reads the author), whatever the creating body said.
   */
  async makeGroupProblem(em: EntityManager, pid: number, gid: number, author: string): Promise<void> {
    await em.getRepository(Problem).update({ id: pid }, { isGroup: true, gid, author });
  }

  async findById(pid: number): Promise<Problem> {
    const problem = await this.problems.findOne({ where: { id: pid } });
    if (!problem) throw new NotFoundError(ERR.notFound);
    return problem;
  }

  /**
   * A problem reached through the site's admin or file routes: a group's problem (while `isGroup`) is the group's,
   * for site root only, 404 to everyone else (GroupAccessService.assertSiteRouteReaches, product §6).
   */
  async findForSiteRoute(pid: number, user: AuthUser): Promise<Problem> {
    const problem = await this.findById(pid);
    this.groups.assertSiteRouteReaches(problem.isGroup ? problem.gid : null, user);
    return problem;
  }

  // ---- saving ------------------------------------------------------------------------------------------

  /**
   * Creates or updates a problem with its tags, languages, templates and (new) test data in one transaction.
   * Test data is written under DATA_DIR first; if the transaction fails, files of new problems are removed.
   * `within` runs in the same transaction after the problem is stored (e.g. linking it to a contest).
   */
  async save(input: ProblemInput, user: AuthUser, existing?: Problem, within?: InTransaction): Promise<Problem> {
    this.validate(input);
    const createdIds: number[] = [];
    try {
      return await this.dataSource.transaction(async (em) => {
        const p = await this.saveIn(em, input, user, existing);
        if (!existing) createdIds.push(p.id);
        if (within) await within(em, p);
        return p;
      });
    } catch (e) {
      await Promise.all(createdIds.map((id) => this.testcases.store.removeProblem(id)));
      throw e;
    } finally {
      this.forgetLists();
    }
  }

  /** Saves several imported problems all-or-nothing. */
  async saveMany(inputs: ProblemInput[], user: AuthUser): Promise<Problem[]> {
    inputs.forEach((i) => this.validate(i));
    const createdIds: number[] = [];
    try {
      return await this.dataSource.transaction(async (em) => {
        const out: Problem[] = [];
        for (const input of inputs) {
          const p = await this.saveIn(em, input, user);
          createdIds.push(p.id);
          out.push(p);
        }
        return out;
      });
    } catch (e) {
      await Promise.all(createdIds.map((id) => this.testcases.store.removeProblem(id)));
      throw e;
    } finally {
      this.forgetLists();
    }
  }

  private async saveIn(em: EntityManager, input: ProblemInput, user: AuthUser, existing?: Problem): Promise<Problem> {
    const repo = em.getRepository(Problem);
    const oldVersion = existing?.caseVersion ?? null;
    let storedMeta: { id: number; score: number; groupNum: number | null }[] = [];
    if (existing && !input.casesToStore && input.storedCaseMeta) {
      const stored = await em.getRepository(ProblemCase).find({ where: { pid: existing.id }, order: { caseId: 'ASC' } });
      const meta = input.storedCaseMeta;
      if (meta.length === stored.length)
        storedMeta = stored.map((c, i) => ({ id: c.id, score: meta[i].score, groupNum: meta[i].groupNum }));
    }
    if (input.caseGroups?.length) {
      // The groups must fit the cases: the new ones, or the stored ones (with their new groups) when the save keeps them.
      const groupNums = input.casesToStore
        ? input.casesToStore.map((c) => c.groupNum ?? null)
        : storedMeta.length
          ? storedMeta.map((c) => c.groupNum)
          : (await em.getRepository(ProblemCase).find({ where: { pid: existing?.id ?? 0 } })).map((c) => c.groupNum);
      if (subtaskProblem(input.caseGroups, groupNums)) throw new BadRequestError(JUDGING_ERR.caseGroupsInvalid);
    }
    const clash = await repo.findOne({ where: { problemId: input.problemId } });
    if (clash && clash.id !== existing?.id) throw new BadRequestError(JUDGING_ERR.problemIdExists);
    const problem = repo.merge(existing ?? repo.create(), {
      problemId: input.problemId,
      title: input.title,
      author: existing ? existing.author : (input.author ?? user.username),
      type: input.type,
      judgeMode: input.judgeMode,
      timeLimit: input.timeLimit,
      memoryLimit: input.memoryLimit,
      stackLimit: input.stackLimit,
      description: input.description,
      input: input.input,
      output: input.output,
      examples: input.examples,
      source: input.source,
      difficulty: input.difficulty,
      hint: input.hint,
      auth: input.auth,
      codeShare: input.codeShare,
      spjCode: needsChecker(input.judgeMode) ? input.spjCode : null,
      spjLanguage: needsChecker(input.judgeMode) ? input.spjLanguage : null,
      userExtraFile: input.userExtraFile,
      judgeExtraFile: input.judgeExtraFile,
      isRemoveEndBlank: input.isRemoveEndBlank,
      floatAbsTolerance: input.judgeMode === JudgeMode.Default ? (input.floatAbsTolerance ?? null) : null,
      floatRelTolerance: input.judgeMode === JudgeMode.Default ? (input.floatRelTolerance ?? null) : null,
      caseGroups: input.caseGroups?.length ? input.caseGroups : null,
      checkerProtocol: needsChecker(input.judgeMode) ? (input.checkerProtocol ?? 'testlib') : 'testlib',
      openCaseResult: input.openCaseResult,
      isUploadCase: true,
      ...(input.remoteOj !== undefined ? { isRemote: !!input.remoteOj, remoteOj: input.remoteOj || null } : {}),
      isFileIO: input.isFileIO,
      ioReadFileName: input.isFileIO ? input.ioReadFileName : null,
      ioWriteFileName: input.isFileIO ? input.ioWriteFileName : null,
      modifiedUser: user.username,
    });
    const saved = await repo.save(problem);
    if (!existing) await em.getRepository(ProblemStatistic).insert({ pid: saved.id });

    await this.replaceTags(em, saved.id, input.tags, input.tagColors ?? {});
    await em.getRepository(ProblemLanguage).delete({ pid: saved.id });
    const languages = [...new Set(input.languages)];
    if (languages.length) await em.getRepository(ProblemLanguage).insert(languages.map((language) => ({ pid: saved.id, language })));
    await em.getRepository(CodeTemplate).delete({ pid: saved.id });
    const templates = new Map(input.codeTemplates.filter((t) => t.language).map((t) => [t.language, t.code]));
    if (templates.size) {
      await em
        .getRepository(CodeTemplate)
        .insert([...templates].map(([language, code]) => ({ pid: saved.id, language, code, status: true })));
    }

    const caseRepo = em.getRepository(ProblemCase);
    let oldCaseSet: string | null = null;
    if (input.casesToStore) {
      const before = existing ? await caseRepo.findOne({ where: { pid: saved.id } }) : null;
      const rows = await this.testcases.store.writeCases(saved.id, input.casesToStore);
      if (before && caseSetOf(before.input) !== caseSetOf(rows[0].input)) oldCaseSet = caseSetOf(before.input);
      await caseRepo.delete({ pid: saved.id });
      await caseRepo.insert(rows.map((r) => ({ ...r, pid: saved.id })));
    } else {
      for (const m of storedMeta) await caseRepo.update({ id: m.id }, { score: m.score, groupNum: m.groupNum });
    }
    const rows = await caseRepo.find({ where: { pid: saved.id }, order: { caseId: 'ASC' } });
    saved.ioScore = saved.type === ProblemType.OI ? fullScore(saved.caseGroups, rows) : 100;
    const pkg = await this.testcases.store.buildPackage(saved, rows);
    saved.caseVersion = pkg.version;
    await repo.update({ id: saved.id }, { caseVersion: pkg.version, ioScore: saved.ioScore });
    // The replaced version stays for unfinished submissions; TestdataCleanupService removes it later.
    await this.testcases.store.retire(saved.id, { packageVersion: oldVersion !== pkg.version ? oldVersion : null, caseSet: oldCaseSet });
    return saved;
  }

  private async replaceTags(em: EntityManager, pid: number, names: string[], colors: Record<string, string | null>): Promise<void> {
    const tagRepo = em.getRepository(Tag);
    await em.getRepository(ProblemTag).delete({ pid });
    const wanted = [...new Set(names.map((n) => n.trim()).filter(Boolean))];
    if (wanted.length === 0) return;
    // Concurrent saves may create the same tag: insert-or-ignore, then read.
    await tagRepo
      .createQueryBuilder()
      .insert()
      .values(wanted.map((name) => ({ name, oj: LOCAL_OJ, color: colors[name] ?? null })))
      .orIgnore()
      .execute();
    const tags = await tagRepo.find({ where: { name: In(wanted), oj: LOCAL_OJ } });
    await em.getRepository(ProblemTag).insert(tags.map((t) => ({ pid, tid: t.id })));
  }

  /** Deletes a problem with its rows and test data; `within` runs first in the same transaction. */
  async remove(pid: number, within?: InTransaction): Promise<void> {
    const problem = await this.findById(pid);
    await this.dataSource.transaction(async (em) => {
      if (within) await within(em, problem);
      for (const entity of [ProblemTag, ProblemLanguage, CodeTemplate, ProblemCase, ProblemStatistic]) {
        await em.getRepository(entity).delete({ pid });
      }
      await em.getRepository(Problem).delete({ id: pid });
    });
    await this.testcases.store.removeProblem(pid);
    this.forgetLists();
  }

  async changeAuth(pid: number, auth: number, user: AuthUser): Promise<void> {
    await this.findById(pid);
    await this.problems.update({ id: pid }, { auth, modifiedUser: user.username });
    this.forgetLists();
  }

  // ---- reading -----------------------------------------------------------------------------------------

  async casesOf(pid: number): Promise<ProblemCase[]> {
    return this.cases.find({ where: { pid }, order: { caseId: 'ASC' } });
  }

  async tagsOf(pids: number[]): Promise<Map<number, Tag[]>> {
    const out = new Map<number, Tag[]>(pids.map((p) => [p, []]));
    if (pids.length === 0) return out;
    const rows = await this.problemTags
      .createQueryBuilder('pt')
      .innerJoinAndMapOne('pt.tag', Tag, 't', 't.id = pt.tid')
      .where('pt.pid IN (:...pids)', { pids })
      .orderBy('t.name')
      .getMany();
    for (const r of rows as (ProblemTag & { tag: Tag })[]) out.get(r.pid)?.push(r.tag);
    return out;
  }

  async languageNamesOf(pid: number): Promise<string[]> {
    return (await this.problemLanguages.find({ where: { pid }, order: { language: 'ASC' } })).map((l) => l.language);
  }

  async templatesOf(pid: number): Promise<{ language: string; code: string }[]> {
    return (await this.templates.find({ where: { pid, status: true }, order: { language: 'ASC' } })).map((t) => ({
      language: t.language,
      code: t.code,
    }));
  }

  /**
   * Languages a problem accepts: its own list limited to what the judges run, or everything they run; a remote
   * problem's are its site's (issue 34). A caller holding the problem's row passes it (no query for its origin).
   */
  async languagesFor(pid: number, row?: Pick<Problem, 'isRemote' | 'remoteOj'>): Promise<LanguageInfo[]> {
    const remote = row ?? (await this.problems.findOne({ where: { id: pid }, select: { id: true, isRemote: true, remoteOj: true } }));
    if (remote?.isRemote) return this.remoteLanguages.of(remote.remoteOj);
    const [all, own] = await Promise.all([this.registry.languages(), this.languageNamesOf(pid)]);
    if (own.length === 0) return all;
    const byName = new Map(all.map((l) => [l.name, l]));
    return own
      .map((name) => byName.get(name) ?? { id: name, name, contentType: 'text/plain', runCommand: '', sourceFile: '', isSpj: false })
      .filter((l) => byName.size === 0 || byName.has(l.name));
  }

  /** GET /api/admin/problem: the row with its tags, languages, templates. */
  async adminDetail(pid: number) {
    const problem = await this.findById(pid);
    const [tags, languages, codeTemplates] = await Promise.all([this.tagsOf([pid]), this.languageNamesOf(pid), this.templatesOf(pid)]);
    return {
      ...problem,
      judgeCaseMode: judgeCaseModeOf(problem.caseGroups),
      examples: formatHojExamples(problem.examples),
      tags: tags.get(pid) ?? [],
      languages,
      codeTemplates,
    };
  }

  async adminList(q: AdminProblemListQueryDto): Promise<Page<Omit<Problem, 'examples'> & { examples: string }>> {
    const req = pageRequest(q);
    // A group's problems are the group's (HOJ lists only non-group problems here).
    const qb = this.problems.createQueryBuilder('p').where('p.isGroup = false').orderBy('p.id', 'DESC');
    if (q.keyword) qb.andWhere('(p.title ILIKE :kw OR p.problemId ILIKE :kw)', { kw: `%${escapeLike(q.keyword)}%` });
    if (q.auth) qb.andWhere('p.auth = :auth', { auth: q.auth });
    applyOjFilter(qb, 'p', q.oj);
    const [records, total] = await qb.skip(req.skip).take(req.size).getManyAndCount();
    return toPage(
      records.map((p) => ({ ...p, examples: formatHojExamples(p.examples) })),
      total,
      req,
    );
  }

  /**
   * GET /api/get-problem-list: public problems with statistics and tags. One query for the page and its total
   * (a window count), one for the tags; answers are kept PUBLIC_LIST_CACHE_MS per query on each replica, with
   * concurrent identical requests sharing one database round trip.
   */
  publicList(q: ProblemListQueryDto): Promise<Page<PublicProblemRow>> {
    return this.cachedPublicList(JSON.stringify([q.currentPage, q.limit, q.keyword, q.tagId, q.difficulty, q.oj]), async () => q);
  }

  /**
   * The cached list by a key of the caller's choice (the controller uses the raw query string, so that a hit
   * skips even the query's validation); `query` is only called on a miss.
   */
  cachedPublicList(key: string, query: () => Promise<ProblemListQueryDto>): Promise<Page<PublicProblemRow>> {
    return this.cachedList(this.listCache, key, () => query().then((q) => this.queryPublicList(q)));
  }

  /** A list answer kept PUBLIC_LIST_CACHE_MS in `cache`; concurrent identical requests share one read. */
  private cachedList(
    cache: Map<string, { value: Promise<Page<PublicProblemRow>>; expires: number }>,
    key: string,
    read: () => Promise<Page<PublicProblemRow>>,
  ): Promise<Page<PublicProblemRow>> {
    const hit = cache.get(key);
    if (hit && hit.expires > Date.now()) return hit.value;
    // Every request of the next second gets this page as it is: its JSON is written once.
    const value = read().then(sharedAnswer);
    if (cache.size >= PUBLIC_LIST_CACHE_MAX) cache.clear();
    cache.set(key, { value, expires: Date.now() + PUBLIC_LIST_CACHE_MS });
    value.catch(() => cache.delete(key));
    return value;
  }

  /**
   * GET /api/group/get-problem-list: a group's public problems, in the shape of the public list, kept like it
   * for PUBLIC_LIST_CACHE_MS (the same for every member; the caller checked membership).
   */
  groupList(gid: number, q: { currentPage?: number; limit?: number }): Promise<Page<PublicProblemRow>> {
    const req = pageRequest(q);
    return this.groupListCache.get(`${gid}:${req.current}:${req.size}`) as Promise<Page<PublicProblemRow>>;
  }

  private async queryPublicList(q: ProblemListQueryDto, gid?: number): Promise<Page<PublicProblemRow>> {
    const req = pageRequest(q);
    const qb = this.problems
      .createQueryBuilder('p')
      .leftJoin(ProblemStatistic, 's', 's.pid = p.id')
      .select(['p.id AS pid', 'p.problemId AS "problemId"', 'p.title AS title', 'p.difficulty AS difficulty', 'p.type AS type'])
      .addSelect('coalesce(s.total, 0)', 'total')
      .addSelect('coalesce(s.ac, 0)', 'ac')
      .addSelect('count(*) OVER ()', 'matched')
      .where(gid === undefined ? 'p.auth = :auth AND p.isGroup = false' : 'p.auth = :auth AND p.gid = :gid', {
        auth: ProblemAuth.Public,
        gid,
      })
      .orderBy('p.id', 'ASC')
      .offset(req.skip)
      .limit(req.size);
    if (q.keyword) qb.andWhere('(p.title ILIKE :kw OR p.problemId ILIKE :kw)', { kw: `%${escapeLike(q.keyword)}%` });
    if (q.difficulty !== undefined) qb.andWhere('p.difficulty = :d', { d: q.difficulty });
    applyOjFilter(qb, 'p', q.oj);
    if (q.tagId?.length) {
      const tagIds = [...new Set(q.tagId)];
      qb.andWhere(
        `p.id IN (SELECT pt.pid FROM problem_tag pt WHERE pt.tid IN (:...tagIds) GROUP BY pt.pid HAVING COUNT(DISTINCT pt.tid) = :n)`,
        { tagIds, n: tagIds.length },
      );
    }
    const rows: {
      pid: number;
      problemId: string;
      title: string;
      difficulty: number;
      type: number;
      total: number;
      ac: number;
      matched: string;
    }[] = await qb.getRawMany();
    let total = rows.length ? Number(rows[0].matched) : 0;
    if (rows.length === 0 && req.skip > 0) total = await qb.offset(undefined).limit(undefined).getCount();
    const tags = await this.tagsOf(rows.map((r) => r.pid));
    const records = rows.map(({ matched: _m, ...r }) => ({
      ...r,
      total: Number(r.total),
      ac: Number(r.ac),
      tags: (tags.get(r.pid) ?? []).map((t) => ({ id: t.id, name: t.name, color: t.color })),
    }));
    return toPage(records, total, req);
  }

  /** Drops this replica's cached public lists (after an edit here; other replicas expire within the TTL). */
  private forgetLists(): void {
    this.listCache.clear();
    this.groupListCache.forgetWhere(() => true);
  }

  async allTags(oj?: string): Promise<Tag[]> {
    const key = tagOjOf(oj);
    return this.tags.find({ where: key === null ? { gid: IsNull() } : { gid: IsNull(), oj: key }, order: { name: 'ASC' } });
  }

  /** The site's tags and a group's own (HOJ group/get-all-problem-tags: every OJ's, for the group's problem editor). */
  groupTags(gid: number): Promise<Tag[]> {
    return this.tags.find({ where: [{ gid: IsNull() }, { gid }], order: { name: 'ASC', id: 'ASC' } });
  }

  /** GET /api/get-recent-updated-problem (HOJ RecentUpdatedProblemVO): the ten newest public problems. */
  async recentUpdated(): Promise<Pick<Problem, 'id' | 'problemId' | 'title' | 'type' | 'gmtCreate' | 'gmtModified'>[]> {
    return this.problems.find({
      select: ['id', 'problemId', 'title', 'type', 'gmtCreate', 'gmtModified'],
      where: { auth: ProblemAuth.Public, isGroup: false },
      order: { gmtCreate: 'DESC', id: 'DESC' },
      take: 10,
    });
  }

  /** The remote judges that hold public problems, in REMOTE_OJS order (the list's source filter offers only these). */
  async remoteOjsWithProblems(): Promise<string[]> {
    const rows = await this.problems
      .createQueryBuilder('p')
      .select('DISTINCT p.remoteOj', 'oj')
      .where('p.isRemote = true AND p.auth = :auth AND p.isGroup = false', { auth: ProblemAuth.Public })
      .getRawMany<{ oj: string | null }>();
    const held = new Set(rows.map((r) => r.oj));
    return REMOTE_OJS.filter((oj) => held.has(oj));
  }

  async randomProblemId(): Promise<{ problemId: string }> {
    const row = await this.problems
      .createQueryBuilder('p')
      .select(['p.problemId'])
      .where('p.auth = :auth AND p.isGroup = false', { auth: ProblemAuth.Public })
      .orderBy('random()')
      .limit(1)
      .getOne();
    if (!row) throw new NotFoundError(ERR.notFound);
    return { problemId: row.problemId };
  }

  /** GET /api/get-problem-detail: statement, limits, samples, tags, languages, templates, statistics, my status. */
  async detail(problemId: string, user?: AuthUser) {
    return this.detailOf(await this.findVisible({ problemId }, user), user);
  }

  /** The detail answer of a problem the caller was let see by its caller's rules (a training's problem page). */
  async detailOf(problem: Problem, user?: AuthUser) {
    const [tags, languages, templates, statistic, mine] = await Promise.all([
      this.tagsOf([problem.id]),
      this.languagesFor(problem.id),
      this.templatesOf(problem.id),
      this.statistics.findOne({ where: { pid: problem.id } }),
      user ? this.userStats.findOne({ where: { uid: user.uid, pid: problem.id } }) : null,
    ]);
    const { spjCode: _spj, judgeExtraFile: _jef, caseVersion: _cv, ...visible } = problem;
    return {
      problem: { ...visible, examples: formatHojExamples(problem.examples) },
      tags: tags.get(problem.id) ?? [],
      languages: languages.map((l) => l.name),
      codeTemplate: Object.fromEntries(templates.map((t) => [t.language, t.code])),
      problemCount: statistic ?? { pid: problem.id, total: 0, ac: 0, wa: 0, ce: 0, tle: 0, mle: 0, re: 0, pe: 0, se: 0, pa: 0 },
      myStatus: mine ? { status: mine.accepted ? JudgeStatus.Accepted : mine.lastStatus, score: mine.bestScore } : null,
    };
  }

  /**
   * POST /api/get-user-problem-status (HOJ): every requested pid answers `{status}` — accepted once accepted,
   * else the latest verdict, -10 never submitted. Outside contests the score of the best attempt comes along;
   * for a contest's list (`isContestProblemList` + `cid`) only its submissions count, an OI contest answers the
   * latest attempt with its score and an ACM contest `score: null`, as HOJ does. Only the caller's own rows are read.
   */
  async userStatus(
    uid: string,
    q: { pidList: number[]; isContestProblemList?: boolean; cid?: number; isExamProblemList?: boolean; eid?: number },
  ): Promise<Record<number, { status: number; score?: number | null }>> {
    const pids = [...new Set(q.pidList)];
    if (pids.length === 0) return {};
    const out: Record<number, { status: number; score?: number | null }> = {};
    // A contest's (or an exam's) list: only its submissions count.
    if (q.isContestProblemList && q.cid) return this.timedListStatus(uid, pids, 'contest', q.cid);
    if (q.isExamProblemList && q.eid) return this.timedListStatus(uid, pids, 'exam', q.eid);
    const rows = await this.userStats.find({ where: { uid, pid: In(pids) } });
    for (const r of rows) out[r.pid] = { status: r.accepted ? JudgeStatus.Accepted : r.lastStatus, score: r.bestScore };
    for (const pid of pids) out[pid] ??= { status: JudgeStatus.NotSubmitted };
    return out;
  }

  /**
   * The caller's state per problem of a contest or exam list: an OI event answers the latest attempt with its score,
   * an ACM event `score: null` with an accepted attempt winning over later ones (HOJ).
   */
  private async timedListStatus(
    uid: string,
    pids: number[],
    table: 'contest' | 'exam',
    id: number,
  ): Promise<Record<number, { status: number; score?: number | null }>> {
    const column = table === 'contest' ? 'cid' : 'eid';
    const event = await this.dataSource
      .createQueryBuilder()
      .select('t.type', 'type')
      .from(table, 't')
      .where('t.id = :id', { id })
      .getRawOne<{ type: number }>();
    if (!event) throw new NotFoundError();
    const oi = event.type === ContestType.OI;
    const qb = this.dataSource
      .createQueryBuilder()
      .select(['j.pid AS pid', 'j.status AS status', 'j.score AS score'])
      .distinctOn(['j.pid'])
      .from('judge', 'j')
      .where(`j.uid = :uid AND j.${column} = :id AND j.pid IN (:...pids)`, { uid, id, pids })
      .orderBy('j.pid');
    if (!oi) qb.addOrderBy(`(j.status = ${JudgeStatus.Accepted})`, 'DESC');
    const rows = await qb.addOrderBy('j.submit_time', 'DESC').getRawMany<{ pid: number; status: number; score: number | null }>();
    const out: Record<number, { status: number; score?: number | null }> = {};
    for (const r of rows) out[r.pid] = { status: r.status, score: oi ? r.score : null };
    for (const pid of pids) out[pid] ??= { status: JudgeStatus.NotSubmitted, score: null };
    return out;
  }
}

/** An OI problem's full score: its groups' scores plus its ungrouped cases' scores (every case's score without groups). */
export function fullScore(groups: readonly CaseGroup[] | null, cases: readonly { score: number; groupNum: number | null }[]): number {
  if (!groups?.length) return cases.reduce((s, r) => s + r.score, 0);
  return groups.reduce((s, g) => s + g.score, 0) + cases.filter((c) => c.groupNum === null).reduce((s, r) => s + r.score, 0);
}
