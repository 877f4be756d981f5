import { Inject, Injectable } from '@nestjs/common';
import { ERR, PROFILE_API, PROFILE_LIMITS } from '@oj/contracts';
import { randomUUID } from 'crypto';
import { promises as fs } from 'fs';
import * as path from 'path';
import { APP_CONFIG, AppConfig } from '../../core/config/app-config';
import { BadRequestError } from '../../core/http/api.exception';
import { ImageTooLarge, UnreadableImage, sniffImage, toAvatarWebp } from './avatar-image';

/** Names of stored avatars: what the public image route accepts (PNGs were stored before WebP). */
export const AVATAR_FILE = /^[0-9a-f]{32}\.(png|webp)$/;

/**
 * The stored avatar pictures of users and groups (product §5): gif, jpg, jpeg, png, bmp or webp by content, at most
 * 2 MB, kept under FILES_DIR/avatar as a WebP square of at most 256 px (animations kept; see toAvatarWebp). Whose
 * avatar a picture is stays with the caller (the profile module for users, the group module for groups).
 */
@Injectable()
export class AvatarStore {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get dir(): string {
    return path.join(this.config.paths.filesDir, 'avatar');
  }

  /** Path of a stored avatar, or null for names that are not ours. */
  fileOf(name: string): string | null {
    return AVATAR_FILE.test(name) ? path.join(this.dir, name) : null;
  }

  /** Checks an uploaded picture (§5: by content, at most 2 MB), stores it as a WebP and answers its public address. */
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
