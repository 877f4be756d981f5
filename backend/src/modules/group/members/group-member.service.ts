import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ERR, GROUP_ERR, GROUP_LIMITS, GroupAuth, GroupMemberStatus, GroupMemberVO, Page } from '@oj/contracts';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { AuthUser } from '../../../core/auth/auth-user';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../../core/http/api.exception';
import { pageRequest, toPage } from '../../../core/pagination/pagination';
import { NoticeService } from '../../message/notice.service';
import { GroupAccessService } from '../../../core/auth/group-access.service';
import { GroupDirectoryService } from '../directory/group-directory.service';
import { JoinGroupDto, MemberListQueryDto, UpdateMemberDto } from '../dto/group.dto';
import { GroupMember } from '../../../core/auth/entities/group-member.entity';
import { Group } from '../entities/group.entity';
import { GroupService } from '../group.service';

const MEMBER_MIN = GroupMemberStatus.Member;

interface MemberRow {
  id: number;
  gid: number;
  uid: string;
  username: string;
  auth: number;
  reason: string | null;
  gmtCreate: Date;
  gmtModify: Date;
}

/**
 * Membership (product §4, §6): joining per the group's auth, the admins' answers to applications, levels below
 * the admin's own, removal, exit and the owner's transfer. `group_info.member_count` moves in the same
 * transaction as every change between "not a member" (0–2) and "member" (3–5).
 */
@Injectable()
export class GroupMemberService {
  constructor(
    @InjectRepository(GroupMember) private readonly members: Repository<GroupMember>,
    private readonly groups: GroupService,
    private readonly access: GroupAccessService,
    private readonly directory: GroupDirectoryService,
    private readonly notices: NoticeService,
    private readonly dataSource: DataSource,
  ) {}

  /** get-member-list: members to owner; for the group's members and root (HOJ). */
  async memberList(q: MemberListQueryDto, user: AuthUser): Promise<Page<GroupMemberVO>> {
    await this.groups.findActive(q.gid, user);
    if (!(await this.access.isMember(q.gid, user))) throw new ForbiddenError(ERR.noPermission);
    return this.page(q, true);
  }

  /** get-apply-list: every row (applying, refused and members) with its reason; for group admins and root. */
  async applyList(q: MemberListQueryDto, user: AuthUser): Promise<Page<GroupMemberVO>> {
    await this.groups.findActive(q.gid, user);
    if (!(await this.access.isGroupAdmin(q.gid, user))) throw new ForbiddenError(ERR.noPermission);
    return this.page(q, false);
  }

  private async page(q: MemberListQueryDto, membersOnly: boolean): Promise<Page<GroupMemberVO>> {
    const req = pageRequest(q);
    const where: string[] = ['gm.gid = $1'];
    const params: unknown[] = [q.gid];
    if (membersOnly) where.push(`gm.auth >= ${MEMBER_MIN}`);
    if (q.auth) {
      params.push(q.auth);
      where.push(`gm.auth = $${params.length}`);
    }
    const keyword = q.keyword?.trim();
    if (keyword) {
      params.push(`%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where.push(`u.username ILIKE $${params.length}`);
    }
    const from = `FROM group_member gm JOIN user_info u ON u.uid = gm.uid WHERE ${where.join(' AND ')}`;
    const [{ total }] = await this.dataSource.query(`SELECT COUNT(*)::int AS total ${from}`, params);
    const rows: MemberRow[] = await this.dataSource.query(
      `SELECT gm.id, gm.gid, gm.uid, u.username, gm.auth, ${membersOnly ? 'NULL' : 'gm.reason'} AS reason,
              gm.gmt_create AS "gmtCreate", gm.gmt_modified AS "gmtModify"
         ${from} ORDER BY gm.gmt_create DESC, gm.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, req.size, req.skip],
    );
    return toPage(
      rows.map((r) => ({
        ...r,
        auth: r.auth as GroupMemberStatus,
        gmtCreate: r.gmtCreate.toISOString(),
        gmtModify: r.gmtModify.toISOString(),
      })),
      total,
      req,
    );
  }

  /**
   * POST /api/group/member: hidden groups take no one but root; a private group needs its invitation code;
   * public groups join at once, protected and private ones leave an application (with a reason of 5 to 100
   * when given) for the group's admins. A refused applicant may apply again.
   */
  async join(dto: JoinGroupDto, user: AuthUser): Promise<void> {
    const group = await this.groups.findActive(dto.gid, user, true);
    if (!group.visible && !user.isRoot) throw new NotFoundError(GROUP_ERR.notFound);
    if (group.auth === GroupAuth.Private && (dto.code ?? '') !== group.code) throw new BadRequestError(GROUP_ERR.wrongCode);
    const reason = dto.reason?.trim() || null;
    if (
      group.auth !== GroupAuth.Public &&
      reason !== null &&
      (reason.length < GROUP_LIMITS.reasonMin || reason.length > GROUP_LIMITS.reasonMax)
    ) {
      throw new BadRequestError(GROUP_ERR.reasonLength);
    }
    const auth = group.auth === GroupAuth.Public ? GroupMemberStatus.Member : GroupMemberStatus.Applying;
    await this.dataSource.transaction(async (em) => {
      const existing = await em.findOne(GroupMember, { where: { gid: group.id, uid: user.uid }, lock: { mode: 'pessimistic_write' } });
      if (existing?.auth === GroupMemberStatus.Applying) throw new BadRequestError(GROUP_ERR.alreadyApplied);
      if (existing && existing.auth >= MEMBER_MIN) throw new BadRequestError(GROUP_ERR.alreadyMember);
      if (existing) await em.update(GroupMember, { id: existing.id }, { auth, reason });
      else {
        const inserted = await em
          .createQueryBuilder()
          .insert()
          .into(GroupMember)
          .values({ gid: group.id, uid: user.uid, auth, reason })
          .orIgnore()
          .execute();
        // A concurrent request of the same user stored the row first.
        if (!inserted.identifiers.length || !inserted.identifiers[0]) throw new BadRequestError(GROUP_ERR.alreadyApplied);
      }
      if (auth >= MEMBER_MIN) await this.countMembers(em, group.id, 1);
    });
    this.changed(group.id, user.uid);
  }

  /**
   * PUT /api/group/member: a group admin (or root) answers an application (3 or 4 accepts, 2 refuses; the
   * applicant gets a 'mine' message) or changes a member's level, both below the admin's own level; the owner
   * is never changed here. Level 5 from the owner (or root) transfers the group: the owner becomes an admin.
   */
  async update(dto: UpdateMemberDto, user: AuthUser): Promise<void> {
    if (!Number.isInteger(dto.auth) || dto.auth < GroupMemberStatus.Applying || dto.auth > GroupMemberStatus.Root) {
      throw new BadRequestError(GROUP_ERR.levelInvalid);
    }
    const group = await this.groups.findActive(dto.gid, user);
    if (group.uid === dto.uid) throw new ForbiddenError(GROUP_ERR.ownerUnchangeable);
    const myLevel = user.isRoot ? GroupMemberStatus.Root + 1 : await this.access.level(group.id, user.uid, true);
    if (myLevel < GroupMemberStatus.Admin) throw new ForbiddenError(ERR.noPermission);
    if (dto.auth === GroupMemberStatus.Root) {
      if (!user.isRoot && group.uid !== user.uid) throw new ForbiddenError(ERR.noPermission);
      return this.transfer(group, dto.uid, user);
    }
    await this.dataSource.transaction(async (em) => {
      const target = await em.findOne(GroupMember, { where: { gid: group.id, uid: dto.uid }, lock: { mode: 'pessimistic_write' } });
      if (!target) throw new NotFoundError(GROUP_ERR.notInGroup);
      if (target.auth >= MEMBER_MIN && dto.auth < MEMBER_MIN) throw new ForbiddenError(GROUP_ERR.cannotDemoteMember);
      if (target.auth >= myLevel || dto.auth >= myLevel) throw new ForbiddenError(ERR.noPermission);
      if (target.auth === dto.auth) return;
      // An accepted application joins now: gmt_create (HOJ's join time, the application's until then) moves to it.
      const joins = target.auth < MEMBER_MIN && dto.auth >= MEMBER_MIN;
      await em.update(GroupMember, { id: target.id }, { auth: dto.auth as GroupMemberStatus, ...(joins ? { gmtCreate: new Date() } : {}) });
      if (joins) {
        await this.countMembers(em, group.id, 1);
        await this.notices.sendMine(em, dto.uid, 'groupApplicationAccepted', { gid: group.id }, user.uid);
      } else if (target.auth === GroupMemberStatus.Applying && dto.auth === GroupMemberStatus.Refused) {
        await this.notices.sendMine(em, dto.uid, 'groupApplicationRefused', { gid: group.id }, user.uid);
      }
    });
    this.changed(group.id, dto.uid);
  }

  /** The owner hands the group to a member (level 3 or 4): they become its owner, the old owner an admin. */
  private async transfer(group: Group, uid: string, user: AuthUser): Promise<void> {
    await this.dataSource.transaction(async (em) => {
      const target = await em.findOne(GroupMember, { where: { gid: group.id, uid }, lock: { mode: 'pessimistic_write' } });
      if (!target || target.auth < MEMBER_MIN) throw new BadRequestError(GROUP_ERR.transferTarget);
      const rows: { username: string }[] = await em.query('SELECT username FROM user_info WHERE uid = $1', [uid]);
      await em.update(GroupMember, { gid: group.id, uid: group.uid }, { auth: GroupMemberStatus.Admin });
      await em.update(GroupMember, { id: target.id }, { auth: GroupMemberStatus.Root });
      await em.update(Group, { id: group.id }, { uid, owner: rows[0].username });
      await this.notices.sendMine(em, uid, 'groupOwnerTransferred', { gid: group.id }, user.uid);
    });
    this.changed(group.id);
  }

  /** DELETE /api/group/member: an admin removes a row (member or application) below their own level. */
  async remove(gid: number, uid: string, user: AuthUser): Promise<void> {
    const group = await this.groups.findActive(gid, user);
    if (uid === user.uid) throw new BadRequestError(GROUP_ERR.cannotRemoveSelf);
    if (uid === group.uid) throw new ForbiddenError(GROUP_ERR.cannotRemoveOwner);
    const myLevel = user.isRoot ? GroupMemberStatus.Root + 1 : await this.access.level(gid, user.uid, true);
    if (myLevel < GroupMemberStatus.Admin) throw new ForbiddenError(ERR.noPermission);
    await this.dataSource.transaction(async (em) => {
      const target = await em.findOne(GroupMember, { where: { gid, uid }, lock: { mode: 'pessimistic_write' } });
      if (!target) throw new NotFoundError(GROUP_ERR.notInGroup);
      if (target.auth >= myLevel) throw new ForbiddenError(ERR.noPermission);
      await em.delete(GroupMember, { id: target.id });
      if (target.auth >= MEMBER_MIN) {
        await this.countMembers(em, gid, -1);
        await this.notices.sendMine(em, uid, 'groupMemberRemoved', { gid }, user.uid);
      }
    });
    this.changed(gid, uid);
  }

  /** DELETE /api/group/member/exit: a member (3 or 4) leaves; the owner may not (transfer or dissolve). */
  async exit(gid: number, user: AuthUser): Promise<void> {
    const group = await this.groups.findActive(gid, user);
    if (group.uid === user.uid) throw new ForbiddenError(GROUP_ERR.ownerCannotExit);
    await this.dataSource.transaction(async (em) => {
      const me = await em.findOne(GroupMember, { where: { gid, uid: user.uid }, lock: { mode: 'pessimistic_write' } });
      if (!me || me.auth < MEMBER_MIN) throw new ForbiddenError(GROUP_ERR.notMember);
      await em.delete(GroupMember, { id: me.id });
      await this.countMembers(em, gid, -1);
    });
    this.changed(gid, user.uid);
  }

  /**
   * A sign-in provider's group rule (sso module) makes the user a member of an existing group, whatever its auth;
   * an applicant becomes a member, a member or admin stays as they are. False when the group does not exist.
   */
  async addMemberBySignIn(gid: number, uid: string): Promise<boolean> {
    const added = await this.dataSource.transaction(async (em) => {
      const group = await em.findOne(Group, { where: { id: gid }, lock: { mode: 'pessimistic_write' } });
      if (!group) return false;
      const existing = await em.findOne(GroupMember, { where: { gid, uid }, lock: { mode: 'pessimistic_write' } });
      if (existing && existing.auth >= MEMBER_MIN) return false;
      if (existing) await em.update(GroupMember, { id: existing.id }, { auth: GroupMemberStatus.Member });
      else await em.insert(GroupMember, { gid, uid, auth: GroupMemberStatus.Member, reason: null });
      await this.countMembers(em, gid, 1);
      return true;
    });
    if (added) this.changed(gid, uid);
    return added;
  }

  /** After a membership change: this replica's copies of the levels, the member's groups and the counts. */
  private changed(gid: number, uid?: string): void {
    this.access.forget(gid, uid);
    if (uid !== undefined) this.directory.forgetMember(uid);
    this.directory.forgetGroups();
  }

  private async countMembers(em: EntityManager, gid: number, delta: number): Promise<void> {
    await em.query('UPDATE group_info SET member_count = member_count + $2 WHERE id = $1', [gid, delta]);
  }
}
