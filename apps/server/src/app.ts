import compress from '@fastify/compress';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { COMPRESSION } from './lib/compression';
import type { AppContext } from './lib/context';
import { HttpError, registerErrorHandler } from './lib/errors';
import { registerAccessControl } from './modules/auth/access';
import { authRoutes } from './modules/auth/auth.routes';
import { createTokens } from './modules/auth/tokens';
import { categoryRoutes } from './modules/categories/categories.routes';
import { exportRoutes } from './modules/exports/exports.routes';
import { familyRoutes } from './modules/families/families.routes';
import { importRoutes } from './modules/imports/imports.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { productRoutes } from './modules/products/products.routes';
import { searchRoutes } from './modules/search/search.routes';
import { systemRoutes } from './modules/system/system.routes';
import { uploadRoutes } from './modules/uploads/uploads.routes';
import { userRoutes } from './modules/users/users.routes';
import { registerWebApp } from './web';

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Pino destination for tests that read the log. */
  logStream?: NodeJS.WritableStream;
}

/** Builds the ready application; never listens (STYLE.md habit 3). Closing it closes the database. */
export async function buildApp({ config, database, logStream }: BuildOptions): Promise<FastifyInstance> {
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
    trustProxy: false,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: 200 },
    // One line per request only when debugging: at info level the log stays readable under load.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    tokens: createTokens(config.jwtSecret, config.tokenTtlSeconds),
    lifecycle: { draining: false },
  };
  app.decorate('ctx', ctx);
  app.addHook('onClose', () => database.close());
  app.addHook('onRequest', (_request, reply, done) => {
    if (ctx.lifecycle.draining) {
      void reply.header('connection', 'close');
      done(
        new HttpError(503, 'The server is shutting down; try again in a moment', undefined, {
          'retry-after': '5',
        }),
      );
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
  registerAccessControl(app);

  await app.register(helmet, {
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
  });
  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    credentials: false,
  });
  // JSON and CSV answers over 1 KB are compressed for clients that ask (a page of search results
  // shrinks from about 4 KB to under 1 KB). The built web files arrive already compressed.
  await app.register(compress, COMPRESSION);
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Dalil API', version: '1.0.0', description: 'Bilingual product catalogue' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  systemRoutes(app);
  authRoutes(app);
  searchRoutes(app);
  familyRoutes(app);
  categoryRoutes(app);
  productRoutes(app);
  userRoutes(app);
  await uploadRoutes(app);
  await app.register(importRoutes);
  exportRoutes(app);
  mediaRoutes(app);
  await registerWebApp(app, config.webDist);
  return app;
}
