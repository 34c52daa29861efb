/**
 * Step 1 of the import pipeline, the checks made before the body is read: the file name's extension
 * and spaces (from the multipart part's headers) and the declared size (Content-Length); the stream
 * itself is cut at maxBytes + 1 by the multipart limit, so an over-size body without a length is
 * refused after at most maxBytes bytes, never buffered whole. `receiveUpload` is the whole intake of a
 * multipart upload (the checks, the original streamed to the file store, its stored name); every upload
 * route takes files through it.
 */
import { importMessage, type CodedMessage, type ImportMessageCode } from '@fieldforce/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import type { FileStore } from '../file-store.js';
import type { ImportDefinition } from './definition.js';

/** What the intake needs of a tool's import definition (row imports and whole-file imports alike). */
export type IntakeRules = Pick<
  ImportDefinition<unknown>,
  'extensions' | 'noSpacesInName' | 'maxBytes' | 'intakeMessages'
>;

/** Multipart overhead allowed over maxBytes before Content-Length alone refuses the upload. */
const MULTIPART_SLACK = 64 * 1024;

/** The extension of a file name, lower-case with the dot ('' when none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot).toLowerCase();
}

/** Why a file is refused by its name or declared size, or null. */
export function refuseBeforeReading(
  def: IntakeRules,
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

/** An intake refusal: the import message's English text (the web maps it back to its code). */
export function intakeRefusal(message: CodedMessage, status: 400 | 413 = 400): AppError {
  return new AppError(status === 413 ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_FAILED', message.message, [
    { field: 'file', message: message.message },
  ]);
}

export interface IntakeOptions {
  /** The import the original belongs to: it is stored as `imports/<importId>/original<ext>`. */
  importId: string;
  /** When it was received (the stored name's timestamp suffix). */
  now: Date;
  /** Take only the file of this form field (another field's file is skipped); default the first file. */
  fileField?: string;
  /**
   * Text fields to collect wherever they stand in the form; when given, the form is read to its end,
   * otherwise the intake stops at the file (fields after it are not read).
   */
  fields?: readonly string[];
  /**
   * Checks a collected field as it arrives: an error returned is thrown before the file is stored (a
   * field sent before the file), or once the stored original is removed again (a field after it).
   */
  refuseField?: (name: string, value: string) => AppError | null;
  /** The message when the form holds no file (default EMPTY_FILE). */
  noFile?: ImportMessageCode;
  /**
   * One message for every refusal but the size (not a multipart body; the name's extension, spaces or
   * control characters), for a tool whose spec has a single text for a wrong file; default each its own.
   */
  wrongFile?: ImportMessageCode;
}

export interface ReceivedUpload {
  /** The name the client gave. */
  originalName: string;
  /** `storedNameFor(originalName, now)`. */
  storedName: string;
  /** Where the original is in the file store. */
  key: string;
  bytes: number;
  /** The collected text fields (the last value of a repeated one). */
  fields: Record<string, string>;
}

/**
 * Takes a multipart upload in: refuses it by Content-Length, then by the file's name, before reading
 * the body (400, or 413 for the size); streams the original to the file store, cut at maxBytes + 1
 * (over the limit: removed again, 413). Refusals are thrown as `intakeRefusal`s; a field refused by
 * `refuseField` leaves nothing stored either.
 */
export async function receiveUpload(
  request: FastifyRequest,
  store: FileStore,
  def: IntakeRules,
  options: IntakeOptions,
): Promise<ReceivedUpload> {
  const tooLarge = () => intakeRefusal(importMessage(def.intakeMessages?.tooLarge ?? 'FILE_TOO_LARGE'), 413);
  const wrongFile = (message: CodedMessage) =>
    intakeRefusal(options.wrongFile ? importMessage(options.wrongFile) : message);
  if (!request.isMultipart()) throw wrongFile(importMessage(def.intakeMessages?.wrongExtension ?? 'NOT_CSV'));
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > def.maxBytes + MULTIPART_SLACK) throw tooLarge();

  const fields: Record<string, string> = {};
  let file: Omit<ReceivedUpload, 'fields'> | null = null;
  for await (const part of request.parts({ limits: { fileSize: def.maxBytes + 1, files: 1 } })) {
    if (part.type === 'field') {
      if (options.fields?.includes(part.fieldname) && typeof part.value === 'string') {
        const refused = options.refuseField?.(part.fieldname, part.value);
        if (refused) {
          if (file) await store.remove(file.key);
          throw refused;
        }
        fields[part.fieldname] = part.value;
      }
      continue;
    }
    if (file || (options.fileField !== undefined && part.fieldname !== options.fileField)) {
      part.file.resume();
      continue;
    }
    const refused = refuseBeforeReading(def, part.filename, undefined);
    if (refused) {
      part.file.resume();
      throw wrongFile(refused);
    }
    const key = `imports/${options.importId}/original${extensionOf(part.filename)}`;
    const { bytes } = await store.put(key, part.file);
    if (part.file.truncated || bytes > def.maxBytes) {
      await store.remove(key);
      throw tooLarge();
    }
    file = { originalName: part.filename, storedName: storedNameFor(part.filename, options.now), key, bytes };
    if (!options.fields) break;
  }
  if (!file) throw intakeRefusal(importMessage(options.noFile ?? 'EMPTY_FILE'));
  return { ...file, fields };
}
