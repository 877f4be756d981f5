import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  ADMIN_ROLES,
  ADMIN_USER_TEXT,
  AdminInsertUsersResult,
  AdminUserRow,
  ERR,
  GENERATE_USERS_MAX,
  GENERATED_USERS_KEEP_SEC,
  GeneratedUser,
  GenerateUsersResult,
  LIMITS,
  Page,
  ROLE_NAMES,
  Role,
} from '@oj/contracts';
import { randomBytes, randomInt } from 'crypto';
import Redis from 'ioredis';
import { DataSource, In, Repository } from 'typeorm';
import { AuthUser } from '../../../core/auth/auth-user';
import { hashPassword } from '../../../core/auth/password';
import { SessionService } from '../../../core/auth/session.service';
import { BadRequestError, NotFoundError } from '../../../core/http/api.exception';
import { pageRequest, toPage } from '../../../core/pagination/pagination';
import { REDIS } from '../../../core/redis/redis.module';
import { AdminEditUserDto, AdminUserListQuery, GenerateUsersDto } from '../dto/admin-user.dto';
import { RoleEntity } from '../../../core/auth/entities/role.entity';
import { UserRole } from '../../../core/auth/entities/user-role.entity';
import { Gender, User, UserStatus } from '../../../core/auth/entities/user.entity';
import { renameUserCopies } from '../user-copies';
import { UserService } from '../user.service';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const generatedKey = (key: string) => `generated-users:${key}`;
const PASSWORD_CHARS = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** CSV gender column: male/0, female/1, anything else secrecy (product §3). */
export function csvGender(value: string | undefined): Gender {
  const v = (value ?? '').trim().toLowerCase();
  if (v === 'male' || v === '0') return 'male';
  if (v === 'female' || v === '1') return 'female';
  return 'secrecy';
}

/** Admin → User (super admin only). */
@Injectable()
export class AdminUserService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(UserRole) private readonly userRoles: Repository<UserRole>,
    private readonly userService: UserService,
    private readonly sessions: SessionService,
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async list(query: AdminUserListQuery): Promise<Page<AdminUserRow>> {
    const req = pageRequest(query);
    const qb = this.users
      .createQueryBuilder('u')
      .leftJoin(UserRole, 'r', 'r.uid = u.uid')
      .select(['u.uid AS uid', 'u.username AS username', 'u.realname AS realname', 'u.email AS email', 'u.nickname AS nickname'])
      .addSelect(['u.school AS school', 'u.gender AS gender', 'u.mobile AS mobile', 'u.status AS status', 'u.title_name AS "titleName"'])
      .addSelect(['u.title_color AS "titleColor"', 'u.last_login_time AS "lastLoginTime"', 'u.gmt_create AS "gmtCreate"'])
      .addSelect(`COALESCE(r.role_id, ${Role.User})`, 'roleId')
      .leftJoin(RoleEntity, 'ro', `ro.id = COALESCE(r.role_id, ${Role.User})`)
      .addSelect(['ro.role AS "roleName"', 'ro.description AS "roleDescription"', 'ro.status AS "roleStatus"'])
      .orderBy('u.gmt_create', 'DESC')
      .addOrderBy('u.uid', 'ASC');
    if (query.keyword) {
      qb.andWhere('(u.username ILIKE :kw OR u.realname ILIKE :kw OR u.nickname ILIKE :kw OR u.email ILIKE :kw)', {
        kw: `%${query.keyword.replace(/[\\%_]/g, (c) => '\\' + c)}%`,
      });
    }
    if (query.onlyAdmin) qb.andWhere('r.role_id IN (:...admins)', { admins: [...ADMIN_ROLES] });
    if (query.role !== undefined) qb.andWhere(`COALESCE(r.role_id, ${Role.User}) = :role`, { role: query.role });
    type Raw = Omit<AdminUserRow, 'roles'> & { roleName: string | null; roleDescription: string | null; roleStatus: number | null };
    const [rows, total] = await Promise.all([qb.clone().offset(req.skip).limit(req.size).getRawMany<Raw>(), qb.getCount()]);
    const records = rows.map(({ roleName, roleDescription, roleStatus, ...r }): AdminUserRow => {
      const roleId = Number(r.roleId) as Role;
      const name = roleName ?? ROLE_NAMES[roleId];
      // HOJ's UserRolesVO.roles: the user's Role rows (its admin list shows roles[0].id); roleId and roleList are ours.
      return {
        ...r,
        roleId,
        roleList: [name],
        roles: [{ id: roleId, role: name, description: roleDescription ?? '', status: roleStatus ?? 0 }],
      };
    });
    return toPage(records, total, req);
  }

  async edit(dto: AdminEditUserDto, actor: AuthUser): Promise<void> {
    const user = await this.users.findOne({ where: { uid: dto.uid } });
    if (!user) throw new NotFoundError();
    if (dto.uid === actor.uid && ((dto.type !== undefined && dto.type !== actor.roleId) || dto.status === UserStatus.Disabled)) {
      throw new BadRequestError(ADMIN_USER_TEXT.cannotChangeOwnRole);
    }
    if (dto.username !== undefined && dto.username !== user.username && (await this.userService.findByUsername(dto.username))) {
      throw new BadRequestError(ERR.usernameExists);
    }
    const email = dto.email === '' ? null : dto.email;
    if (email && email !== user.email && (await this.userService.findByEmail(email))) throw new BadRequestError(ERR.emailExists);

    const shown = ['realname', 'nickname', 'school', 'titleName', 'titleColor'] as const;
    const profileChanged = shown.some((key) => dto[key] !== undefined && dto[key] !== user[key]);
    const revoke = dto.setNewPwd === true || (dto.status === UserStatus.Disabled && user.status !== UserStatus.Disabled);
    await this.dataSource.transaction(async (em) => {
      const patch: Partial<User> = {};
      for (const key of ['username', 'realname', 'nickname', 'school', 'titleName', 'titleColor', 'status'] as const) {
        if (dto[key] !== undefined) (patch as Record<string, unknown>)[key] = dto[key];
      }
      if (email !== undefined) patch.email = email;
      if (dto.setNewPwd && dto.password) patch.password = await hashPassword(dto.password);
      if (Object.keys(patch).length) await em.update(User, { uid: dto.uid }, patch);
      if (patch.username !== undefined && patch.username !== user.username)
        await renameUserCopies(em, dto.uid, user.username, patch.username);
      if (dto.type !== undefined) await em.upsert(UserRole, { uid: dto.uid, roleId: dto.type }, ['uid']);
    });
    if (revoke) await this.sessions.revokeAllTokens(dto.uid);
    else await this.sessions.invalidate(dto.uid);
    const renamed = dto.username !== undefined && dto.username !== user.username;
    if (renamed || profileChanged) {
      await this.userService.copiedFieldsChanged({
        uid: dto.uid,
        renamedFrom: renamed ? user.username : undefined,
        username: dto.username ?? user.username,
        profileChanged,
      });
    }
  }

  async remove(ids: string[], actor: AuthUser): Promise<number> {
    if (ids.includes(actor.uid)) throw new BadRequestError(ADMIN_USER_TEXT.cannotDeleteSelf);
    const result = await this.users.delete({ uid: In(ids) });
    await Promise.all(ids.map((uid) => this.sessions.invalidate(uid)));
    return result.affected ?? 0;
  }

  /** Import CSV rows (product §3, §5): rows without username or password, or already taken, are skipped. */
  async insertBatch(rows: string[][]): Promise<AdminInsertUsersResult> {
    const skipped: AdminInsertUsersResult['skipped'] = [];
    const seen = new Set<string>();
    let created = 0;
    for (const [i, row] of rows.entries()) {
      const [username, password, email, realname, gender, nickname, school] = row.map((c) => (typeof c === 'string' ? c.trim() : ''));
      const rowNo = i + 1;
      if (!username || !password) {
        skipped.push({ row: rowNo, reason: ADMIN_USER_TEXT.rowMissingUsernameOrPassword });
        continue;
      }
      if (
        username.length > LIMITS.usernameMax ||
        password.length < LIMITS.passwordMin ||
        password.length > LIMITS.passwordMax ||
        (email && !EMAIL.test(email))
      ) {
        skipped.push({ row: rowNo, reason: ADMIN_USER_TEXT.rowInvalid });
        continue;
      }
      if (seen.has(username) || (await this.userService.findByUsername(username))) {
        skipped.push({ row: rowNo, reason: ERR.usernameExists });
        continue;
      }
      if (email && (await this.userService.findByEmail(email))) {
        skipped.push({ row: rowNo, reason: ERR.emailExists });
        continue;
      }
      seen.add(username);
      await this.userService.create({
        username,
        password,
        email: email || null,
        realname: realname || null,
        gender: csvGender(gender),
        nickname: nickname || null,
        school: school || null,
        role: Role.User,
      });
      created++;
    }
    return { created, skipped };
  }

  /**
   * prefix + n + suffix for n in [numberFrom, numberTo], random passwords. Answers the accounts made and HOJ's
   * `key`: the accounts are kept in Redis under it for GENERATED_USERS_KEEP_SEC, for the .xlsx download.
   */
  async generate(dto: GenerateUsersDto): Promise<GenerateUsersResult> {
    if (dto.numberTo < dto.numberFrom) throw new BadRequestError(ADMIN_USER_TEXT.endBeforeStart);
    if (dto.numberTo - dto.numberFrom + 1 > GENERATE_USERS_MAX) throw new BadRequestError(ADMIN_USER_TEXT.tooMany);
    const names: string[] = [];
    for (let n = dto.numberFrom; n <= dto.numberTo; n++) names.push(`${dto.prefix}${n}${dto.suffix}`);
    if (names.some((u) => !u || u.length > LIMITS.usernameMax)) throw new BadRequestError(ERR.usernameTooLong);
    const taken = await this.users.find({ where: { username: In(names) }, select: { username: true } });
    if (taken.length) throw new BadRequestError(`${ERR.usernameExists} (${taken.map((u) => u.username).join(', ')})`);
    const made: GeneratedUser[] = [];
    for (const username of names) {
      const password = Array.from({ length: dto.passwordLength }, () => PASSWORD_CHARS[randomInt(PASSWORD_CHARS.length)]).join('');
      await this.userService.create({ username, password, role: Role.User });
      made.push({ username, password });
    }
    const key = randomBytes(16).toString('hex');
    await this.redis.set(generatedKey(key), JSON.stringify(made), 'EX', GENERATED_USERS_KEEP_SEC);
    return { key, users: made };
  }

  /** The accounts a generate call answered under `key`, while they are kept. */
  async generated(key: string): Promise<GeneratedUser[]> {
    const kept = await this.redis.get(generatedKey(key));
    if (!kept) throw new NotFoundError(ADMIN_USER_TEXT.generatedGone);
    return JSON.parse(kept) as GeneratedUser[];
  }
}
