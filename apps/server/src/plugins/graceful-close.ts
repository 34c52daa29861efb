import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Once the app starts closing, answers to requests still in flight carry `Connection: close`, so
 * their keep-alive sockets end with the response instead of holding the shutdown open until the
 * keep-alive timeout.
 */
export const gracefulClosePlugin = fp(async (app: FastifyInstance) => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
});
