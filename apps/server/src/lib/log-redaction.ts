import type { FastifyRequest } from 'fastify';

/** Query parameters that carry credentials (the spec's client sends customerToken in the query). */
const SECRET_PARAMS = /([?&](?:customerToken|token|id_token|refresh_token|code)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

/** Request log line without tokens: Fastify logs the URL of every request. */
export function requestSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    remoteAddress: request.ip,
  };
}
