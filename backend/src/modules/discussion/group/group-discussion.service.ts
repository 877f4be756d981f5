import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DISCUSSION_ERR, ERR, GroupMemberStatus } from '@oj/contracts';
import { Repository } from 'typeorm';
import { AuthUser } from '../../../core/auth/auth-user';
import { ForbiddenError, NotFoundError } from '../../../core/http/api.exception';
import { UpdateDiscussionDto } from '../dto/discussion.dto';
import { Discussion } from '../entities/discussion.entity';
import { DiscussionRemovalService } from '../discussion-removal.service';
import { DiscussionService } from '../public/discussion.service';
import { GroupAccessService } from '../../../core/auth/group-access.service';
import { GroupScopeService } from '../../group/scope/group-scope.service';
import { CreateGroupDiscussionDto } from './group-discussion.dto';

/**
 * A group's discussion area (HOJ GroupDiscussionManager): the site's posts with the group's `gid`. Every call
 * needs the openGroupDiscussion switch (root passes). Members read and post; the author and the group's admins
 * (4–5) edit and delete; admins also list hidden posts. The detail, comments and likes use the site's routes,
 * which admit the group's members only.
 */
@Injectable()
export class GroupDiscussionService {
  constructor(
    @InjectRepository(Discussion) private readonly posts: Repository<Discussion>,
    private readonly discussions: DiscussionService,
    private readonly removal: DiscussionRemovalService,
    private readonly access: GroupAccessService,
    private readonly scope: GroupScopeService,
  ) {}

  async list(gid: number, q: { currentPage?: number; limit?: number; pid?: string }, user: AuthUser) {
    await this.discussions.assertGroupArea(user);
    await this.scope.member(gid, user);
    return this.discussions.list({ currentPage: q.currentPage, limit: q.limit, pid: q.pid }, user, true, { gid, withHidden: false });
  }

  async adminList(gid: number, q: { currentPage?: number; limit?: number }, user: AuthUser) {
    await this.discussions.assertGroupArea(user);
    await this.scope.admin(gid, user);
    return this.discussions.list({ currentPage: q.currentPage, limit: q.limit }, user, true, { gid, withHidden: true });
  }

  async create(dto: CreateGroupDiscussionDto, user: AuthUser) {
    await this.discussions.assertGroupArea(user);
    await this.scope.member(dto.gid, user);
    const { gid, ...post } = dto;
    return this.discussions.create(post, user, gid);
  }

  async update(dto: UpdateDiscussionDto, user: AuthUser): Promise<void> {
    await this.managed(dto.id, user);
    await this.discussions.update(dto, user, true);
  }

  async remove(did: number, user: AuthUser): Promise<void> {
    await this.managed(did, user);
    await this.removal.removeDiscussions([did]);
  }

  /** A group's post the caller may change: its author while a member, the group's admins (4–5), root. */
  private async managed(did: number, user: AuthUser): Promise<Discussion> {
    const d = await this.posts.findOne({ where: { id: did } });
    if (!d || d.gid === null) throw new NotFoundError(DISCUSSION_ERR.notFound);
    await this.discussions.assertGroupReader(d.gid, user);
    await this.scope.member(Number(d.gid), user); // a banned group's posts are 404 too
    const level = user.isRoot ? GroupMemberStatus.Root : await this.access.level(Number(d.gid), user.uid, true);
    if (d.uid !== user.uid && level < GroupMemberStatus.Admin) throw new ForbiddenError(ERR.noPermission);
    return d;
  }
}
