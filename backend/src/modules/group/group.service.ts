import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  ERR,
  GROUP_ERR,
  GROUP_LIMITS,
  GroupAuth,
  GroupDetail,
  GroupMemberStatus,
  GroupStatus,
  GroupVO,
  Page,
  PostingRules,
} from '@oj/contracts';
import Redis from 'ioredis';
import { DataSource, Repository } from 'typeorm';
import { AuthUser } from '../../core/auth/auth-user';
import { RowCache } from '../../core/cache/row-cache';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../core/http/api.exception';
import { pageRequest, toPage } from '../../core/pagination/pagination';
import { REDIS } from '../../core/redis/redis.module';
import { ReplicaBus } from '../../core/redis/replica-bus.service';
import { SiteConfigService } from '../../core/site-config/site-config.service';
import { AvatarStore } from '../upload/avatar-store.service';
import { GroupAccessService } from '../../core/auth/group-access.service';
import { GroupDirectoryService } from './directory/group-directory.service';
import { GroupBodyDto, GroupListQueryDto } from './dto/group.dto';
import { GroupMember } from '../../core/auth/entities/group-member.entity';
import { Group } from './entities/group.entity';
import { withSharedParts } from '../../core/http/send-serialised';
import { RateLimitService } from '../../core/rate-limit/rate-limit.service';

/**
 * How long a replica reuses a group row for the scoped content routes. Edits, bans and dissolutions drop it on
 * every replica through the replica bus; this bounds how long a lost message can last.
 */
export const GROUP_ROW_CACHE_MS = 10_000;
const ROW_CHANNEL = 'group-row';
const GROUP_ROW_CACHE_MAX = 50_000;

const MEMBER_LEVELS = [GroupMemberStatus.Member, GroupMemberStatus.Admin, GroupMemberStatus.Root];

/** Length rule of product §5: a given text must be min..max characters long (trimmed). */
function checkLength(value: string | null | undefined, min: number, max: number, text: string): void {
  const n = (value ?? '').trim().length;
  if (n < min || n > max) throw new BadRequestError(text);
}

/**
 * Groups themselves (product §4–§7, §9): the list, the detail, the caller's access and level, and creating,
 * editing and dissolving a group. Members are the member service's concern.
 */
@Injectable()
export class GroupService {
  /** Group rows of findActiveCached, by id (null: no such group), renewed in the background after 80 % of their age. */
  private readonly rows = new RowCache<Group, number>(
    (gid) => this.groups.findOneBy({ id: gid }),
    GROUP_ROW_CACHE_MS,
    GROUP_ROW_CACHE_MS * 0.8,
    GROUP_ROW_CACHE_MAX,
  );

  constructor(
    @InjectRepository(Group) private readonly groups: Repository<Group>,
    private readonly access: GroupAccessService,
    private readonly directory: GroupDirectoryService,
    private readonly site: SiteConfigService,
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly bus: ReplicaBus,
    private readonly avatars: AvatarStore,
    private readonly rateLimit: RateLimitService,
  ) {
    bus.on(ROW_CHANNEL, (gid) => this.rows.forget(Number(gid)));
  }

  /** The group, 404 when missing or banned (root still sees banned groups). */
  /**
   * findActive for the scoped content routes, which ask on every request: the row as this replica read it up to
   * GROUP_ROW_CACHE_MS ago (edits and deletions drop it on every replica at once).
   */
  async findActiveCached(gid: number, user: AuthUser | undefined): Promise<Group> {
    const group = await this.rows.get(gid);
    if (!group || (group.status === GroupStatus.Banned && !user?.isRoot)) throw new NotFoundError(GROUP_ERR.notFound);
    return group;
  }

  async findActive(gid: number, user: AuthUser | undefined, withCode = false): Promise<Group> {
    const qb = this.groups.createQueryBuilder('g').where('g.id = :gid', { gid });
    if (withCode) qb.addSelect('g.code');
    const group = await qb.getOne();
    if (!group || (group.status === GroupStatus.Banned && !user?.isRoot)) throw new NotFoundError(GROUP_ERR.notFound);
    return group;
  }

  /** Every group that is not banned, with the fields a ranking of groups shows. */
  normalGroups(): Promise<Pick<Group, 'id' | 'name' | 'shortName' | 'memberCount'>[]> {
    return this.groups.find({ select: ['id', 'name', 'shortName', 'memberCount'], where: { status: GroupStatus.Normal } });
  }

  /**
   * get-group-list (HOJ's rules): normal groups; hidden ones only to their members and root; `onlyMine` keeps
   * the caller's groups (member to owner); keyword in the name, short name or owner; oldest first.
   */
  async list(q: GroupListQueryDto, user?: AuthUser): Promise<Page<GroupVO>> {
    const req = pageRequest(q);
    const directory = await this.directory.all();
    if (directory) {
      // The caller's groups matter for hidden groups (root sees them all anyway) and for onlyMine.
      const needsMine = user && (!user.isRoot || q.onlyMine);
      const mine = needsMine ? await this.directory.mine(user.uid) : new Set<number>();
      const { records, total } = this.directory.page(directory, {
        mine,
        seesHidden: !!user?.isRoot,
        onlyMine: !!q.onlyMine,
        auth: q.auth,
        keyword: q.keyword?.trim(),
        skip: req.skip,
        size: req.size,
      });
      // The records are the directory's shared rows: the answer reuses their JSON.
      return withSharedParts(toPage(records, total, req));
    }
    return this.listBySql(q, req, user);
  }

  /** get-group-list in SQL, when there are more groups than a replica holds (GROUP_DIRECTORY_MAX_GROUPS). */
  private async listBySql(q: GroupListQueryDto, req: ReturnType<typeof pageRequest>, user?: AuthUser): Promise<Page<GroupVO>> {
    const qb = this.groups.createQueryBuilder('g').where('g.status = :normal', { normal: GroupStatus.Normal });
    const mine = `EXISTS (SELECT 1 FROM group_member gm WHERE gm.gid = g.id AND gm.uid = :uid AND gm.auth IN (:...levels))`;
    if (!user?.isRoot) qb.andWhere(user ? `(g.visible = true OR ${mine})` : 'g.visible = true');
    if (q.onlyMine) qb.andWhere(user ? mine : 'false');
    if (user) qb.setParameters({ uid: user.uid, levels: MEMBER_LEVELS });
    if (q.auth) qb.andWhere('g.auth = :auth', { auth: q.auth });
    const keyword = q.keyword?.trim();
    if (keyword) {
      qb.andWhere(`(g.name ILIKE :kw OR g.shortName ILIKE :kw OR g.owner ILIKE :kw)`, {
        kw: `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
      });
    }
    // One statement for the page and its total (a window count), as the busiest list call of the area.
    qb.select(['g.id AS id', 'g.avatar AS avatar', 'g.owner AS owner', 'g.name AS name', 'g.shortName AS "shortName"', 'g.brief AS brief'])
      .addSelect(['g.description AS description', 'g.auth AS auth', 'g.visible AS visible', 'g.memberCount AS "memberCount"'])
      .addSelect(['g.gmtCreate AS "gmtCreate"', 'count(*) OVER () AS matched'])
      .orderBy('g.id', 'ASC')
      .offset(req.skip)
      .limit(req.size);
    const rows: (Group & { matched: string })[] = await qb.getRawMany();
    let total = rows.length ? Number(rows[0].matched) : 0;
    if (rows.length === 0 && req.skip > 0) total = await qb.offset(undefined).limit(undefined).getCount();
    return toPage(rows.map(toGroupVO), total, req);
  }

  /** get-group-detail: hidden groups only for members and root; the invitation code only for the owner and root. */
  async detail(gid: number, user: AuthUser): Promise<GroupDetail> {
    const group = await this.findActive(gid, user, true);
    const level = await this.access.level(gid, user.uid);
    if (!group.visible && !user.isRoot && level < GroupMemberStatus.Member) throw new ForbiddenError(GROUP_ERR.notVisible);
    const seesCode = user.isRoot || level >= GroupMemberStatus.Root;
    return {
      ...toGroupVO(group),
      uid: group.uid,
      status: group.status,
      code: seesCode ? group.code : null,
      gmtModified: group.gmtModified.toISOString(),
    };
  }

  /** get-group-access (HOJ AccessVO): whether the caller is in the group (member to owner) or root. */
  async hasAccess(gid: number, user: AuthUser): Promise<{ access: boolean }> {
    if (!(await this.access.isMember(gid, user))) return { access: false };
    await this.findActive(gid, user);
    return { access: true };
  }

  /** get-group-auth: the caller's level (0 none, 1 applying, 2 refused, 3 member, 4 admin, 5 owner). */
  level(gid: number, user: AuthUser): Promise<number> {
    return this.access.level(gid, user.uid);
  }

  /** POST /api/group: the site rules of §9 for non-admins, the §5 rules, then the group with its owner as level 5. */
  async create(body: GroupBodyDto, user: AuthUser): Promise<void> {
    const fields = this.validate(body);
    const release = user.isAdmin ? undefined : await this.assertCanCreate(user);
    try {
      await this.assertUnique(fields.name, fields.shortName);
      await this.dataSource.transaction(async (em) => {
        const group = await em.save(
          em.create(Group, { ...fields, owner: user.username, uid: user.uid, status: GroupStatus.Normal, memberCount: 1 }),
        );
        await em.insert(GroupMember, { gid: group.id, uid: user.uid, auth: GroupMemberStatus.Root, reason: null });
      });
    } catch (e) {
      await release?.();
      throw e;
    }
    this.directory.forgetGroups();
    this.directory.forgetMember(user.uid);
  }

  /** PUT /api/group: the owner or root; the §5 rules again; only root bans or unbans (`status`). */
  async update(body: GroupBodyDto, user: AuthUser): Promise<void> {
    if (!body.id) throw new NotFoundError(GROUP_ERR.notFound);
    const group = await this.findActive(body.id, user, true);
    await this.assertCanEdit(group, user);
    const fields = this.validate({ ...body, code: body.code === undefined ? group.code : body.code });
    await this.assertUnique(fields.name, fields.shortName, group.id);
    const status = user.isRoot && body.status !== undefined ? (body.status as GroupStatus) : group.status;
    await this.groups.update({ id: group.id }, { ...fields, status });
    this.forgetRow(group.id);
  }

  /** Who edits a group's settings (name, avatar...): its level-5 members and root (HOJ isGroupRoot). */
  private async assertCanEdit(group: Group, user: AuthUser): Promise<void> {
    if (!user.isRoot && (await this.access.level(group.id, user.uid, true)) < GroupMemberStatus.Root)
      throw new ForbiddenError(ERR.noPermission);
  }

  /**
   * POST /api/file/upload-group-avatar (HOJ ImageManager.uploadGroupAvatar): a new avatar, stored as users' are,
   * by those who edit the group; the one it replaces is deleted. Answers the group as get-group-detail does.
   */
  async uploadAvatar(gid: number, file: { buffer: Buffer; size: number } | undefined, user: AuthUser): Promise<GroupDetail> {
    const group = await this.findActive(gid, user);
    await this.assertCanEdit(group, user);
    const avatar = await this.avatars.store(file);
    await this.groups.update({ id: gid }, { avatar });
    this.forgetRow(gid);
    await this.avatars.removeStored(group.avatar);
    return this.detail(gid, user);
  }

  /** DELETE /api/group: the owner or root; members go with it. */
  async remove(gid: number, user: AuthUser): Promise<void> {
    const group = await this.findActive(gid, user);
    if (!user.isRoot && group.uid !== user.uid) throw new ForbiddenError(ERR.noPermission);
    await this.dataSource.transaction(async (em) => {
      await em.delete(GroupMember, { gid });
      await em.delete(Group, { id: gid });
    });
    this.access.forget(gid);
    this.forgetRow(gid);
  }

  /** After the group changed: its row on every replica, and the list. */
  forgetRow(gid: number): void {
    this.rows.forget(gid);
    void this.bus.publish(ROW_CHANNEL, String(gid));
    this.directory.forgetGroups();
  }

  /**
   * Product §5 (HOJ's order of checks), trimmed. A private group needs a code of 6 (product §4: private requires the
   * invitation code, protected an application); a protected group may carry one, of 6 when given.
   */
  private validate(body: GroupBodyDto) {
    checkLength(body.name, GROUP_LIMITS.nameMin, GROUP_LIMITS.nameMax, GROUP_ERR.nameLength);
    checkLength(body.shortName, GROUP_LIMITS.shortNameMin, GROUP_LIMITS.shortNameMax, GROUP_ERR.shortNameLength);
    checkLength(body.brief, GROUP_LIMITS.briefMin, GROUP_LIMITS.briefMax, GROUP_ERR.briefLength);
    const auth = body.auth;
    if (auth !== GroupAuth.Public && auth !== GroupAuth.Protected && auth !== GroupAuth.Private) {
      throw new BadRequestError(GROUP_ERR.authInvalid);
    }
    const code = body.code?.trim() || null;
    if (code !== null || auth === GroupAuth.Private)
      checkLength(code, GROUP_LIMITS.codeLength, GROUP_LIMITS.codeLength, GROUP_ERR.codeLength);
    checkLength(body.description, GROUP_LIMITS.descriptionMin, GROUP_LIMITS.descriptionMax, GROUP_ERR.descriptionLength);
    return {
      name: body.name!.trim(),
      shortName: body.shortName!.trim(),
      brief: body.brief!.trim(),
      description: body.description!.trim(),
      auth: auth as GroupAuth,
      code,
      visible: body.visible ?? true,
      avatar: body.avatar?.trim() || null,
    };
  }

  /**
   * GET get-group-create-rules (not in HOJ), and the check of POST group: §9's AC count, then the daily limit, then the
   * total limit (site switch config); admins are exempt. The create form shows them before it is filled in.
   */
  async createRules(user: AuthUser): Promise<PostingRules> {
    const cfg = await this.site.get('switch');
    const rows: { solved: number }[] = await this.dataSource.query('SELECT solved FROM user_judge_stat WHERE uid = $1', [user.uid]);
    const solved = rows[0]?.solved ?? 0;
    const today = Number((await this.redis.get(this.dailyKey(user.uid))) ?? 0);
    const owned = await this.groups.countBy({ uid: user.uid });
    const refusal = user.isAdmin
      ? null
      : solved < cfg.defaultCreateGroupACInitValue
        ? GROUP_ERR.createAcCount(cfg.defaultCreateGroupACInitValue)
        : today >= cfg.defaultCreateGroupDailyLimit
          ? GROUP_ERR.createDailyLimit(cfg.defaultCreateGroupDailyLimit)
          : owned >= cfg.defaultCreateGroupLimit
            ? GROUP_ERR.createTotalLimit(cfg.defaultCreateGroupLimit)
            : null;
    return {
      acRequired: cfg.defaultCreateGroupACInitValue,
      solved,
      dailyLimit: cfg.defaultCreateGroupDailyLimit,
      today,
      totalLimit: cfg.defaultCreateGroupLimit,
      owned,
      exempt: user.isAdmin,
      refusal,
    };
  }

  /**
   * The check of POST group: createRules' refusal first (the order the form shows), then the day's place taken
   * atomically (concurrent creates cannot all pass a count read before any raised it) and the total limit read again
   * after it. The answer gives the place back when the group is not made after all.
   */
  private async assertCanCreate(user: AuthUser): Promise<() => Promise<void>> {
    const { refusal } = await this.createRules(user);
    if (refusal) throw new ForbiddenError(refusal);
    const cfg = await this.site.get('switch');
    const release = await this.rateLimit.reserveDaily(
      this.dailyKey(user.uid),
      cfg.defaultCreateGroupDailyLimit,
      () => new ForbiddenError(GROUP_ERR.createDailyLimit(cfg.defaultCreateGroupDailyLimit)),
    );
    if ((await this.groups.countBy({ uid: user.uid })) >= cfg.defaultCreateGroupLimit) {
      await release();
      throw new ForbiddenError(GROUP_ERR.createTotalLimit(cfg.defaultCreateGroupLimit));
    }
    return release;
  }

  private async assertUnique(name: string, shortName: string, exceptId?: number): Promise<void> {
    const clash = async (column: 'name' | 'shortName', value: string) => {
      const qb = this.groups.createQueryBuilder('g').where(`LOWER(g.${column}) = LOWER(:value)`, { value });
      if (exceptId) qb.andWhere('g.id <> :exceptId', { exceptId });
      return qb.getExists();
    };
    if (await clash('name', name)) throw new BadRequestError(GROUP_ERR.nameExists);
    if (await clash('shortName', shortName)) throw new BadRequestError(GROUP_ERR.shortNameExists);
  }

  /** The day is the server's UTC day. */
  private dailyKey(uid: string): string {
    return `group:daily:${new Date().toISOString().slice(0, 10)}:${uid}`;
  }
}

export function toGroupVO(g: Group): GroupVO {
  return {
    id: g.id,
    avatar: g.avatar,
    owner: g.owner,
    name: g.name,
    shortName: g.shortName,
    brief: g.brief,
    description: g.description,
    auth: g.auth,
    visible: g.visible,
    memberCount: g.memberCount,
    gmtCreate: g.gmtCreate.toISOString(),
  };
}
