import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { AdminGroupRow, Page } from '@oj/contracts';
import { Repository } from 'typeorm';
import { escapeLike, pageRequest, toPage } from '../../../core/pagination/pagination';
import { Group } from '../entities/group.entity';
import { toGroupVO } from '../group.service';
import { AdminGroupListQueryDto } from '../dto/admin-group.dto';

/** Root's view of every group (product §6), banned ones included: the public list leaves those out for everyone. */
@Injectable()
export class AdminGroupService {
  constructor(@InjectRepository(Group) private readonly groups: Repository<Group>) {}

  async list(q: AdminGroupListQueryDto): Promise<Page<AdminGroupRow>> {
    const req = pageRequest(q);
    const qb = this.groups.createQueryBuilder('g');
    if (q.status !== undefined) qb.andWhere('g.status = :status', { status: q.status });
    const keyword = q.keyword?.trim();
    if (keyword) qb.andWhere('(g.name ILIKE :kw OR g.shortName ILIKE :kw OR g.owner ILIKE :kw)', { kw: `%${escapeLike(keyword)}%` });
    const [rows, total] = await qb.orderBy('g.id', 'ASC').skip(req.skip).take(req.size).getManyAndCount();
    return toPage(
      rows.map((g) => ({ ...toGroupVO(g), status: g.status })),
      total,
      req,
    );
  }
}
