import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Page, ProblemAuth } from '@oj/contracts';
import { In, Repository } from 'typeorm';
import { escapeLike, pageRequest, toPage } from '../../core/pagination/pagination';
import { Problem } from './entities/problem.entity';
import { applyOjFilter } from './oj-filter';

/** The bank columns an admin picker or a linked-problem list shows (HOJ's Problem row without statement or code). */
export const PICKER_COLUMNS = [
  'id',
  'problemId',
  'title',
  'author',
  'type',
  'auth',
  'isRemote',
  'remoteOj',
  'difficulty',
  'gmtCreate',
  'gmtModified',
] as const satisfies readonly (keyof Problem)[];

export type PickerRow = Pick<Problem, (typeof PICKER_COLUMNS)[number]>;

export interface PickerQuery {
  currentPage?: number;
  limit?: number;
  /** Matched against the title, the display id and the author. */
  keyword?: string;
  /** HOJ's `oj` filter (applyOjFilter). */
  oj?: string;
}

/**
 * Which bank problems a picker offers. `public`: public, not a group's (trainings); `contest`: not private, not a
 * group's, of the given type or remote (HOJ's contest picker).
 */
export type PickerRule = { kind: 'public' } | { kind: 'contest'; problemType: number };

/**
 * Bank problems as other modules' admin screens list them: the picker that adds problems to a contest or a training,
 * and the page of the problems already linked to one. The linking module keeps its own link table and passes ids;
 * the bank's table stays this module's.
 */
@Injectable()
export class ProblemLookupService {
  constructor(@InjectRepository(Problem) private readonly problems: Repository<Problem>) {}

  /** Whether the bank holds any problem (the demo content is made only on an empty site). */
  async hasAny(): Promise<boolean> {
    return (await this.problems.count({ take: 1 })) > 0;
  }

  /** A page of the bank problems `rule` allows, without those in `exclude`, newest first or oldest first. */
  async page(q: PickerQuery, rule: PickerRule, exclude: number[], order: 'ASC' | 'DESC'): Promise<Page<PickerRow>> {
    const req = pageRequest(q);
    const qb = this.problems.createQueryBuilder('p').where('p.isGroup = false');
    if (rule.kind === 'public') qb.andWhere('p.auth = :auth', { auth: ProblemAuth.Public });
    else {
      qb.andWhere('p.auth <> :private', { private: ProblemAuth.Private });
      qb.andWhere('(p.type = :type OR p.isRemote = true)', { type: rule.problemType });
    }
    if (exclude.length) qb.andWhere('p.id NOT IN (:...exclude)', { exclude });
    applyOjFilter(qb, 'p', q.oj);
    this.matchKeyword(qb, q.keyword);
    const [rows, total] = await qb
      .select(PICKER_COLUMNS.map((c) => `p.${c}`))
      .orderBy('p.id', order)
      .skip(req.skip)
      .take(req.size)
      .getManyAndCount();
    return toPage(rows, total, req);
  }

  /** A page of the problems with these ids, in the order given (a training's order), filtered by keyword. */
  async pageInOrder(ids: number[], q: PickerQuery): Promise<Page<PickerRow>> {
    const req = pageRequest(q);
    if (!ids.length) return toPage([], 0, req);
    const qb = this.problems
      .createQueryBuilder('p')
      .select(PICKER_COLUMNS.map((c) => `p.${c}`))
      .where('p.id IN (:...ids)', { ids })
      .orderBy(`array_position(ARRAY[${ids.map(Number).join(',')}]::int[], p.id)`);
    this.matchKeyword(qb, q.keyword);
    const [rows, total] = await qb.skip(req.skip).take(req.size).getManyAndCount();
    return toPage(rows, total, req);
  }

  /** The rows of these problems by id (order not kept; missing ids are left out). */
  rowsOf(ids: number[]): Promise<PickerRow[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.problems.find({ select: [...PICKER_COLUMNS], where: { id: In(ids) } });
  }

  /** Each problem's title by id (HOJ's submission rows name their problem). */
  async titlesOf(ids: number[]): Promise<Map<number, string>> {
    const unique = [...new Set(ids)];
    const rows = unique.length ? await this.problems.find({ select: ['id', 'title'], where: { id: In(unique) } }) : [];
    return new Map(rows.map((p) => [p.id, p.title]));
  }

  private matchKeyword(qb: ReturnType<Repository<Problem>['createQueryBuilder']>, keyword: string | undefined): void {
    if (keyword?.trim())
      qb.andWhere('(p.title ILIKE :kw OR p.problemId ILIKE :kw OR p.author ILIKE :kw)', { kw: `%${escapeLike(keyword.trim())}%` });
  }
}
