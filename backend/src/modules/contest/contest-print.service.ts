import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { CONTEST_ERR, ERR, Page, PrintStatus } from '@oj/contracts';
import { Repository } from 'typeorm';
import { ForbiddenError, NotFoundError } from '../../core/http/api.exception';
import { pageRequest, toPage } from '../../core/pagination/pagination';
import { User } from '../../core/auth/entities/user.entity';
import { ContestAccess } from './contest-access.service';
import { ContestPrint } from './entities/contest-print.entity';

/** Print requests (product §3, §5): contestants send text of at least 50 characters, admins mark it printed. */
@Injectable()
export class ContestPrintService {
  constructor(
    @InjectRepository(ContestPrint) private readonly prints: Repository<ContestPrint>,
    @InjectRepository(User) private readonly users: Repository<User>,
  ) {}

  async submit(a: ContestAccess, content: string): Promise<void> {
    if (!a.user) throw new ForbiddenError(ERR.loginFirst);
    if (!a.contest.openPrint) throw new ForbiddenError(CONTEST_ERR.printClosed);
    const user = await this.users.findOneBy({ uid: a.user.uid });
    await this.prints.insert({
      cid: a.contest.id,
      uid: a.user.uid,
      username: a.user.username,
      realname: user?.realname ?? null,
      content,
      status: PrintStatus.NotPrinted,
    });
  }

  /** `get-contest-print`: not printed first, then oldest first. */
  async page(cid: number, q: { currentPage?: number; limit?: number; keyword?: string }): Promise<Page<ContestPrint>> {
    const req = pageRequest(q);
    const qb = this.prints.createQueryBuilder('p').where('p.cid = :cid', { cid });
    if (q.keyword) qb.andWhere('p.username ILIKE :kw', { kw: `%${q.keyword.replace(/[%_\\]/g, '\\$&')}%` });
    const [records, total] = await qb
      .orderBy('p.status', 'ASC')
      .addOrderBy('p.gmtCreate', 'ASC')
      .skip(req.skip)
      .take(req.size)
      .getManyAndCount();
    return toPage(records, total, req);
  }

  /** `check-contest-print-status`: mark a request printed. */
  async markPrinted(cid: number, id: number): Promise<void> {
    const result = await this.prints.update({ id, cid }, { status: PrintStatus.Printed });
    if (!result.affected) throw new NotFoundError();
  }
}
