/**
 * Step 1 of the import pipeline, the checks made before the body is read: the file name's extension
 * and spaces (from the multipart part's headers) and the declared size (Content-Length); the stream
 * itself is cut at maxBytes + 1 by the multipart limit, so an over-size body without a length is
 * refused after at most maxBytes bytes, never buffered whole.
 */
import { importMessage, type CodedMessage } from '@fieldforce/contracts';
import type { ImportDefinition } from './definition.js';

/** The extension of a file name, lower-case with the dot ('' when none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot).toLowerCase();
}

/** Why a file is refused by its name or declared size, or null. */
export function refuseBeforeReading(
  def: Pick<ImportDefinition<unknown>, 'extensions' | 'noSpacesInName' | 'maxBytes' | 'intakeMessages'>,
  fileName: string,
  declaredBytes: number | undefined,
): CodedMessage | null {
  // A control character (NUL above all) cannot be stored with the file's record, whatever the tool.
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\x00-\x1f\x7f]/.test(fileName)) return importMessage('NAME_HAS_CONTROL_CHARACTERS');
  if (declaredBytes !== undefined && declaredBytes > def.maxBytes)
    return importMessage(def.intakeMessages?.tooLarge ?? 'FILE_TOO_LARGE');
  if (!def.extensions.includes(extensionOf(fileName)))
    return importMessage(def.intakeMessages?.wrongExtension ?? 'NOT_CSV');
  if (def.noSpacesInName && /\s/.test(fileName)) return importMessage('NAME_HAS_SPACES');
  return null;
}

/**
 * The stored name: the base name, a timestamp suffix (UTC, to the millisecond) and the lower-case
 * extension: 'Outlets.CSV' at 2026-11-23T16:20:01.123Z → 'Outlets_20261123T162001123Z.csv'.
 * Path separators and control characters in the base name become '_'.
 */
export function storedNameFor(fileName: string, now: Date): string {
  const ext = extensionOf(fileName);
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  const base = (ext ? fileName.slice(0, -ext.length) : fileName).replace(/[\\/\x00-\x1f\x7f]/g, '_');
  const stamp = now.toISOString().replace(/[-:.]/g, '');
  return `${base}_${stamp}${ext}`;
}
