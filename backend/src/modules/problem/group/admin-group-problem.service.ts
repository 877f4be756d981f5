import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ApplyPublicProgress, ERR, GROUP_CONTENT_ERR, Page } from '@oj/contracts';
import { IsNull, Not, Repository } from 'typeorm';
import { BadRequestError, NotFoundError } from '../../../core/http/api.exception';
import { escapeLike, pageRequest, toPage } from '../../../core/pagination/pagination';
import { Problem } from '../entities/problem.entity';

type AppliedRow = Pick<Problem, 'id' | 'gid' | 'applyPublicProgress' | 'problemId' | 'title' | 'author' | 'type' | 'judgeMode'>;

/**
 * admin group-problem/apply (HOJ AdminGroupProblemManager): the group problems proposed for the public bank and
 * the review. Progress 2 puts the problem in the public bank (`isGroup` false: the bank's lists show it; it
 * keeps its gid and its display ID, which is unique site-wide here); 1 and 3 keep it the group's.
 */
@Injectable()
export class AdminGroupProblemService {
  constructor(@InjectRepository(Problem) private readonly problems: Repository<Problem>) {}

  /** Applied ones first (progress 1, then 2, then 3), by group. */
  async list(q: { currentPage?: number; limit?: number; keyword?: string; gid?: number }): Promise<Page<AppliedRow>> {
    const req = pageRequest(q);
    const qb = this.problems
      .createQueryBuilder('p')
      .select(['p.id', 'p.gid', 'p.applyPublicProgress', 'p.problemId', 'p.title', 'p.author', 'p.type', 'p.judgeMode'])
      .where('p.gid IS NOT NULL AND p.applyPublicProgress IS NOT NULL')
      .orderBy('p.applyPublicProgress', 'ASC')
      .addOrderBy('p.gid', 'ASC')
      .addOrderBy('p.id', 'ASC');
    if (q.gid) qb.andWhere('p.gid = :gid', { gid: q.gid });
    if (q.keyword) qb.andWhere('(p.title ILIKE :kw OR p.problemId ILIKE :kw)', { kw: `%${escapeLike(q.keyword)}%` });
    const [records, total] = await qb.skip(req.skip).take(req.size).getManyAndCount();
    return toPage(records, total, req);
  }

  async changeProgress(pid: number, progress: number): Promise<void> {
    if (!Object.values<number>(ApplyPublicProgress).includes(progress)) throw new BadRequestError(GROUP_CONTENT_ERR.progressInvalid);
    const problem = await this.problems.findOne({ where: { id: pid, gid: Not(IsNull()) } });
    if (!problem) throw new NotFoundError(ERR.notFound);
    if (problem.applyPublicProgress === null) throw new BadRequestError(GROUP_CONTENT_ERR.notApplied);
    await this.problems.update({ id: pid }, { applyPublicProgress: progress, isGroup: progress !== ApplyPublicProgress.Public });
  }
}
