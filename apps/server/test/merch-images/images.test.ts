/**
 * lib/images: the type read from the bytes (never the name), re-encoding to bounded JPEGs with a
 * thumbnail, metadata dropped, and an image past the pixel bound refused before it is decoded.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  ImageRefusal,
  MAX_SIDE,
  THUMB_SIDE,
  reencodeImage,
  sniffImageType,
} from '../../src/lib/images/index.js';
import { imageBytes } from './zip-fixtures.js';

describe('sniffImageType', () => {
  it('knows JPEG, PNG and WebP by their first bytes and nothing else', async () => {
    expect(sniffImageType(await imageBytes(1, 'jpeg'))).toBe('jpeg');
    expect(sniffImageType(await imageBytes(1, 'png'))).toBe('png');
    expect(sniffImageType(await imageBytes(1, 'webp'))).toBe('webp');
    expect(sniffImageType(new TextEncoder().encode('GIF89a......'))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(new Uint8Array([0xff, 0xd8]))).toBeNull();
  });
});

describe('reencodeImage', () => {
  it('bounds the longest side to 1600 px and the thumbnail to 320 px, as JPEG, never enlarging', async () => {
    const big = await reencodeImage(await imageBytes(2, 'png', { width: 3200, height: 1000 }));
    expect([big.sourceType, big.width, big.height]).toEqual(['png', MAX_SIDE, 500]);
    expect([big.thumbWidth, big.thumbHeight]).toEqual([THUMB_SIDE, 100]);
    expect((await sharp(big.image).metadata()).format).toBe('jpeg');
    expect((await sharp(big.thumbnail).metadata()).format).toBe('jpeg');
    const small = await reencodeImage(await imageBytes(3, 'webp', { width: 200, height: 100 }));
    expect([small.width, small.height, small.thumbWidth, small.thumbHeight]).toEqual([200, 100, 200, 100]);
  });

  it('applies the EXIF orientation and keeps no metadata', async () => {
    const rotated = await sharp(await imageBytes(4, 'jpeg', { width: 400, height: 200 }))
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret payload' } } })
      .jpeg()
      .toBuffer();
    const out = await reencodeImage(rotated);
    expect([out.width, out.height]).toEqual([200, 400]);
    const meta = await sharp(out.image).metadata();
    expect(meta.exif).toBeUndefined();
    expect(out.image.includes(Buffer.from('secret payload'))).toBe(false);
  });

  it('refuses a name-only image and a corrupt one as format, a huge one as too large', async () => {
    await expect(reencodeImage(Buffer.from('not an image'))).rejects.toMatchObject({ reason: 'format' });
    const jpeg = await imageBytes(5, 'jpeg');
    await expect(reencodeImage(jpeg.subarray(0, 40))).rejects.toBeInstanceOf(ImageRefusal);
    // 10,000 x 10,000 of one colour: a small file that would decode to 300 MB of pixels
    const huge = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#888' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(2_000_000);
    await expect(reencodeImage(huge)).rejects.toMatchObject({ reason: 'too-large' });
  }, 30_000);
  it('keeps a JPEG within the bound at its size, bounds a larger one, and averages the thumbnail', async () => {
    const within = await reencodeImage(await imageBytes(6, 'jpeg', { width: 928, height: 696 }));
    expect([within.sourceType, within.width, within.height]).toEqual(['jpeg', 928, 696]);
    expect([within.thumbWidth, within.thumbHeight]).toEqual([THUMB_SIDE, 240]);
    const large = await reencodeImage(await imageBytes(7, 'jpeg', { width: 2400, height: 1800 }));
    expect([large.width, large.height, large.thumbWidth, large.thumbHeight]).toEqual([
      MAX_SIDE,
      1200,
      THUMB_SIDE,
      240,
    ]);
    expect(await sharp(large.image).metadata()).toMatchObject({ format: 'jpeg', width: 1600 });
    // one-pixel black and white stripes: a thumbnail that averages is an even grey, one that picks
    // pixels (nearest neighbour) is stripes or a flat black or white
    const stripes = Buffer.alloc(800 * 600 * 3);
    for (let i = 0; i < 800 * 600; i++) stripes.fill(i % 2 ? 255 : 0, i * 3, i * 3 + 3);
    const png = await sharp(stripes, { raw: { width: 800, height: 600, channels: 3 } })
      .png()
      .toBuffer();
    const thumb = await sharp((await reencodeImage(png)).thumbnail).stats();
    for (const channel of thumb.channels) {
      expect(channel.mean).toBeGreaterThan(100);
      expect(channel.mean).toBeLessThan(155);
      expect(channel.stdev).toBeLessThan(20);
    }
  });
});
