import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { GroupMemberStatus } from '@oj/contracts';
import { Repository } from 'typeorm';
import { AuthUser } from '../../../core/auth/auth-user';
import { GroupMember } from '../entities/group-member.entity';

/**
 * A user's standing in a group (spec §4, §6), for the group module and every module holding content with a
 * `gid` (contests, trainings, problems, discussion). Levels: 0 none, 1 applying, 2 refused, 3 member,
 * 4 admin, 5 owner. Site root counts as a member and as the group's root everywhere.
 */
@Injectable()
export class GroupAccessService {
  constructor(@InjectRepository(GroupMember) private readonly members: Repository<GroupMember>) {}

  /** The user's level in the group; 0 when they have no row. Root's own row counts as is (not raised). */
  async level(gid: number, uid: string | undefined): Promise<number> {
    if (!uid) return 0;
    const row = await this.members.findOne({ where: { gid, uid }, select: { auth: true } });
    return row?.auth ?? 0;
  }

  /** Member of level 3 to 5, or site root: sees the group's content. */
  async isMember(gid: number, user: AuthUser | undefined): Promise<boolean> {
    if (!user) return false;
    return user.isRoot || (await this.level(gid, user.uid)) >= GroupMemberStatus.Member;
  }

  /** Group admin (level 4 or 5) or site root: manages members below their level and the group's content lists. */
  async isGroupAdmin(gid: number, user: AuthUser | undefined): Promise<boolean> {
    if (!user) return false;
    return user.isRoot || (await this.level(gid, user.uid)) >= GroupMemberStatus.Admin;
  }

  /** Group root (the owner, level 5) or site root: admin of the group's contests, exams and trainings (spec §6). */
  async isGroupRoot(gid: number, user: AuthUser | undefined): Promise<boolean> {
    if (!user) return false;
    return user.isRoot || (await this.level(gid, user.uid)) >= GroupMemberStatus.Root;
  }

  /** The groups the user is a member of (level 3 to 5): for filtering lists by gid. */
  async memberGids(uid: string): Promise<number[]> {
    const rows = await this.members
      .createQueryBuilder('m')
      .select('m.gid', 'gid')
      .where('m.uid = :uid AND m.auth >= :member', { uid, member: GroupMemberStatus.Member })
      .getRawMany<{ gid: number }>();
    return rows.map((r) => r.gid);
  }
}
