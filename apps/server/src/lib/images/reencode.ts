/**
 * Uploaded images: the real type read from the bytes (never the name), then re-encoded with sharp to a
 * bounded size with a thumbnail, so what is stored and served is always an image this code wrote (no
 * metadata, no trailing payloads, no polyglots).
 *
 * - Accepted: JPEG, PNG and WebP by their magic bytes; anything else is 'format'.
 * - Input bounded by pixels (`MAX_INPUT_PIXELS`, sharp's limitInputPixels) before decoding.
 * - Output: JPEG, longest side at most 1600 px (never enlarged), quality 82, EXIF orientation applied,
 *   transparency flattened on white; thumbnail JPEG, longest side 320 px, quality 75, reduced with a
 *   triangle filter; both encoded from one decode (JPEG shrink-on-load when the input is larger than
 *   the bound), baseline JPEG with libjpeg's standard Huffman tables (no mozjpeg trellis, no
 *   optimised scans), chroma 4:2:0.
 * - libvips runs one thread per image (`sharp.concurrency(1)`) and keeps no cache: callers run one
 *   image per core side by side, which is faster than one image over every core (measured in
 *   bench/merch.ts) and keeps memory flat.
 */
import sharp from 'sharp';

export type ImageType = 'jpeg' | 'png' | 'webp';

export const MAX_SIDE = 1600;
export const THUMB_SIDE = 320;
export const JPEG_QUALITY = 82;
export const THUMB_QUALITY = 75;
/** 50 megapixels (e.g. 8660 x 5774): larger inputs are refused before decoding. */
export const MAX_INPUT_PIXELS = 50_000_000;

sharp.concurrency(1);
sharp.cache(false);

/** The image type by the content's first bytes, or null when it is not JPEG, PNG or WebP. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (
    bytes.length >= 8 &&
    bytes[0] === 0x89 &&
    bytes[1] === 0x50 &&
    bytes[2] === 0x4e &&
    bytes[3] === 0x47 &&
    bytes[4] === 0x0d &&
    bytes[5] === 0x0a &&
    bytes[6] === 0x1a &&
    bytes[7] === 0x0a
  )
    return 'png';
  if (
    bytes.length >= 12 &&
    Buffer.from(bytes.subarray(0, 4)).toString('latin1') === 'RIFF' &&
    Buffer.from(bytes.subarray(8, 12)).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return null;
}

export interface ReencodedImage {
  sourceType: ImageType;
  /** The stored image: JPEG. */
  image: Buffer;
  width: number;
  height: number;
  thumbnail: Buffer;
  thumbWidth: number;
  thumbHeight: number;
}

export class ImageRefusal extends Error {
  constructor(
    readonly reason: 'format' | 'too-large',
    message: string,
  ) {
    super(message);
    this.name = 'ImageRefusal';
  }
}

/**
 * Checks and re-encodes one image. Throws ImageRefusal('format') when the bytes are not a JPEG, PNG or
 * WebP sharp can decode, ImageRefusal('too-large') past MAX_INPUT_PIXELS.
 */
export async function reencodeImage(bytes: Buffer): Promise<ReencodedImage> {
  const sourceType = sniffImageType(bytes);
  if (!sourceType) throw new ImageRefusal('format', 'not a JPEG, PNG or WebP image');
  try {
    // Decoded once (JPEG shrink-on-load when it is larger than the bound), oriented, flattened; the
    // image and its thumbnail are both encoded from these pixels, side by side. Huffman optimisation
    // is off: ~5 % larger files for ~35 % less time (bench/merch.ts).
    const pixels = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = {
      raw: { width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels },
    };
    const [main, thumb] = await Promise.all([
      sharp(pixels.data, raw)
        .jpeg({ quality: JPEG_QUALITY, optimiseCoding: false })
        .toBuffer({ resolveWithObject: true }),
      // A triangle (linear) filter, widened to the reduction like any libvips kernel so it still
      // averages every source pixel: a quarter less time than Lanczos-3 for a thumbnail that looks
      // the same at 320 px.
      sharp(pixels.data, raw)
        .resize(THUMB_SIDE, THUMB_SIDE, { fit: 'inside', withoutEnlargement: true, kernel: 'linear' })
        .jpeg({ quality: THUMB_QUALITY, optimiseCoding: false })
        .toBuffer({ resolveWithObject: true }),
    ]);
    return {
      sourceType,
      image: main.data,
      width: main.info.width,
      height: main.info.height,
      thumbnail: thumb.data,
      thumbWidth: thumb.info.width,
      thumbHeight: thumb.info.height,
    };
  } catch (error) {
    const message = (error as Error).message ?? String(error);
    if (/pixel limit/i.test(message)) throw new ImageRefusal('too-large', message);
    throw new ImageRefusal('format', message);
  }
}
