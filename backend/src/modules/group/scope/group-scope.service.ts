import { Injectable } from '@nestjs/common';
import { ERR, GroupMemberStatus } from '@oj/contracts';
import { AuthUser } from '../../../core/auth/auth-user';
import { ForbiddenError, NotFoundError } from '../../../core/http/api.exception';
import { GroupAccessService } from '../../../core/auth/group-access.service';
import { Group } from '../entities/group.entity';
import { GroupService } from '../group.service';

/**
 * The three checks every scoped group route makes (product §6), so each route names its rule in one call:
 * a list of the group (`member` / `admin`, 403 for the rest) and one item of the group by id (`manager` / `item`,
 * 404 outside the group so nothing about it leaks). A banned or missing group is 404 first (the row as
 * GroupService.findActiveCached keeps it for a second).
 */
@Injectable()
export class GroupScopeService {
  constructor(
    private readonly groups: GroupService,
    private readonly access: GroupAccessService,
  ) {}

  /** Members (3–5) and root read the group's lists. */
  async member(gid: number, user: AuthUser): Promise<Group> {
    const group = await this.groups.findActiveCached(gid, user);
    if (!(await this.access.isMember(gid, user))) throw new ForbiddenError(ERR.noPermission);
    return group;
  }

  /** Group admins (4–5) and root create content and read the admin lists. */
  async admin(gid: number, user: AuthUser): Promise<Group> {
    const group = await this.groups.findActiveCached(gid, user);
    if (!user.isRoot && (await this.access.level(gid, user.uid, true)) < GroupMemberStatus.Admin)
      throw new ForbiddenError(ERR.noPermission);
    return group;
  }

  /**
   * One item of the group (`gid` null: not a group item → 404) that the caller manages: its author (`isAuthor`) while still
   * an admin (4–5), the group's level-5 members, root. Non-members get 404, members without the right 403.
   */
  async manager(gid: number | null, isAuthor: boolean, user: AuthUser): Promise<void> {
    if (gid === null) throw new NotFoundError(ERR.notFound);
    await this.groups.findActiveCached(gid, user);
    if (user.isRoot) return;
    const level = await this.access.level(gid, user.uid, true);
    if (level < GroupMemberStatus.Member) throw new NotFoundError(ERR.notFound);
    const allowed = level >= GroupMemberStatus.Root || (level >= GroupMemberStatus.Admin && isAuthor);
    if (!allowed) throw new ForbiddenError(ERR.noPermission);
  }
}
