/**
 * /dev/outbox: the emails the portal would have sent, when no SMTP server is configured. Development
 * only: in production, or once SMTP_URL is set, it answers 404 like any unknown path. Readable from
 * this machine or by a signed-in admin (access.ts). HTML for people, JSON (`?format=json` or
 * `Accept: application/json`) for end-to-end tests.
 */
import type { FastifyPluginAsync } from 'fastify';
import { fail, ok } from '@fieldforce/contracts';
import { listOutbox, type OutboxMessage } from '../auth/mailer.js';
import { outboxEnabled } from '../../config/index.js';
import { assertOutboxReader } from './access.js';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function page(messages: OutboxMessage[], to: string | undefined): string {
  const items = messages
    .map(
      (m) => `<article>
  <header><strong>${escapeHtml(m.subject)}</strong><br><span>To ${escapeHtml(m.to)} · ${escapeHtml(m.createdAt)}</span></header>
  <pre>${escapeHtml(m.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Fieldforce development outbox</title>
<style>body{font:14px system-ui,sans-serif;margin:2rem;max-width:60rem}article{border:1px solid #ccc;border-radius:6px;padding:1rem;margin:0 0 1rem}span{color:#555}pre{white-space:pre-wrap;font:13px ui-monospace,monospace}</style>
</head><body>
<h1>Development outbox</h1>
<p>Emails written while no SMTP server is configured (SMTP_URL)${to ? `, to ${escapeHtml(to)}` : ''}; newest first. JSON: <a href="?format=json">?format=json</a>.</p>
${items || '<p>No emails yet.</p>'}
</body></html>`;
}

export const devRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { to?: string; format?: string; limit?: string } }>(
    '/dev/outbox',
    { schema: { hide: true }, config: { access: { public: true } } },
    async (request, reply) => {
      if (!outboxEnabled(app.config)) {
        return reply.status(404).send(fail(404, 'ROUTE_NOT_FOUND', `Nothing at GET /dev/outbox.`));
      }
      await assertOutboxReader(app, request);
      const to = typeof request.query.to === 'string' && request.query.to ? request.query.to : undefined;
      const limit = Math.min(500, Math.max(1, Number(request.query.limit) || 100));
      const messages = await listOutbox(app.db, { to, limit });
      const wantsJson =
        request.query.format === 'json' || String(request.headers.accept ?? '').includes('application/json');
      if (wantsJson) return reply.send(ok(messages));
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(page(messages, to));
    },
  );
};
