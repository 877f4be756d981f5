import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ERR, GroupMemberStatus } from '@oj/contracts';
import { Repository } from 'typeorm';
import { AuthUser } from './auth-user';
import { RowCache } from '../cache/row-cache';
import { NotFoundError } from '../http/api.exception';
import { ReplicaBus } from '../redis/replica-bus.service';
import { GroupMember } from './entities/group-member.entity';

/**
 * How long a replica reuses a level it read (a group contest asks it on every request of every member). Changes
 * reach every replica at once through the replica bus; this bounds how long a lost message can last.
 */
export const GROUP_LEVEL_CACHE_MS = 10_000;
const CHANNEL = 'group-level';
const LEVEL_CACHE_MAX = 200_000;

/**
 * A user's standing in a group (product §4, §6), for the group module and every module holding content with a
 * `gid` (contests, trainings, problems, discussion). Levels: 0 none, 1 applying, 2 refused, 3 member,
 * 4 admin, 5 owner. Site root counts as a member and as the group's root everywhere.
 */
@Injectable()
export class GroupAccessService {
  /**
   * "gid:uid" → level, read at most GROUP_LEVEL_CACHE_MS ago and renewed in the background after 80 % of it (so a
   * busy member never waits for the renewal); membership changes drop the entry on every replica.
   */
  private readonly levels = new RowCache<number, string>(
    (key) => {
      const at = key.indexOf(':');
      return this.read(Number(key.slice(0, at)), key.slice(at + 1));
    },
    GROUP_LEVEL_CACHE_MS,
    GROUP_LEVEL_CACHE_MS * 0.8,
    LEVEL_CACHE_MAX,
  );

  constructor(
    @InjectRepository(GroupMember) private readonly members: Repository<GroupMember>,
    private readonly bus: ReplicaBus,
  ) {
    // "gid:uid", or "gid:" for every member of the group.
    bus.on(CHANNEL, (message) => this.forgetLocal(message));
  }

  /**
   * The user's level in the group; 0 when they have no row. Root's own row counts as is (not raised). `fresh`
   * reads the database (the checks before a membership change), otherwise a level up to GROUP_LEVEL_CACHE_MS old.
   */
  async level(gid: number, uid: string | undefined, fresh = false): Promise<number> {
    if (!uid) return 0;
    const key = `${gid}:${uid}`;
    if (fresh) this.levels.forget(key);
    return (await this.levels.get(key)) ?? 0;
  }

  private async read(gid: number, uid: string): Promise<number> {
    const row = await this.members.findOne({ where: { gid, uid }, select: { auth: true } });
    return row?.auth ?? 0;
  }

  /** After a membership change: drops the level (every member's without `uid`) on every replica. */
  forget(gid: number, uid?: string): void {
    const message = `${gid}:${uid ?? ''}`;
    this.forgetLocal(message);
    void this.bus.publish(CHANNEL, message);
  }

  private forgetLocal(message: string): void {
    if (message.endsWith(':')) this.levels.forgetWhere((key) => key.startsWith(message));
    else this.levels.forget(message);
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

  /** Group root (the owner, level 5) or site root: admin of the group's contests, exams and trainings (product §6). */
  async isGroupRoot(gid: number, user: AuthUser | undefined): Promise<boolean> {
    if (!user) return false;
    return user.isRoot || (await this.level(gid, user.uid)) >= GroupMemberStatus.Root;
  }

  /**
   * Group content is the group's (product §6): through the site's own routes (the admin area, the file routes), content
   * a group owns (`gid` not null: a group problem while `isGroup`, a training, contest, exam, question or discussion
   * of a group) is reached by the site's root only. Site admins and problem admins, whatever permissions their role
   * holds, reach it through the group's routes, which decide by group level like for anyone else.
   */
  siteRouteReaches(gid: number | null | undefined, user: AuthUser | undefined): boolean {
    return gid === null || gid === undefined || !!user?.isRoot;
  }

  /** `siteRouteReaches`, answered as the group's routes answer an outsider: 404, so the site route tells no more. */
  assertSiteRouteReaches(gid: number | null | undefined, user: AuthUser | undefined): void {
    if (!this.siteRouteReaches(gid, user)) throw new NotFoundError(ERR.notFound);
  }
}
