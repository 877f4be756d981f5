import { Injectable } from '@nestjs/common';
import { TOP_GROUP_RANK_SIZE, TopGroupRow } from '@oj/contracts';
import { GroupService } from '../../group/group.service';
import { UserJudgeStatsService } from '../../submission-store/user-judge-stats.service';

/**
 * The dashboard's top 10 teams (product §2): groups ranked by the sum of their members' solved problems (the
 * counter the rank list already keeps per user), ties by the older group. Banned groups and groups without members
 * are left out. Two reads, one per owning module: the groups, and the sums per group.
 */
@Injectable()
export class TopGroupService {
  constructor(
    private readonly groups: GroupService,
    private readonly stats: UserJudgeStatsService,
  ) {}

  async topGroups(): Promise<TopGroupRow[]> {
    const [groups, solved] = await Promise.all([this.groups.normalGroups(), this.stats.solvedByGroup()]);
    return groups
      .filter((g) => solved.has(g.id))
      .map((g) => ({ gid: g.id, name: g.name, shortName: g.shortName, memberCount: g.memberCount, solved: solved.get(g.id)! }))
      .sort((a, b) => b.solved - a.solved || a.gid - b.gid)
      .slice(0, TOP_GROUP_RANK_SIZE);
  }
}
