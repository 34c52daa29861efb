/**
 * An upload through the real file call (POST …/file/upload, multipart), as the web's upload dialog
 * sends it: the tool's kind as a field, then the file. One helper for every test that uploads.
 */
import type { FastifyInstance } from 'fastify';

export const UPLOAD_BOUNDARY = '----fieldforce-test-boundary';

/** The multipart body of one upload. */
export function multipartUpload(fileName: string, content: Buffer | string, kind = 'outletStatus'): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${UPLOAD_BOUNDARY}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n` +
        `--${UPLOAD_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: text/csv\r\n\r\n',
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${UPLOAD_BOUNDARY}--\r\n`),
  ]);
}

/** POST {prefix}/file/upload?countryCode=…&kind=… with `token` (none: no token header). */
export function uploadFile(
  app: FastifyInstance,
  token: string | null,
  file: { name: string; content: Buffer | string },
  options: { market?: string; kind?: string; prefix?: string } = {},
) {
  const { market = 'id', kind = 'outletStatus', prefix = '/api' } = options;
  return app.inject({
    method: 'POST',
    url: `${prefix}/file/upload?countryCode=${market}&kind=${kind}`,
    headers: {
      ...(token ? { customertoken: token } : {}),
      'content-type': `multipart/form-data; boundary=${UPLOAD_BOUNDARY}`,
    },
    payload: multipartUpload(file.name, file.content, kind),
  });
}
