import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from './db/client.js';
import type { Config } from './config/index.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { gracefulClosePlugin } from './plugins/graceful-close.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { openApiPlugin } from './plugins/openapi.js';
import { webAppPlugin } from './plugins/web-app.js';
import { healthRoutes } from './modules/health/routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    appVersion: string;
    /** Every route registered, for the OpenAPI completeness and authorization matrix tests. */
    registeredRoutes: RegisteredRoute[];
  }
  interface FastifyContextConfig {
    /** Who may call the route; the access-control issue enforces it. */
    access?: { public?: boolean };
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  /** Hidden routes (static files, the docs UI) are not part of the API document. */
  hidden: boolean;
}

export interface BuildAppOptions {
  db: Database;
  config?: Partial<Pick<Config, 'LOG_LEVEL' | 'TRUST_PROXY' | 'NODE_ENV'>>;
  /** Built web app folder; omitted in API tests. */
  webDist?: string;
  logger?: FastifyServerOptions['logger'];
  /** Close the database when the app closes (the server does; tests close it themselves). */
  ownsDatabase?: boolean;
  /** Lets tests register extra routes (such as one that throws) before the app is sealed. */
  extraRoutes?: (app: FastifyInstance) => void | Promise<void>;
}

export const APP_VERSION = '0.1.0';

/** Registers plugins and modules. Never listens: server.ts does, tests use inject(). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? { level: options.config?.LOG_LEVEL ?? 'info' },
    trustProxy: options.config?.TRUST_PROXY ?? false,
    bodyLimit: 1024 * 1024,
    // Requests in flight finish on close; idle keep-alive sockets are dropped.
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: false, caseSensitive: true },
  }).withTypeProvider<ZodTypeProvider>();

  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const hidden = Boolean((route.schema as { hide?: boolean } | undefined)?.hide);
    for (const method of methods) {
      if (method === 'HEAD') continue; // Fastify adds one per GET by itself
      registeredRoutes.push({ method, url: route.url, hidden });
    }
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', options.db);
  if (options.ownsDatabase) {
    app.addHook('onClose', async () => {
      await options.db.close();
    });
  }
  app.decorate('appVersion', APP_VERSION);

  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(gracefulClosePlugin);
  await app.register(openApiPlugin);

  await app.register(healthRoutes);
  if (options.extraRoutes) await options.extraRoutes(app);

  await app.register(webAppPlugin, { distDir: options.webDist });
  return app;
}
