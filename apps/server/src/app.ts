import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from './db/client.js';
import { configSchema, type Config } from './config/index.js';
import { systemClock, type Clock } from './lib/clock.js';
import { DataVersionWatch } from './db/data-version.js';
import { readRoutingPlugin } from './db/read-routing.js';
import type { RouteAccess } from './lib/policy.js';
import { clientErrorHandler, errorHandlerPlugin, frameworkErrorHandler } from './plugins/error-handler.js';
import { gracefulClosePlugin } from './plugins/graceful-close.js';
import { exportLimitsPlugin } from './lib/export-limits.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { compressionPlugin } from './plugins/compression.js';
import { inputHygienePlugin } from './plugins/input-hygiene.js';
import { openApiPlugin } from './plugins/openapi.js';
import { webAppPlugin } from './plugins/web-app.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { authPlugin } from './plugins/auth.js';
import { jobsPlugin } from './lib/jobs.js';
import { fileStorePlugin } from './lib/file-store.js';
import { healthRoutes } from './modules/health/routes.js';
import { accountRoutes } from './modules/auth/routes.js';
import { sessionRoutes } from './modules/auth/session-routes.js';
import { ssoRoutes } from './modules/auth/sso-routes.js';
import { userRoutes } from './modules/users/routes.js';
import { userUploadRoutes } from './modules/users/upload-routes.js';
import { requestSerializer } from './lib/log-redaction.js';
import { devRoutes } from './modules/dev/routes.js';
import { reportRoutes } from './modules/reports/routes.js';
import { ucubeRoutes } from './modules/ucube/routes.js';
import { adminRoutes } from './modules/admin/routes.js';
import { outletStatusRoutes } from './modules/outlet-status/routes.js';
import { outletGeoComplianceRoutes } from './modules/outlet-geo-compliance/routes.js';
import { salesmanDeviceIdRoutes } from './modules/salesman-device-id/routes.js';
import { deviceGeoComplianceRoutes } from './modules/device-geo-compliance/routes.js';
import { bestPriceRoutes } from './modules/best-price/routes.js';
import { merchImageRoutes } from './modules/merchandizing/images-routes.js';
import { merchandizingRoutes } from './modules/merchandizing/routes.js';
import { taskRoutes } from './modules/tasks/routes.js';
import { fileRoutes } from './modules/files/routes.js';
import { usageRoutes } from './modules/usage/routes.js';
import { trackingRoutes } from './modules/tracking/routes.js';
import { userAccessRoutes } from './modules/user-access/routes.js';
import { adminConfigRoutes } from './modules/admin-config/routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    appVersion: string;
    /** Every route registered, for the OpenAPI completeness and authorization matrix tests. */
    registeredRoutes: RegisteredRoute[];
    /** The configuration, defaults filled in. */
    config: Config;
    /** The time for expiries (tokens, codes, lockout, TOTP); tests pass a ManualClock. */
    clock: Clock;
    /** The version of the business data; loads bump it, cached answers key on it (db/data-version.ts). */
    dataVersion: DataVersionWatch;
  }
  interface FastifyContextConfig {
    /** Who may call the route (lib/policy.ts); plugins/auth.ts enforces it on every request. */
    access?: RouteAccess;
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
  /** A streaming replica for report, export, UCube and tracking reads (DATABASE_READ_URL; db/read-routing.ts). */
  dbReplica?: Database;
  /** A connection of its own to the replica for its lag check (db/read-routing.ts); the reads' pool if unset. */
  dbReplicaCheck?: Database;
  config?: Partial<Config>;
  /** Defaults to the system clock. */
  clock?: Clock;
  /** Built web app folder; omitted in API tests. */
  webDist?: string;
  logger?: FastifyServerOptions['logger'];
  /** Close the database when the app closes (the server does; tests close it themselves). */
  ownsDatabase?: boolean;
  /**
   * Lets tests register extra routes (such as one that throws) before the app is sealed. They are
   * public unless they declare `config.access`.
   */
  extraRoutes?: (app: FastifyInstance) => void | Promise<void>;
}

export const APP_VERSION = '0.1.0';

/** Registers plugins and modules. Never listens: server.ts does, tests use inject(). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const config: Config = { ...configSchema.parse({}), ...options.config };
  const app = Fastify({
    logger: options.logger ?? {
      level: options.config?.LOG_LEVEL ?? 'info',
      serializers: { req: requestSerializer },
    },
    trustProxy: options.config?.TRUST_PROXY ?? false,
    bodyLimit: 1024 * 1024,
    // Requests in flight finish on close; idle keep-alive sockets are dropped.
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: false, caseSensitive: true },
    frameworkErrors: frameworkErrorHandler(config),
    clientErrorHandler: clientErrorHandler(config),
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
  app.decorate('config', config);
  app.decorate('clock', options.clock ?? systemClock);
  app.decorate('dataVersion', new DataVersionWatch(options.db));

  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(inputHygienePlugin);
  await app.register(gracefulClosePlugin);
  await app.register(exportLimitsPlugin);
  // Before any route (the API document's included): it attaches itself to routes as they are added.
  await app.register(compressionPlugin);
  await app.register(openApiPlugin);
  await app.register(rateLimitPlugin);
  await app.register(readRoutingPlugin, {
    replica: options.dbReplica,
    replicaCheck: options.dbReplicaCheck,
    ownsReplica: options.ownsDatabase,
    maxLagMs: config.DATABASE_READ_MAX_LAG_MS,
  });
  await app.register(jobsPlugin);
  await app.register(fileStorePlugin);
  await app.register(authPlugin);

  await app.register(healthRoutes);
  await app.register(accountRoutes);
  await app.register(sessionRoutes);
  await app.register(ssoRoutes);
  await app.register(userRoutes);
  await app.register(userUploadRoutes);
  await app.register(reportRoutes);
  await app.register(ucubeRoutes);
  await app.register(adminRoutes);
  await app.register(outletStatusRoutes);
  await app.register(outletGeoComplianceRoutes);
  await app.register(salesmanDeviceIdRoutes);
  await app.register(deviceGeoComplianceRoutes);
  await app.register(bestPriceRoutes);
  await app.register(merchImageRoutes);
  await app.register(merchandizingRoutes);
  await app.register(taskRoutes);
  await app.register(fileRoutes);
  await app.register(usageRoutes);
  await app.register(trackingRoutes);
  await app.register(userAccessRoutes);
  await app.register(adminConfigRoutes);
  await app.register(devRoutes);
  const extraRoutes = options.extraRoutes;
  if (extraRoutes) {
    await app.register(async (scope) => {
      scope.addHook('onRoute', (route) => {
        route.config = { ...route.config, access: route.config?.access ?? { public: true } };
      });
      await extraRoutes(scope);
    });
  }

  await app.register(webAppPlugin, { distDir: options.webDist });
  return app;
}
