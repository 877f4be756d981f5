import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ERR, PROFILE_API, PROFILE_LIMITS, Role } from '@oj/contracts';
import { randomUUID } from 'crypto';
import { promises as fs } from 'fs';
import { Jimp, defaultFormats } from 'jimp';
import * as path from 'path';
import { Repository } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../core/config/app-config';
import { BadRequestError } from '../../core/http/api.exception';
import { toUserInfo } from '../account/account.service';
import { User } from '../user/entities/user.entity';
import { UserHomeService } from './user-home.service';

export type ImageKind = 'png' | 'jpeg' | 'gif' | 'bmp' | 'webp';

/** What the bytes are, by their signature, whatever the file is called. */
export function sniffImage(b: Buffer): ImageKind | null {
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 6 && /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1'))) return 'gif';
  if (b.length >= 26 && b.subarray(0, 2).toString('latin1') === 'BM') return 'bmp';
  if (b.length >= 16 && b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return null;
}

/** Names of stored avatars: what the public image route accepts. */
export const AVATAR_FILE = /^[0-9a-f]{32}\.(png|webp)$/;

/**
 * Avatars (spec §5): gif, jpg, jpeg, png, bmp or webp by content, at most 2 MB, stored under
 * FILES_DIR/avatar. Decodable formats are cropped and scaled to a square of 256 px and stored
 * as PNG; jimp has no CommonJS WebP codec, so a WebP is stored as sent once its header checks out.
 */
@Injectable()
export class AvatarService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly home: UserHomeService,
  ) {}

  get dir(): string {
    return path.join(this.config.paths.filesDir, 'avatar');
  }

  async upload(uid: string, role: Role, file: { buffer: Buffer; size: number } | undefined): Promise<Record<string, unknown>> {
    if (!file?.buffer?.length) throw new BadRequestError(ERR.fileTypeNotSupport);
    if (file.size > PROFILE_LIMITS.avatarMaxBytes) throw new BadRequestError(ERR.exceedMaxSize);
    const kind = sniffImage(file.buffer);
    if (!kind) throw new BadRequestError(ERR.fileTypeNotSupport);
    const { bytes, ext } =
      kind === 'webp' ? { bytes: checkWebp(file.buffer), ext: 'webp' } : { bytes: await squarePng(file.buffer, kind), ext: 'png' };
    const name = `${randomUUID().replace(/-/g, '')}.${ext}`;
    await fs.mkdir(this.dir, { recursive: true });
    await fs.writeFile(path.join(this.dir, name), bytes);
    const before = await this.users.findOne({ where: { uid }, select: { uid: true, avatar: true } });
    await this.users.update({ uid }, { avatar: PROFILE_API.imagePrefix + name });
    await this.removeOld(before?.avatar ?? null);
    const user = await this.users.findOneOrFail({ where: { uid } });
    await this.home.forget(user.uid, user.username);
    return toUserInfo(user, role);
  }

  /** Path of a stored avatar, or null for names that are not ours. */
  fileOf(name: string): string | null {
    return AVATAR_FILE.test(name) ? path.join(this.dir, name) : null;
  }

  private async removeOld(url: string | null): Promise<void> {
    if (!url?.startsWith(PROFILE_API.imagePrefix)) return;
    const file = this.fileOf(url.slice(PROFILE_API.imagePrefix.length));
    if (file) await fs.rm(file, { force: true });
  }
}

/**
 * Decodes with the codec of the sniffed kind (Jimp.read would detect the type again through an
 * ESM-only import), then crops and scales to a square of at most 256 px.
 */
async function squarePng(buffer: Buffer, kind: Exclude<ImageKind, 'webp'>): Promise<Buffer> {
  const codec = defaultFormats.map((f) => f()).find((f) => f.mime === `image/${kind}`);
  let image: InstanceType<typeof Jimp>;
  try {
    const bitmap = await codec!.decode(buffer);
    image = Jimp.fromBitmap(bitmap as Parameters<typeof Jimp.fromBitmap>[0]);
  } catch {
    throw new BadRequestError(ERR.fileTypeNotSupport);
  }
  const side = Math.min(PROFILE_LIMITS.avatarSidePx, image.width, image.height);
  if (image.width !== side || image.height !== side) image.cover({ w: side, h: side });
  return image.getBuffer('image/png');
}

/** A WebP must at least carry a known chunk after its RIFF header. */
function checkWebp(buffer: Buffer): Buffer {
  const chunk = buffer.subarray(12, 16).toString('latin1');
  if (!['VP8 ', 'VP8L', 'VP8X'].includes(chunk)) throw new BadRequestError(ERR.fileTypeNotSupport);
  return buffer;
}
