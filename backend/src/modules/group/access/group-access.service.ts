import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { GroupMemberStatus } from '@oj/contracts';
import { Repository } from 'typeorm';
import { AuthUser } from '../../../core/auth/auth-user';
import { GroupMember } from '../entities/group-member.entity';

/** How long a replica reuses a level it read: a group contest asks it on every request of every member. */
export const GROUP_LEVEL_CACHE_MS = 1_000;
const LEVEL_CACHE_MAX = 200_000;

/**
 * A user's standing in a group (spec §4, §6), for the group module and every module holding content with a
 * `gid` (contests, trainings, problems, discussion). Levels: 0 none, 1 applying, 2 refused, 3 member,
 * 4 admin, 5 owner. Site root counts as a member and as the group's root everywhere.
 */
@Injectable()
export class GroupAccessService {
  /** "gid:uid" → level and when it was read; changes made through this replica drop their entry at once. */
  private readonly levels = new Map<string, { level: number; at: number }>();

  constructor(@InjectRepository(GroupMember) private readonly members: Repository<GroupMember>) {}

  /**
   * The user's level in the group; 0 when they have no row. Root's own row counts as is (not raised). `fresh`
   * reads the database (the checks before a membership change), otherwise a level up to GROUP_LEVEL_CACHE_MS old.
   */
  async level(gid: number, uid: string | undefined, fresh = false): Promise<number> {
    if (!uid) return 0;
    const key = `${gid}:${uid}`;
    const hit = this.levels.get(key);
    if (!fresh && hit && Date.now() - hit.at < GROUP_LEVEL_CACHE_MS) return hit.level;
    const at = Date.now();
    const row = await this.members.findOne({ where: { gid, uid }, select: { auth: true } });
    const level = row?.auth ?? 0;
    if (this.levels.size >= LEVEL_CACHE_MAX) this.levels.clear();
    this.levels.set(key, { level, at });
    return level;
  }

  /** Drops this replica's copy after a membership change (other replicas follow within GROUP_LEVEL_CACHE_MS). */
  forget(gid: number, uid?: string): void {
    if (uid !== undefined) {
      this.levels.delete(`${gid}:${uid}`);
      return;
    }
    const prefix = `${gid}:`;
    for (const key of this.levels.keys()) if (key.startsWith(prefix)) this.levels.delete(key);
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
}
