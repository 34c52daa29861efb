import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import { IMPORT_MESSAGES } from '@fieldforce/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/errors.js';
import { FolderFileStore } from '../../src/lib/file-store.js';
import {
  receiveUpload,
  refuseBeforeReading,
  storedNameFor,
  type IntakeOptions,
} from '../../src/lib/imports/intake.js';

const def = { extensions: ['.csv'], noSpacesInName: true, maxBytes: 10 * 1024 * 1024 };

describe('import intake', () => {
  it('refuses a wrong extension, spaces in the name and an over-size body with the spec messages', () => {
    expect(refuseBeforeReading(def, 'outlets.xlsx', 10)?.message).toBe(
      'File is not in .csv format. Please upload with the given template in .csv',
    );
    expect(refuseBeforeReading(def, 'my outlets.csv', 10)?.message).toBe(
      'File name should not contain spaces. Please rename the file and upload again.',
    );
    expect(refuseBeforeReading(def, 'outlets.csv', def.maxBytes + 1)?.message).toBe('File size exceeded');
    expect(refuseBeforeReading(def, 'Outlets.CSV', def.maxBytes)).toBeNull();
    expect(refuseBeforeReading({ ...def, noSpacesInName: false }, 'my outlets.csv', 1)).toBeNull();
  });

  it('refuses a name holding a control character (a NUL could not be stored with the file record)', () => {
    for (const name of ['out\u0000lets.csv', 'out\tlets.csv', 'outlets\u007f.csv']) {
      expect(refuseBeforeReading({ ...def, noSpacesInName: false }, name, 10)?.code).toBe(
        'NAME_HAS_CONTROL_CHARACTERS',
      );
    }
  });

  it('stores the name with a timestamp suffix and a lower-case extension', () => {
    expect(storedNameFor('Outlets.CSV', new Date('2026-11-23T16:20:01.123Z'))).toBe(
      'Outlets_20261123T162001123Z.csv',
    );
    expect(storedNameFor('../x.csv', new Date('2026-11-23T16:20:01.123Z'))).toBe(
      '.._x_20261123T162001123Z.csv',
    );
  });
});

describe('receiveUpload: the multipart intake every upload route uses', () => {
  const BOUNDARY = '----intake-boundary';
  const NOW = new Date('2026-11-23T16:20:01.123Z');
  const rules = { extensions: ['.csv'], noSpacesInName: false, maxBytes: 64 };
  type Part = { name: string; value: string } | { name: string; fileName: string; content: string };
  let root: string;
  let store: FolderFileStore;
  let app: FastifyInstance;
  let options: Partial<IntakeOptions> = {};

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'intake-'));
    store = new FolderFileStore(root);
    app = Fastify();
    await app.register(multipart, { limits: { files: 1, fields: 5, parts: 6, fieldSize: 1024 } });
    app.post('/upload', async (request, reply) => {
      try {
        return await receiveUpload(request, store, rules, { importId: 'imp-1', now: NOW, ...options });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return reply.code(error.statusCode).send({ refused: error.shortDescription });
      }
    });
  });

  afterAll(async () => {
    await app.close();
    await rm(root, { recursive: true, force: true });
  });

  function send(parts: Part[], contentType = `multipart/form-data; boundary=${BOUNDARY}`) {
    const body = parts.map((p) =>
      'value' in p
        ? `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`
        : `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.fileName}"\r\n` +
          `Content-Type: text/csv\r\n\r\n${p.content}\r\n`,
    );
    return app.inject({
      method: 'POST',
      url: '/upload',
      headers: { 'content-type': contentType },
      payload: Buffer.from(`${body.join('')}--${BOUNDARY}--\r\n`),
    });
  }

  it('by default takes the first file of the form, stores it and names it with the timestamp suffix', async () => {
    options = {};
    const res = await send([
      { name: 'kind', value: 'outletStatus' },
      { name: 'upload', fileName: 'Outlets.CSV', content: 'a,b\n1,2\n' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      originalName: 'Outlets.CSV',
      storedName: 'Outlets_20261123T162001123Z.csv',
      key: 'imports/imp-1/original.csv',
      bytes: 8,
      fields: {},
    });
    expect(await readFile(path.join(root, 'imports', 'imp-1', 'original.csv'), 'utf8')).toBe('a,b\n1,2\n');
  });

  it('with fileField and fields: collects the fields before and after the file; another field’s file is not taken', async () => {
    options = { fileField: 'file', fields: ['updatedBy', 'market'] };
    const res = await send([
      { name: 'market', value: 'vn' },
      { name: 'note', value: 'not collected' },
      { name: 'file', fileName: 'users.csv', content: 'x\n' },
      { name: 'updatedBy', value: 'me@example.com' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      originalName: 'users.csv',
      bytes: 2,
      fields: { market: 'vn', updatedBy: 'me@example.com' },
    });
    options = { fileField: 'file', noFile: 'USER_NO_FILE' };
    const other = await send([{ name: 'attachment', fileName: 'users.csv', content: 'x\n' }]);
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ refused: IMPORT_MESSAGES.USER_NO_FILE });
  });

  it('no file: EMPTY_FILE, or the tool’s own message', async () => {
    options = {};
    expect((await send([{ name: 'kind', value: 'x' }])).json()).toEqual({
      refused: IMPORT_MESSAGES.EMPTY_FILE,
    });
    options = { noFile: 'USER_NO_FILE' };
    const res = await send([{ name: 'kind', value: 'x' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ refused: IMPORT_MESSAGES.USER_NO_FILE });
  });

  it('wrongFile gives one message for every refusal but the size; without it each refusal has its own', async () => {
    const wrongName = [{ name: 'file', fileName: 'users.xlsx', content: 'x' }];
    const controlName = [{ name: 'file', fileName: 'us\u0001ers.csv', content: 'x' }];
    options = {};
    expect((await send(wrongName)).json()).toEqual({ refused: IMPORT_MESSAGES.NOT_CSV });
    expect((await send(controlName)).json()).toEqual({
      refused: IMPORT_MESSAGES.NAME_HAS_CONTROL_CHARACTERS,
    });
    expect((await send(wrongName, 'text/plain')).json()).toEqual({ refused: IMPORT_MESSAGES.NOT_CSV });
    options = { wrongFile: 'USER_FILE_INCORRECT' };
    for (const res of [await send(wrongName), await send(controlName), await send(wrongName, 'text/plain')]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ refused: IMPORT_MESSAGES.USER_FILE_INCORRECT });
    }
    const big = await send([{ name: 'file', fileName: 'big.csv', content: 'x'.repeat(rules.maxBytes + 1) }]);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ refused: IMPORT_MESSAGES.FILE_TOO_LARGE });
  });

  it('a file past maxBytes is cut, removed from the store again and refused with 413', async () => {
    options = { importId: 'imp-big' };
    const key = 'imports/imp-big/original.csv';
    await store.put(key, Readable.from(['an older file under the same key']));
    const res = await send([{ name: 'file', fileName: 'big.csv', content: 'y'.repeat(rules.maxBytes + 1) }]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ refused: IMPORT_MESSAGES.FILE_TOO_LARGE });
    expect(await store.size(key)).toBeNull();
  });
});
