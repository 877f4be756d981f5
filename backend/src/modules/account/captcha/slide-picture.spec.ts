import { SLIDE_VERIFY } from '@oj/contracts';
import { randomInt } from 'crypto';
import { PNG } from 'pngjs';
import { decoyPositions, slidePictures } from './slide-picture';

const { widthPx: W, heightPx: H, blockPx: B, accuracy } = SLIDE_VERIFY;

const decode = (url: string) => {
  expect(url.startsWith('data:image/png;base64,')).toBe(true);
  return PNG.sync.read(Buffer.from(url.slice('data:image/png;base64,'.length), 'base64'));
};
const px = (p: PNG, x: number, y: number) => [...p.data.subarray((y * p.width + x) * 4, (y * p.width + x) * 4 + 3)];

/** The decoder the issue describes: the column of the gap's height with the most pure-white pixels is its left rim. */
function whiteRimDecoder(picture: PNG, y: number): number {
  let best = 0;
  let bestCount = -1;
  for (let x = 0; x <= W - B; x++) {
    let count = 0;
    for (let r = y; r < y + B; r++) if (px(picture, x, r).every((v) => v === 255)) count++;
    if (count > bestCount) [best, bestCount] = [x, count];
  }
  return best;
}

/** A better decoder: slides the piece's inside along the gap's height and takes the best match, shading factored out. */
function templateDecoder(picture: PNG, piece: PNG, y: number): number {
  const inner = [4, B - 4];
  const region = (img: PNG, x0: number, y0: number) => {
    const v = new Float64Array((inner[1] - inner[0]) ** 2 * 3);
    let k = 0;
    let sum = 0;
    for (let r = inner[0]; r < inner[1]; r++)
      for (let c = inner[0]; c < inner[1]; c++) {
        const o = ((y0 + r) * img.width + x0 + c) * 4;
        for (let ch = 0; ch < 3; ch++) sum += v[k++] = img.data[o + ch];
      }
    const mean = sum / v.length || 1;
    return v.map((n) => n / mean);
  };
  const want = region(piece, 0, 0);
  let best = 0;
  let bestErr = Infinity;
  for (let x = 0; x <= W - B; x++) {
    const got = region(picture, x, y);
    let err = 0;
    for (let i = 0; i < got.length; i++) err += (got[i] - want[i]) ** 2;
    if (err < bestErr) [best, bestErr] = [x, err];
  }
  return best;
}

/** The server's own range for the gap (slide-verify.service.ts). */
const randomGap = () => ({ gx: randomInt(B + 10, W - B - 5), gy: randomInt(5, H - B - 5) });
const hit = (x: number, gx: number) => Math.abs(x - gx) <= accuracy;

describe('slide puzzle pictures', () => {
  it('draws the gap into PNG pixels, shaded, with a rim that is never pure white, and cuts the piece from the same spot', () => {
    const gx = 137;
    const gy = 23;
    const { img, block } = slidePictures(gx, gy);
    const picture = decode(img);
    const piece = decode(block);
    expect([picture.width, picture.height, piece.width, piece.height]).toEqual([W, H, B, B]);
    // Inside the gap: the piece's pixels, darkened (a factor of 0.45..0.65, with noise).
    let sumGap = 0;
    let sumPiece = 0;
    for (let y = 4; y < B - 4; y++)
      for (let x = 4; x < B - 4; x++) {
        sumGap += px(picture, gx + x, gy + y).reduce((a, b) => a + b);
        sumPiece += px(piece, x, y).reduce((a, b) => a + b);
      }
    expect(sumGap / sumPiece).toBeGreaterThan(0.4);
    expect(sumGap / sumPiece).toBeLessThan(0.7);
    // No pure white anywhere: the old rim was the one pure colour in the picture.
    let white = 0;
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (px(picture, x, y).every((v) => v === 255)) white++;
    expect(white).toBe(0);
    // Nothing in the answer states the position as text: a PNG's bytes and nothing else.
    expect(img).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/);
  });

  it('places decoys in the range of the real gap, clear of it and of each other', () => {
    for (let i = 0; i < 50; i++) {
      const { gx } = randomGap();
      const xs = [gx, ...decoyPositions(gx)];
      expect(xs.length).toBeGreaterThanOrEqual(3);
      for (const x of xs) expect(x >= B + 10 && x < W - B - 5).toBe(true);
      for (const a of xs) for (const b of xs) if (a !== b) expect(Math.abs(a - b)).toBeGreaterThanOrEqual(B + 4);
    }
  });

  it('differs on every call (random landscape, noise and decoys)', () => {
    expect(slidePictures(100, 20).img).not.toBe(slidePictures(100, 20).img);
  });

  it('defeats the pure-white-rim decoder, which finds the old style of gap every time', () => {
    let oldStyle = 0;
    let now = 0;
    const tries = 20;
    for (let i = 0; i < tries; i++) {
      const { gx, gy } = randomGap();
      const picture = decode(slidePictures(gx, gy).img);
      if (hit(whiteRimDecoder(picture, gy), gx)) now++;
      // The old style: the same picture with the gap's rim painted pure white.
      for (let y = gy; y < gy + B; y++)
        for (let x = gx; x < gx + B; x++)
          if (x < gx + 2 || y < gy + 2 || x >= gx + B - 2 || y >= gy + B - 2) picture.data.fill(255, (y * W + x) * 4, (y * W + x) * 4 + 3);
      if (hit(whiteRimDecoder(picture, gy), gx)) oldStyle++;
    }
    expect(oldStyle).toBe(tries);
    // No pure white is left to find: a hit is only the chance of the first column being within 3 px of the gap.
    expect(now).toBeLessThanOrEqual(2);
  });

  it('leaves a decoder matching the piece to guess among the decoys (it finds a gap drawn without them)', () => {
    const tries = 40;
    let alone = 0;
    let withDecoys = 0;
    for (let i = 0; i < tries; i++) {
      const { gx, gy } = randomGap();
      const bare = slidePictures(gx, gy, []);
      if (hit(templateDecoder(decode(bare.img), decode(bare.block), gy), gx)) alone++;
      const real = slidePictures(gx, gy);
      if (hit(templateDecoder(decode(real.img), decode(real.block), gy), gx)) withDecoys++;
    }
    // Without decoys the match is near certain; with three decoys the real gap is one of four equal candidates (25 %,
    // 10 of 40 expected). 18 or more would happen by chance about once in 600 runs of a fair guess.
    expect(alone).toBeGreaterThanOrEqual(tries - 2);
    expect(withDecoys).toBeLessThanOrEqual(18);
  });
});
