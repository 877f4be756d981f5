import { SLIDE_VERIFY } from '@oj/contracts';
import { randomBytes, randomInt } from 'crypto';
import { PNG } from 'pngjs';

/** A raster picture (RGBA). */
type Rgba = { width: number; height: number; data: Buffer };

/** Width of the lighter band around a gap, in pixels. */
const RIM = 2;
/** Decoy gaps drawn beside the real one (fewer when they do not fit). */
const DECOYS = 3;

const pngUrl = (img: Rgba): string => {
  const png = new PNG({ width: img.width, height: img.height });
  img.data.copy(png.data);
  // No row filters and fast deflate: the noise barely compresses anyway, and this runs per challenge.
  return `data:image/png;base64,${PNG.sync.write(png, { filterType: 0, deflateLevel: 1, colorType: 2 }).toString('base64')}`;
};

/**
 * The slide puzzle as PNG pictures. What a script could read the gap from is removed (issue 31: a 20-line decoder found
 * the old pure-white rim 5 times out of 5):
 * - the background is a smooth random landscape (value noise at three scales, a random palette) with per-pixel noise,
 *   not flat tiles, so edges are everywhere;
 * - the gap is shaded by a random factor and its rim is a lighter blend of the background (its colour follows the
 *   picture; never a fixed or pure colour);
 * - decoy gaps of the same size at the same height hold a copy of the piece's own pixels, shaded the same way, so
 *   matching the piece against the picture finds them as well as the real one.
 * The real defence stays the per-user and per-address login limits; this only keeps a script from answering cheaply.
 */
export function slidePictures(gx: number, gy: number, decoys: number[] = decoyPositions(gx)): { img: string; block: string } {
  const { widthPx: w, heightPx: h, blockPx: b } = SLIDE_VERIFY;
  const data = landscape(w, h);
  // The piece: the gap's own pixels before shading (with noise of its own), with a blue rim.
  const piece = Buffer.alloc(b * b * 4);
  const original = Buffer.alloc(b * b * 4);
  for (let y = 0; y < b; y++) data.copy(original, y * b * 4, ((gy + y) * w + gx) * 4, ((gy + y) * w + gx + b) * 4);
  const pieceNoise = randomBytes(b * b);
  for (let y = 0; y < b; y++) {
    for (let x = 0; x < b; x++) {
      const o = (y * b + x) * 4;
      if (onRim(x, y, b)) piece.set([64, 158, 255, 255], o);
      else for (let c = 0; c < 4; c++) piece[o + c] = c === 3 ? 255 : clamp(original[o + c] + (pieceNoise[y * b + x] % 9) - 4);
    }
  }
  // The decoys first take the piece's pixels, then every gap (decoys and the real one) is shaded alike.
  for (const dx of decoys) for (let y = 0; y < b; y++) original.copy(data, ((gy + y) * w + dx) * 4, y * b * 4, (y + 1) * b * 4);
  const shade = 0.45 + randomInt(0, 20) / 100;
  for (const x0 of [gx, ...decoys]) shadeGap(data, w, x0, gy, b, shade);
  return { img: pngUrl({ width: w, height: h, data }), block: pngUrl({ width: b, height: b, data: piece }) };
}

/** Where decoys go: within the range the real gap is drawn from, clear of it and of each other. */
export function decoyPositions(gx: number, count = DECOYS): number[] {
  const { widthPx: w, blockPx: b } = SLIDE_VERIFY;
  const taken = [gx];
  for (let tries = 0; tries < 200 && taken.length <= count; tries++) {
    const x = randomInt(b + 10, w - b - 5);
    if (taken.every((t) => Math.abs(t - x) >= b + 4)) taken.push(x);
  }
  return taken.slice(1);
}

function onRim(x: number, y: number, b: number): boolean {
  return x < RIM || y < RIM || x >= b - RIM || y >= b - RIM;
}

function shadeGap(data: Buffer, w: number, x0: number, y0: number, b: number, shade: number): void {
  const noise = randomBytes(b * b);
  for (let y = 0; y < b; y++) {
    for (let x = 0; x < b; x++) {
      const o = ((y0 + y) * w + x0 + x) * 4;
      const n = (noise[y * b + x] % 13) - 6;
      // Rim: 60 % of the picture plus 35 % white (at most 242 before noise), so it is never one fixed colour.
      for (let c = 0; c < 3; c++) data[o + c] = clamp(onRim(x, y, b) ? data[o + c] * 0.6 + 89 + n : data[o + c] * shade + n);
    }
  }
}

/** A random smooth picture: value noise at three scales in a random palette, plus per-pixel grain. */
function landscape(w: number, h: number): Buffer {
  const layers = [48, 17, 6].map((scale) => valueNoise(w, h, scale));
  const palette = Array.from({ length: 3 }, () => [randomInt(40, 120), randomInt(80, 200)]);
  const grain = randomBytes(w * h);
  const data = Buffer.alloc(w * h * 4);
  for (let i = 0; i < w * h; i++) {
    const v = layers[0][i] * 0.6 + layers[1][i] * 0.3 + layers[2][i] * 0.1;
    const g = (grain[i] % 25) - 12;
    for (let c = 0; c < 3; c++) {
      const [base, span] = palette[c];
      // Each channel follows the noise in its own phase, so colours change across the picture.
      const t = c === 0 ? v : c === 1 ? 1 - v : (v + layers[1][i]) / 2;
      data[i * 4 + c] = clamp(base + span * t + g);
    }
    data[i * 4 + 3] = 255;
  }
  return data;
}

/** Bilinear value noise in [0, 1] with a random grid every `scale` pixels (smoothstep between grid points). */
function valueNoise(w: number, h: number, scale: number): Float32Array {
  const gw = Math.ceil(w / scale) + 2;
  const gh = Math.ceil(h / scale) + 2;
  const grid = randomBytes(gw * gh);
  const out = new Float32Array(w * h);
  const smooth = (t: number) => t * t * (3 - 2 * t);
  for (let y = 0; y < h; y++) {
    const gy = Math.floor(y / scale);
    const ty = smooth(y / scale - gy);
    for (let x = 0; x < w; x++) {
      const gx = Math.floor(x / scale);
      const tx = smooth(x / scale - gx);
      const at = (i: number, j: number) => grid[j * gw + i] / 255;
      const top = at(gx, gy) * (1 - tx) + at(gx + 1, gy) * tx;
      const bottom = at(gx, gy + 1) * (1 - tx) + at(gx + 1, gy + 1) * tx;
      out[y * w + x] = top * (1 - ty) + bottom * ty;
    }
  }
  return out;
}

function clamp(v: number): number {
  return v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
}
