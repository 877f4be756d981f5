import { SLIDE_VERIFY } from '@oj/contracts';
import { randomBytes, randomInt } from 'crypto';
import { PNG } from 'pngjs';

/** A raster picture (RGBA). */
type Rgba = { width: number; height: number; data: Buffer };

const pngUrl = (img: Rgba): string => {
  const png = new PNG({ width: img.width, height: img.height });
  img.data.copy(png.data);
  // No row filters and fast deflate: the noise barely compresses anyway, and this runs per challenge.
  return `data:image/png;base64,${PNG.sync.write(png, { filterType: 0, deflateLevel: 1, colorType: 2 }).toString('base64')}`;
};

/**
 * The slide puzzle as PNG pictures: a background of random tiles with per-pixel noise, the gap at (gx, gy)
 * drawn into the pixels (darkened, white rim), and the piece cut from the same spot. Unlike the former SVG, the
 * gap's position is nowhere in the answer as text: a script has to find it in the picture.
 */
export function slidePictures(gx: number, gy: number): { img: string; block: string } {
  const { widthPx: w, heightPx: h, blockPx: b } = SLIDE_VERIFY;
  const tile = 13;
  const data = Buffer.alloc(w * h * 4);
  const tiles: [number, number, number][] = [];
  for (let i = 0; i < Math.ceil(w / tile) * Math.ceil(h / tile); i++)
    tiles.push([randomInt(60, 140), randomInt(110, 190), randomInt(170, 250)]);
  const noise = randomBytes(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const [r, g, bl] = tiles[Math.floor(y / tile) * Math.ceil(w / tile) + Math.floor(x / tile)];
      const n = (noise[y * w + x] % 25) - 12;
      const o = (y * w + x) * 4;
      data[o] = clamp(r + n);
      data[o + 1] = clamp(g + n);
      data[o + 2] = clamp(bl + n);
      data[o + 3] = 255;
    }
  }
  // The piece: the untouched pixels of the gap, with a blue rim.
  const piece = Buffer.alloc(b * b * 4);
  for (let y = 0; y < b; y++) {
    for (let x = 0; x < b; x++) {
      const src = ((gy + y) * w + gx + x) * 4;
      const dst = (y * b + x) * 4;
      const rim = x < 2 || y < 2 || x >= b - 2 || y >= b - 2;
      if (rim) piece.set([64, 158, 255, 255], dst);
      else data.copy(piece, dst, src, src + 4);
    }
  }
  // The gap: darkened, with a white rim.
  for (let y = 0; y < b; y++) {
    for (let x = 0; x < b; x++) {
      const o = ((gy + y) * w + gx + x) * 4;
      const rim = x < 2 || y < 2 || x >= b - 2 || y >= b - 2;
      for (let c = 0; c < 3; c++) data[o + c] = rim ? 255 : Math.round(data[o + c] * 0.5);
    }
  }
  return { img: pngUrl({ width: w, height: h, data }), block: pngUrl({ width: b, height: b, data: piece }) };
}

function clamp(v: number): number {
  return v < 0 ? 0 : v > 255 ? 255 : v;
}
