import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { AUTH_TEXT, AuthEntry, Role, RoleAuthEntry, isBuiltinPermission } from '@oj/contracts';
import { DataSource, In, Repository } from 'typeorm';
import { AuthEntity } from '../../../core/auth/entities/auth.entity';
import { RoleAuth } from '../../../core/auth/entities/role-auth.entity';
import { PermissionService } from '../../../core/auth/permission.service';
import { BadRequestError, NotFoundError } from '../../../core/http/api.exception';
import { RoleEntity } from '../../../core/auth/entities/role.entity';
import { AuthIdQuery, CreateAuthDto, RoleAuthDto, RoleAuthsDto, UpdateAuthDto } from '../dto/auth.dto';

const toEntry = (a: AuthEntity): AuthEntry => ({
  id: a.id,
  name: a.name,
  permission: a.permission,
  status: a.status,
  builtin: isBuiltinPermission(a.permission),
  gmtCreate: a.gmtCreate.toISOString(),
  gmtModified: a.gmtModified.toISOString(),
});

/**
 * Admin → Auth and Role-auth (super admin only): permissions and which roles hold them. Every change tells
 * PermissionService on every replica, so the guard and the services apply it at the next call.
 */
@Injectable()
export class AdminAuthService {
  constructor(
    @InjectRepository(AuthEntity) private readonly auths: Repository<AuthEntity>,
    @InjectRepository(RoleAuth) private readonly roleAuths: Repository<RoleAuth>,
    @InjectRepository(RoleEntity) private readonly roles: Repository<RoleEntity>,
    private readonly ds: DataSource,
    private readonly permissions: PermissionService,
  ) {}

  async list(): Promise<AuthEntry[]> {
    return (await this.auths.find({ order: { id: 'ASC' } })).map(toEntry);
  }

  private async assertKeyFree(permission: string, exceptId?: number): Promise<void> {
    const other = await this.auths.findOne({ where: { permission } });
    if (other && other.id !== exceptId) throw new BadRequestError(AUTH_TEXT.permissionExists);
  }

  async create(dto: CreateAuthDto): Promise<AuthEntry> {
    const name = dto.name.trim();
    if (!name) throw new BadRequestError(AUTH_TEXT.nameRequired);
    await this.assertKeyFree(dto.permission);
    const saved = await this.auths.save(this.auths.create({ name, permission: dto.permission, status: dto.status ?? 0 }));
    // A new permission is held by nobody but the super administrator until it is given to roles.
    await this.permissions.invalidate();
    return toEntry(saved);
  }

  private async find(id: number): Promise<AuthEntity> {
    const auth = await this.auths.findOne({ where: { id } });
    if (!auth) throw new NotFoundError(AUTH_TEXT.authNotFound);
    return auth;
  }

  async update(dto: UpdateAuthDto): Promise<AuthEntry> {
    const auth = await this.find(dto.id);
    if (dto.permission !== undefined && dto.permission !== auth.permission) {
      // The code checks built-in keys by name: renaming one would take it from every role silently.
      if (isBuiltinPermission(auth.permission)) throw new BadRequestError(AUTH_TEXT.builtinPermission);
      await this.assertKeyFree(dto.permission, auth.id);
      auth.permission = dto.permission;
    }
    if (dto.name !== undefined) {
      if (!dto.name.trim()) throw new BadRequestError(AUTH_TEXT.nameRequired);
      auth.name = dto.name.trim();
    }
    if (dto.status !== undefined) auth.status = dto.status;
    const saved = await this.auths.save(auth);
    await this.permissions.invalidate();
    return toEntry(saved);
  }

  async remove(q: AuthIdQuery): Promise<void> {
    const auth = await this.find(q.id);
    if (isBuiltinPermission(auth.permission)) throw new BadRequestError(AUTH_TEXT.builtinPermission);
    await this.auths.delete({ id: auth.id }); // role_auth rows go with it (ON DELETE CASCADE)
    await this.permissions.invalidate();
  }

  /** Every role of product §6 with the permissions it holds (the super administrator: all of them). */
  async roleAuthList(): Promise<RoleAuthEntry[]> {
    const [roles, links, all] = await Promise.all([
      this.roles.find({ order: { id: 'ASC' } }),
      this.roleAuths.find(),
      this.auths.find({ select: { id: true } }),
    ]);
    return roles.map((r) => ({
      roleId: r.id,
      role: r.role,
      description: r.description,
      authIds:
        r.id === Role.Root
          ? all.map((a) => a.id).sort((a, b) => a - b)
          : links
              .filter((l) => l.roleId === r.id)
              .map((l) => l.authId)
              .sort((a, b) => a - b),
    }));
  }

  private async assertEditableRole(roleId: number): Promise<void> {
    if (roleId === Role.Root) throw new BadRequestError(AUTH_TEXT.rootHoldsAll);
    if (!(await this.roles.exist({ where: { id: roleId } }))) throw new NotFoundError(AUTH_TEXT.roleNotFound);
  }

  /** Replaces the role's permissions with exactly these. */
  async setRoleAuths(dto: RoleAuthsDto): Promise<RoleAuthEntry> {
    await this.assertEditableRole(dto.roleId);
    const ids = [...new Set(dto.authIds)];
    if (ids.length && (await this.auths.count({ where: { id: In(ids) } })) !== ids.length) {
      throw new NotFoundError(AUTH_TEXT.authNotFound);
    }
    await this.ds.transaction(async (em) => {
      await em.delete(RoleAuth, { roleId: dto.roleId });
      if (ids.length)
        await em.insert(
          RoleAuth,
          ids.map((authId) => ({ roleId: dto.roleId, authId })),
        );
    });
    await this.permissions.invalidate();
    return (await this.roleAuthList()).find((r) => r.roleId === dto.roleId)!;
  }

  async grant(dto: RoleAuthDto): Promise<void> {
    await this.assertEditableRole(dto.roleId);
    await this.find(dto.authId);
    await this.roleAuths.createQueryBuilder().insert().values({ roleId: dto.roleId, authId: dto.authId }).orIgnore().execute();
    await this.permissions.invalidate();
  }

  async revoke(dto: RoleAuthDto): Promise<void> {
    await this.assertEditableRole(dto.roleId);
    await this.roleAuths.delete({ roleId: dto.roleId, authId: dto.authId });
    await this.permissions.invalidate();
  }
}
