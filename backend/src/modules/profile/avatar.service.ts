import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Role } from '@oj/contracts';
import { Repository } from 'typeorm';
import { toUserInfo } from '../account/account.service';
import { User } from '../../core/auth/entities/user.entity';
import { AvatarStore } from '../upload/avatar-store.service';
import { updateAvatarCopies } from '../user/user-copies';
import { UserService } from '../user/user.service';
import { UserHomeService } from './user-home.service';

/** A user's avatar (product §5): the picture is kept by the upload module's AvatarStore; this sets it as theirs. */
@Injectable()
export class AvatarService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly store: AvatarStore,
    private readonly home: UserHomeService,
    private readonly userService: UserService,
  ) {}

  async upload(uid: string, role: Role, file: { buffer: Buffer; size: number } | undefined): Promise<Record<string, unknown>> {
    const avatar = await this.store.store(file);
    const before = await this.users.findOne({ where: { uid }, select: { uid: true, avatar: true } });
    await this.users.manager.transaction(async (em) => {
      await em.update(User, { uid }, { avatar });
      await updateAvatarCopies(em, uid, avatar);
    });
    await this.store.removeStored(before?.avatar ?? null);
    const user = await this.users.findOneOrFail({ where: { uid } });
    await this.home.forget(user.uid, user.username);
    await this.userService.copiedFieldsChanged({ uid, username: user.username, avatarChanged: true });
    return toUserInfo(user, role);
  }

  /** Path of a stored avatar, or null for names that are not ours (the public image route). */
  fileOf(name: string): string | null {
    return this.store.fileOf(name);
  }
}
