import { SLIDE_VERIFY } from '@oj/contracts';
import { PNG } from 'pngjs';
import { slidePictures } from './slide-picture';

const decode = (url: string) => {
  expect(url.startsWith('data:image/png;base64,')).toBe(true);
  return PNG.sync.read(Buffer.from(url.slice('data:image/png;base64,'.length), 'base64'));
};

describe('slide puzzle pictures', () => {
  it('draws the gap into PNG pixels and cuts the piece from the same spot', () => {
    const { widthPx: w, heightPx: h, blockPx: b } = SLIDE_VERIFY;
    const gx = 137;
    const gy = 23;
    const { img, block } = slidePictures(gx, gy);
    const picture = decode(img);
    const piece = decode(block);
    expect([picture.width, picture.height, piece.width, piece.height]).toEqual([w, h, b, b]);
    const px = (p: PNG, x: number, y: number) => [...p.data.subarray((y * p.width + x) * 4, (y * p.width + x) * 4 + 3)];
    // The gap's rim is white, the gap darkened to half the piece's pixels, the rest of the picture untouched.
    expect(px(picture, gx, gy + 10)).toEqual([255, 255, 255]);
    const inside = px(picture, gx + 20, gy + 20);
    const original = px(piece, 20, 20);
    expect(inside).toEqual(original.map((v) => Math.round(v * 0.5)));
    expect(px(picture, gx - 5, gy + 20).some((v) => v !== 255)).toBe(true);
    // Nothing in the answer states the position as text: it is a PNG's bytes and nothing else (base64 may
    // spell "svg" or "x=" by chance, so the shape of the whole string is what is checked).
    expect(img).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/);
  });

  it('differs on every call (random tiles and noise)', () => {
    expect(slidePictures(100, 20).img).not.toBe(slidePictures(100, 20).img);
  });
});
