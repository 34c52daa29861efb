import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Time left for the rest of the shutdown after the deadline work (at most half the timeout). */
const SHUTDOWN_MARGIN_MS = 1_000;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Work to do when SHUTDOWN_TIMEOUT is nearly over and the app is still closing (cutting the
     * exports still running). After it, every connection still open is closed.
     */
    atShutdownDeadline(work: () => void): void;
  }
}

/**
 * Shutdown within SHUTDOWN_TIMEOUT:
 * - once the app starts closing, answers to requests still in flight carry `Connection: close`, so
 *   their keep-alive sockets end with the response instead of holding the shutdown open;
 * - (Node itself ends a keep-alive socket whose answer finishes during the close);
 * - when the timeout is nearly over, the deadline work runs and every connection still open is
 *   closed, so `close()` completes in time whatever the clients do.
 */
export const gracefulClosePlugin = fp(async (app: FastifyInstance) => {
  let closing = false;
  let deadline: NodeJS.Timeout | undefined;
  const deadlineWork: (() => void)[] = [];
  app.decorate('atShutdownDeadline', (work: () => void) => {
    deadlineWork.push(work);
  });

  app.addHook('preClose', async () => {
    closing = true;
    const timeoutMs = app.config.SHUTDOWN_TIMEOUT * 1000;
    deadline = setTimeout(
      () => {
        for (const work of deadlineWork) work();
        app.server.closeAllConnections();
      },
      timeoutMs - Math.min(SHUTDOWN_MARGIN_MS, timeoutMs / 2),
    );
    deadline.unref();
  });
  app.addHook('onClose', async () => clearTimeout(deadline));

  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
});
