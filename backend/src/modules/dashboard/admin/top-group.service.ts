import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { GroupMemberStatus, GroupStatus, TOP_GROUP_RANK_SIZE, TopGroupRow } from '@oj/contracts';
import { Repository } from 'typeorm';
import { GroupMember } from '../../../core/auth/entities/group-member.entity';
import { Group } from '../../group/entities/group.entity';
import { UserJudgeStat } from '../../submission-store/entities/user-judge-stat.entity';

/**
 * The dashboard's top 10 teams (product §2): groups ranked by the sum of their members' solved problems (the
 * counter the rank list already keeps per user, so one grouped join answers it). Banned groups are left out.
 */
@Injectable()
export class TopGroupService {
  constructor(@InjectRepository(Group) private readonly groups: Repository<Group>) {}

  async topGroups(): Promise<TopGroupRow[]> {
    const rows: { gid: number; name: string; shortName: string; memberCount: number; solved: string }[] = await this.groups
      .createQueryBuilder('g')
      .innerJoin(GroupMember, 'gm', 'gm.gid = g.id AND gm.auth >= :member', { member: GroupMemberStatus.Member })
      .leftJoin(UserJudgeStat, 's', 's.uid = gm.uid')
      .select('g.id', 'gid')
      .addSelect('g.name', 'name')
      .addSelect('g.shortName', 'shortName')
      .addSelect('g.memberCount', 'memberCount')
      .addSelect('COALESCE(SUM(s.solved), 0)', 'solved')
      .where('g.status = :normal', { normal: GroupStatus.Normal })
      .groupBy('g.id')
      .orderBy('solved', 'DESC')
      .addOrderBy('g.id', 'ASC')
      .limit(TOP_GROUP_RANK_SIZE)
      .getRawMany();
    return rows.map((r) => ({ gid: r.gid, name: r.name, shortName: r.shortName, memberCount: r.memberCount, solved: Number(r.solved) }));
  }
}
