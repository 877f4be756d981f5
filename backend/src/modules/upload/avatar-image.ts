import { PROFILE_LIMITS } from '@oj/contracts';
import { defaultFormats } from 'jimp';
import sharp, { Sharp } from 'sharp';

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

/**
 * Decoded pixels an avatar may take, all frames together: 2 MB of compressed GIF or WebP can stand
 * for gigabytes of pixels. An animation past it keeps only its first frame; one frame past it is refused.
 */
export const AVATAR_MAX_PIXELS = 40_000_000;

/** Thrown for bytes that do not decode as the image their signature claims. */
export class UnreadableImage extends Error {}

/** Thrown for a picture whose single frame passes AVATAR_MAX_PIXELS. */
export class ImageTooLarge extends Error {}

/**
 * Turns an uploaded picture into the stored avatar: a WebP square of at most PROFILE_LIMITS.avatarSidePx,
 * cropped from the centre, turned upright by its EXIF orientation. Animated GIFs and WebPs stay animated
 * (every frame cropped alike, delays and loop count kept) unless their frames together pass AVATAR_MAX_PIXELS.
 * libvips (sharp) reads jpeg, png, gif and webp; it has no BMP loader, so a BMP is decoded by jimp's codec
 * and handed over as raw RGBA.
 */
export async function toAvatarWebp(buffer: Buffer, kind: ImageKind): Promise<Buffer> {
  try {
    const input = kind === 'bmp' ? await bmpInput(buffer) : await sharpInput(buffer);
    const meta = await input.metadata();
    // Frame size once turned upright (autoOrient), and per frame for an animation.
    const width = meta.autoOrient?.width ?? meta.width;
    const height = meta.pageHeight ?? meta.autoOrient?.height ?? meta.height;
    const side = Math.min(PROFILE_LIMITS.avatarSidePx, width, height);
    return await input.resize(side, side, { fit: 'cover', position: 'centre' }).webp({ quality: 85, effort: 4 }).toBuffer();
  } catch (e) {
    throw e instanceof ImageTooLarge ? e : new UnreadableImage();
  }
}

/** Animated when all frames fit the pixel budget, else the first frame only; sizes come from the header. */
async function sharpInput(buffer: Buffer): Promise<Sharp> {
  const options = { limitInputPixels: AVATAR_MAX_PIXELS, autoOrient: true, failOn: 'error' } as const;
  // Header only: sizes are known before anything is decoded (the limit would refuse the whole animation here).
  const meta = await sharp(buffer, { ...options, limitInputPixels: false, animated: true }).metadata();
  const pages = meta.pages ?? 1;
  const frameHeight = meta.pageHeight ?? meta.height;
  if (meta.width * frameHeight > AVATAR_MAX_PIXELS) throw new ImageTooLarge();
  const animate = pages > 1 && meta.width * frameHeight * pages <= AVATAR_MAX_PIXELS;
  return sharp(buffer, { ...options, animated: animate });
}

/** A BMP's size is read from its header first so that a huge (RLE) one is refused before decoding. */
async function bmpInput(buffer: Buffer): Promise<Sharp> {
  const width = buffer.readInt32LE(18);
  const height = Math.abs(buffer.readInt32LE(22));
  if (width <= 0 || height <= 0) throw new UnreadableImage();
  if (width * height > AVATAR_MAX_PIXELS) throw new ImageTooLarge();
  const codec = defaultFormats.map((f) => f()).find((f) => f.mime === 'image/bmp')!;
  const bitmap = (await codec.decode(buffer)) as { width: number; height: number; data: Buffer };
  return sharp(bitmap.data, { raw: { width: bitmap.width, height: bitmap.height, channels: 4 } });
}
