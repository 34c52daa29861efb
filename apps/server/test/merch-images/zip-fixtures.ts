/**
 * Real zip files for the tests, built with fflate (it writes names as given, `../` included), and a
 * way to make a header lie about an entry's size.
 */
import { zipSync, type Zippable, type ZipOptions } from 'fflate';
import sharp from 'sharp';

export type ZipInput = Record<
  string,
  Uint8Array | [Uint8Array, ZipOptions & { os?: number; attrs?: number }]
>;

/** A zip of `files` (name → bytes, or [bytes, options] for attributes, levels, ...). */
export function buildZip(files: ZipInput, level: 0 | 6 | 9 = 6): Buffer {
  return Buffer.from(zipSync(files as Zippable, { level }));
}

/** Unix symbolic link attributes for fflate (mode 0120777 in the high 16 bits, made by unix). */
export const SYMLINK = { os: 3, attrs: (0o120777 << 16) >>> 0 };

/**
 * Rewrites every local and central header's declared uncompressed size to `declared` (the bytes that
 * follow are left alone): a bomb whose headers lie.
 */
export function lieAboutSizes(zip: Buffer, declared: number): Buffer {
  const out = Buffer.from(zip);
  for (let i = 0; i + 4 <= out.length; i++) {
    const sig = out.readUInt32LE(i);
    if (sig === 0x04034b50 && i + 26 <= out.length) out.writeUInt32LE(declared, i + 22);
    else if (sig === 0x02014b50 && i + 28 <= out.length) out.writeUInt32LE(declared, i + 24);
  }
  return out;
}

/** A small real JPEG (or PNG / WebP) with content that depends on `seed`. */
export async function imageBytes(
  seed: number,
  format: 'jpeg' | 'png' | 'webp' = 'jpeg',
  size = { width: 64, height: 48 },
): Promise<Buffer> {
  const { width, height } = size;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7 + seed * 31 + ((i / 3) % width)) & 0xff;
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return format === 'png'
    ? image.png().toBuffer()
    : format === 'webp'
      ? image.webp().toBuffer()
      : image.jpeg().toBuffer();
}
