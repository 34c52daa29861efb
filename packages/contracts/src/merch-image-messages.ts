/**
 * Merchandizing Add Images messages (spec section 8, word for word; IMPORT_MESSAGES spreads them in;
 * kept apart from merch-images.ts, which imports admin.ts). The last two are beyond the spec.
 */
export const MERCH_IMAGE_MESSAGES = {
  MERCH_ZIP_ONLY: 'Only .zip files are allowed.',
  MERCH_ZIP_UNREADABLE: 'Could not read zip file. Try again.',
  MERCH_ZIP_NAMES_INVALID: 'Some of the images names are invalid.',
  MERCH_ZIP_TOO_LARGE: 'The file size exceeds 100 MB.',
  MERCH_ZIP_UNKNOWN_DISPLAYS: 'Some images have unknown Display IDs',
  MERCH_ZIP_INVALID_FORMAT: 'Some of the images follow invalid format',
  MERCH_ZIP_LIMITS:
    'The zip file holds more than {maxFiles} files or unpacks to more than {maxMb} MB. Please split it and upload again.',
  MERCH_ZIP_EMPTY: 'The zip file holds no images.',
} as const;
