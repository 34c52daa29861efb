export {
  ImageRefusal,
  JPEG_QUALITY,
  MAX_INPUT_PIXELS,
  MAX_SIDE,
  THUMB_QUALITY,
  THUMB_SIDE,
  reencodeImage,
  sniffImageType,
  type ImageType,
  type ReencodedImage,
} from './reencode.js';
