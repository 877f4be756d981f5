import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Role } from '@oj/contracts';
import { DataSource, Repository } from 'typeorm';
import { hashPassword } from '../../core/auth/password';
import { SessionService } from '../../core/auth/session.service';
import { UserRole } from '../../core/auth/entities/user-role.entity';
import { User } from '../../core/auth/entities/user.entity';

export interface NewUser {
  username: string;
  password: string;
  email?: string | null;
  role?: Role;
  realname?: string | null;
  nickname?: string | null;
  school?: string | null;
  gender?: User['gender'];
}

/** A change of the name or avatar other areas copy (user-copies.ts), once it is committed. */
export interface CopiedFieldsChange {
  uid: string;
  /** The name before a rename. */
  renamedFrom?: string;
  username: string;
  avatarChanged?: boolean;
  /** An admin changed what boards and the home page show besides the name: nickname, real name, school, title. */
  profileChanged?: boolean;
}

/** Accounts: lookups and creation. Other modules find users through here. */
@Injectable()
export class UserService {
  private readonly copyListeners: ((change: CopiedFieldsChange) => Promise<void> | void)[] = [];

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(UserRole) private readonly userRoles: Repository<UserRole>,
    private readonly dataSource: DataSource,
    private readonly sessions: SessionService,
  ) {}

  /**
   * Areas that keep a user's name or avatar in their caches (boards, page caches, directories) drop those copies
   * here; the stored copies are already rewritten (renameUserCopies, updateAvatarCopies).
   */
  onCopiedFieldsChanged(listener: (change: CopiedFieldsChange) => Promise<void> | void): void {
    this.copyListeners.push(listener);
  }

  /** Tells every area; a failing listener costs only its cache's freshness (bounded by its own lifetime). */
  async copiedFieldsChanged(change: CopiedFieldsChange): Promise<void> {
    await Promise.all(
      this.copyListeners.map(async (listener) => {
        try {
          await listener(change);
        } catch (err) {
          console.error(`[user] a cache kept a stale copy of ${change.uid}: ${(err as Error).message}`);
        }
      }),
    );
  }

  findByUid(uid: string): Promise<User | null> {
    return this.users.findOne({ where: { uid } });
  }

  findByUsername(username: string): Promise<User | null> {
    return this.users.findOne({ where: { username } });
  }

  findByEmail(email: string): Promise<User | null> {
    return this.users.findOne({ where: { email } });
  }

  findByMobile(mobile: string): Promise<User | null> {
    return this.users.findOne({ where: { mobile } });
  }

  /** The user with the password hash (for login checks only). */
  findWithPassword(username: string): Promise<User | null> {
    return this.users.createQueryBuilder('u').addSelect('u.password').where('u.username = :username', { username }).getOne();
  }

  async roleOf(uid: string): Promise<Role> {
    const link = await this.userRoles.findOne({ where: { uid } });
    return (link?.roleId ?? Role.User) as Role;
  }

  async existsWithRole(role: Role): Promise<boolean> {
    return this.userRoles.exists({ where: { roleId: role } });
  }

  /** Creates the user and its role link in one transaction. */
  async create(input: NewUser): Promise<User> {
    const password = await hashPassword(input.password);
    return this.dataSource.transaction(async (em) => {
      const user = em.create(User, {
        username: input.username,
        password,
        email: input.email ?? null,
        realname: input.realname ?? null,
        nickname: input.nickname ?? null,
        school: input.school ?? null,
        gender: input.gender ?? 'secrecy',
      });
      await em.save(user);
      await em.save(em.create(UserRole, { uid: user.uid, roleId: input.role ?? Role.User }));
      return user;
    });
  }

  /** Sets a new password and revokes every token of the user. */
  async setPassword(uid: string, password: string): Promise<void> {
    await this.users.update({ uid }, { password: await hashPassword(password) });
    await this.sessions.revokeAllTokens(uid);
  }

  async recordLogin(uid: string, ip: string | undefined): Promise<void> {
    await this.users.update({ uid }, { lastLoginTime: new Date(), lastLoginIp: ip ?? null });
  }
}
