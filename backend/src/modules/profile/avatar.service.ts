import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ERR, PROFILE_API, PROFILE_LIMITS, Role } from '@oj/contracts';
import { randomUUID } from 'crypto';
import { promises as fs } from 'fs';
import * as path from 'path';
import { Repository } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../core/config/app-config';
import { BadRequestError } from '../../core/http/api.exception';
import { toUserInfo } from '../account/account.service';
import { User } from '../../core/auth/entities/user.entity';
import { updateAvatarCopies } from '../user/user-copies';
import { UserService } from '../user/user.service';
import { ImageTooLarge, UnreadableImage, sniffImage, toAvatarWebp } from './avatar-image';
import { UserHomeService } from './user-home.service';

/** Names of stored avatars: what the public image route accepts (PNGs were stored before WebP). */
export const AVATAR_FILE = /^[0-9a-f]{32}\.(png|webp)$/;

/**
 * Avatars (product §5): gif, jpg, jpeg, png, bmp or webp by content, at most 2 MB, stored under
 * FILES_DIR/avatar as a WebP square of at most 256 px (animations kept; see toAvatarWebp).
 */
@Injectable()
export class AvatarService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly home: UserHomeService,
    private readonly userService: UserService,
  ) {}

  get dir(): string {
    return path.join(this.config.paths.filesDir, 'avatar');
  }

  async upload(uid: string, role: Role, file: { buffer: Buffer; size: number } | undefined): Promise<Record<string, unknown>> {
    const avatar = await this.store(file);
    const before = await this.users.findOne({ where: { uid }, select: { uid: true, avatar: true } });
    await this.users.manager.transaction(async (em) => {
      await em.update(User, { uid }, { avatar });
      await updateAvatarCopies(em, uid, avatar);
    });
    await this.removeStored(before?.avatar ?? null);
    const user = await this.users.findOneOrFail({ where: { uid } });
    await this.home.forget(user.uid, user.username);
    await this.userService.copiedFieldsChanged({ uid, username: user.username, avatarChanged: true });
    return toUserInfo(user, role);
  }

  /** Path of a stored avatar, or null for names that are not ours. */
  fileOf(name: string): string | null {
    return AVATAR_FILE.test(name) ? path.join(this.dir, name) : null;
  }

  /**
   * Checks an uploaded picture (§5: by content, at most 2 MB), stores it as the avatar WebP and answers its public
   * address. Users' and groups' avatars (HOJ upload-group-avatar) are kept alike.
   */
  async store(file: { buffer: Buffer; size: number } | undefined): Promise<string> {
    if (!file?.buffer?.length) throw new BadRequestError(ERR.fileTypeNotSupport);
    if (file.size > PROFILE_LIMITS.avatarMaxBytes) throw new BadRequestError(ERR.exceedMaxSize);
    const kind = sniffImage(file.buffer);
    if (!kind) throw new BadRequestError(ERR.fileTypeNotSupport);
    const bytes = await toAvatarWebp(file.buffer, kind).catch((e: unknown) => {
      if (e instanceof ImageTooLarge) throw new BadRequestError(ERR.exceedMaxSize);
      throw e instanceof UnreadableImage ? new BadRequestError(ERR.fileTypeNotSupport) : e;
    });
    const name = `${randomUUID().replace(/-/g, '')}.webp`;
    await fs.mkdir(this.dir, { recursive: true });
    await fs.writeFile(path.join(this.dir, name), bytes);
    return PROFILE_API.imagePrefix + name;
  }

  /** Deletes a stored avatar by its address (a replaced one); other addresses are left alone. */
  async removeStored(url: string | null): Promise<void> {
    if (!url?.startsWith(PROFILE_API.imagePrefix)) return;
    const file = this.fileOf(url.slice(PROFILE_API.imagePrefix.length));
    if (file) await fs.rm(file, { force: true });
  }
}
