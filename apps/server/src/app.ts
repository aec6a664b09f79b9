import compress from '@fastify/compress';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config/config';
import type { Database } from './db/client';
import { COMPRESSION } from './lib/compression';
import { CatalogueWrites } from './lib/catalogue-version';
import { PublishSchedule } from './core/publication';
import { SessionWrites } from './lib/session-version';
import type { AppContext } from './core/context';
import { OPENAPI } from './lib/openapi';
import { createTokens } from './lib/tokens';
import { newLeaseOwner } from './lib/job-lease';
import { createMediaStore } from './lib/media-store-factory';
import type { MediaStore } from './lib/media-store';
import { registerErrorHandler } from './lib/error-handler';
import { registerErrorLog } from './lib/error-log';
import { Metrics } from './lib/metrics';
import { registerRequestIds, requestIdGenerator } from './lib/request-id';
import { HttpError } from './lib/errors';
import { registerAccessControl } from './modules/auth/access';
import type { SessionCacheSettings } from './modules/auth/sessions';
import { metricsRoutes } from './modules/metrics/metrics.routes';
import type { FeedSettings, SearchCacheSettings, SitemapSettings } from './core/app-module';
import { APP_MODULES } from './modules';

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Pino destination for tests that read the log. */
  logStream?: NodeJS.WritableStream;
  /** Search result cache settings; tests pass a clock they can move. */
  searchCache?: SearchCacheSettings;
  /** Sitemap settings; tests pass a small limit to see the sitemap index. */
  sitemap?: SitemapSettings;
  /** Session cache settings (the revocation delay); tests pass a clock they can move. */
  sessionCache?: SessionCacheSettings;
  /** Wall clock (milliseconds since the epoch) that issues and expires tokens; tests pass one they can move. */
  clock?: () => number;
  /** Scheduled feeds: tests pass a clock they move and turn the polling off. */
  feeds?: FeedSettings;
  /** Where images live, instead of the configuration's store (tests pass one whose disk fails). */
  media?: MediaStore;
}

/** Builds the ready application; never listens (main.ts does). Closing it closes the database. */
export async function buildApp({
  config,
  database,
  logStream,
  searchCache,
  sitemap,
  sessionCache,
  clock,
  feeds,
  media,
}: BuildOptions): Promise<FastifyInstance> {
  // Fastify's own line per request only when debugging: at info level the log stays readable under
  // load, and lib/error-log.ts writes one line per error answer instead.
  const requestLogging = config.logLevel === 'debug' || config.logLevel === 'trace';
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(logStream ? { stream: logStream } : {}),
      // Credentials never reach the log.
      redact: ['req.headers.authorization', 'req.body.password', 'body.password', '*.password', '*.token'],
    },
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    bodyLimit: 1024 * 1024,
    // TRUST_PROXY: a hop count trusts that many proxies in front (Fastify's types lack the number form).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: 200 },
    // Our own ids (lib/request-id.ts): a client's x-request-id is taken only from a trusted proxy.
    requestIdHeader: false,
    genReqId: requestIdGenerator(config.trustProxy),
    logController: new LogController({ disableRequestLogging: !requestLogging }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const tokens = createTokens(config.jwtSecret, config.tokenTtlSeconds, clock);
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    catalogue: new CatalogueWrites(database.db),
    publishing: new PublishSchedule(database.db),
    sessions: new SessionWrites(database.db),
    tokens,
    now: tokens.now,
    leaseOwner: newLeaseOwner(),
    lifecycle: { draining: false },
    media: media ?? createMediaStore(config),
    metrics: new Metrics(),
  };
  ctx.metrics.watchPool(() => database.poolStats());
  app.decorate('ctx', ctx);
  app.addHook('onClose', async () => {
    ctx.media.close();
    await database.close();
  });
  registerRequestIds(app);
  app.addHook('onRequest', (_request, reply, done) => {
    if (ctx.lifecycle.draining) {
      void reply.header('connection', 'close');
      done(new HttpError(503, 'server.shuttingDown', {}, { headers: { 'retry-after': '5' } }));
      return;
    }
    done();
  });
  // While draining, every answer closes its connection: a keep-alive socket that goes idle after the
  // shutdown began would otherwise hold the close open until its keep-alive timeout.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (ctx.lifecycle.draining) void reply.header('connection', 'close');
    done(null, payload);
  });

  registerErrorHandler(app);
  // PATCH bodies are JSON Merge Patches (RFC 7396): JSON under their own media type.
  app.addContentTypeParser(
    'application/merge-patch+json',
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  );
  registerErrorLog(app, { requestLogging });
  registerAccessControl(app, sessionCache);
  // Before any plugin adds routes: each route is timed from the moment it is added.
  metricsRoutes(app);

  // The security headers (helmet), its middleware made once: @fastify/helmet builds a new one for
  // every request, parsing the content security policy again each time (about 5% of a cached page's
  // CPU in a profile).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Sent below, only on answers to requests that came over HTTPS.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, () => done());
  });
  // HSTS over plain HTTP is ignored by browsers and claims a protection the connection does not have.
  // Behind a TLS proxy the request is HTTPS only when the proxy says so and TRUST_PROXY trusts it.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.protocol === 'https') {
      void reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    done();
  });
  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    credentials: false,
  });
  // JSON and CSV answers over 1 KB are compressed for clients that ask (a page of search results
  // shrinks from about 4 KB to under 1 KB). The built web files arrive already compressed.
  await app.register(compress, COMPRESSION);
  await app.register(swagger, OPENAPI);
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // The modules in their one order (modules/index.ts): routes, the history's settings, the web app.
  for (const module of APP_MODULES) await module.register(app, { searchCache, sitemap, feeds });
  return app;
}
