export {
  DEFAULT_ZIP_LIMITS,
  SafeZip,
  ZipRefusal,
  isSymlinkEntry,
  unsafeNameReason,
  type ZipEntry,
  type ZipLimits,
  type ZipRefusalReason,
} from './safe-zip.js';
