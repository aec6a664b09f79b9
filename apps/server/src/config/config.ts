import { existsSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { EnvSchema } from './config-env';
import { ConfigError, persistedSecret } from './config-secret';

export { ConfigError } from './config-secret';

// The only reader of process.env. Bad values stop the start with every problem named.

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: embedded PGlite in dataDir. `memory://` keeps PGlite in memory (tests). */
  databaseUrl: string | undefined;
  jwtSecret: string;
  tokenTtlSeconds: number;
  admin: { username: string; password: string | undefined };
  guest: { username: string; password: string } | null;
  seedDemo: boolean;
  /** Off: writes are not recorded and imports cannot be undone (docs/decisions/0030-history.md). */
  history: boolean;
  /** Whether this process runs background work: scheduled feeds, webhook deliveries, sweeps (JOBS). */
  jobs: boolean;
  /** History entries older than this many days are removed; undefined keeps them all. */
  historyDays: number | undefined;
  /** Recycle bin entries older than this many days are purged (docs/decisions/0042-recycle-bin.md). */
  binDays: number;
  corsOrigins: string[];
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  holding: { nameEn: string; nameAr: string };
  currency: string | null;
  /** Fastify's trustProxy: false, a hop count, or the trusted proxies' addresses. */
  trustProxy: boolean | number | string[];
  /** The site's public origin without a trailing slash; null: the request's own host. */
  publicUrl: string | null;
  /** Hosts outbound calls may reach in loopback, private or link-local ranges (docs/decisions/0050-outbound-addresses.md). */
  outbound: { allowedHosts: string[]; feedAllowedHosts: string[] };
  /** Webhook deliveries (docs/decisions/0051-webhooks.md). */
  webhooks: { timeoutMs: number; pollMs: number };
  /** Days a webhook message with no pending delivery stays in the logs (removed by the hourly sweep). */
  webhookLogDays: number;
  signIn: {
    perAddressAndUsername: number;
    perAddress: number;
    /** Guest sign-ins, and separately sign-outs, a minute from one address. */
    guestPerAddress: number;
    concurrency: number;
    queue: number;
  };
  search: { concurrency: number; queue: number };
  statementTimeoutMs: number;
  imageMaxBytes: number;
  csvMaxBytes: number;
  importMaxRows: number;
  importConcurrency: number;
  /** Built web app to serve; null when there is none (API-only tests). */
  webDist: string | null;
  mediaDir: string;
  media: MediaConfig;
  imageBatch: { uploadBytes: number; archiveBytes: number; concurrency: number; staleSeconds: number };
  /** GET /metrics: off when neither is set; `port` serves it on a listener of its own. */
  metrics: { token: string | null; port: number | null; host: string };
}

export interface S3Settings {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
  checksums: 'WHEN_SUPPORTED' | 'WHEN_REQUIRED';
}

interface MediaConfig {
  store: 'local' | 's3';
  s3: S3Settings | null;
  /** What GET /api/config answers as mediaBaseUrl: '/media' on this origin, or MEDIA_PUBLIC_URL. */
  publicUrl: string;
}

export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<Config> = {},
): Config {
  const parsed = EnvSchema.safeParse(
    Object.fromEntries(
      Object.entries(env).filter(
        ([k, v]) => v !== undefined && v !== '' && !(k === 'JWT_SECRET' && !v.trim()),
      ),
    ),
  );
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  // An empty setting reads as unset, but an empty secret is a mistake in a deployment's files (a
  // variable that was meant to be filled): starting with a generated one would hide it.
  if (env.JWT_SECRET !== undefined && env.JWT_SECRET.trim() === '') {
    problems.unshift('JWT_SECRET: is empty: set 32+ characters, or remove it to use the generated one');
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  // From source this file is apps/server/src/config/config.ts; bundled, it is part of apps/server/dist/main.js.
  const serverDir = resolve(import.meta.dirname, basename(import.meta.dirname) === 'config' ? '../..' : '..');
  const defaultWeb = resolve(serverDir, '../web/dist');
  const webDist = e.WEB_DIST ? resolve(e.WEB_DIST) : existsSync(defaultWeb) ? defaultWeb : null;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: overrides.jwtSecret ?? e.JWT_SECRET ?? persistedSecret(dataDir),
    tokenTtlSeconds: e.TOKEN_TTL,
    admin: { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD },
    guest: e.GUEST_ACCESS ? { username: e.GUEST_USERNAME, password: e.GUEST_PASSWORD } : null,
    seedDemo: e.SEED_DEMO,
    history: e.HISTORY,
    jobs: e.JOBS,
    historyDays: e.HISTORY_DAYS,
    binDays: e.BIN_DAYS ?? e.HISTORY_DAYS ?? 30,
    corsOrigins: e.CORS_ORIGINS,
    logLevel: e.LOG_LEVEL,
    holding: { nameEn: e.HOLDING_NAME_EN, nameAr: e.HOLDING_NAME_AR },
    currency: e.CURRENCY ?? null,
    trustProxy: e.TRUST_PROXY,
    publicUrl: e.PUBLIC_URL ?? null,
    outbound: {
      allowedHosts: e.OUTBOUND_ALLOWED_HOSTS,
      feedAllowedHosts: [...new Set([...e.OUTBOUND_ALLOWED_HOSTS, ...e.FEED_ALLOWED_HOSTS])],
    },
    webhooks: { timeoutMs: e.WEBHOOK_TIMEOUT * 1000, pollMs: e.WEBHOOK_POLL_INTERVAL * 1000 },
    webhookLogDays: e.WEBHOOK_LOG_DAYS,
    signIn: {
      perAddressAndUsername: e.LOGIN_RATE_LIMIT,
      perAddress: e.LOGIN_ADDRESS_LIMIT,
      guestPerAddress: e.LOGIN_GUEST_LIMIT,
      concurrency: e.SIGN_IN_CONCURRENCY,
      queue: e.SIGN_IN_QUEUE,
    },
    search: { concurrency: e.SEARCH_CONCURRENCY, queue: e.SEARCH_QUEUE },
    statementTimeoutMs: e.STATEMENT_TIMEOUT * 1000,
    imageMaxBytes: e.IMAGE_MAX_BYTES,
    csvMaxBytes: e.CSV_MAX_BYTES,
    importMaxRows: e.IMPORT_MAX_ROWS,
    importConcurrency: e.IMPORT_CONCURRENCY,
    webDist,
    mediaDir: join(dataDir, 'media'),
    imageBatch: {
      uploadBytes: e.IMAGE_UPLOAD_MAX_BYTES,
      archiveBytes: e.IMAGE_ARCHIVE_MAX_BYTES,
      concurrency: e.IMAGE_JOB_CONCURRENCY,
      staleSeconds: e.IMAGE_JOB_STALE_AFTER,
    },
    media: {
      store: e.MEDIA_STORE,
      s3:
        e.MEDIA_STORE === 's3'
          ? {
              endpoint: e.S3_ENDPOINT,
              bucket: e.S3_BUCKET!,
              region: e.S3_REGION,
              credentials:
                e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                  ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                  : undefined,
              forcePathStyle: e.S3_FORCE_PATH_STYLE,
              checksums: e.S3_CHECKSUMS === 'when_required' ? 'WHEN_REQUIRED' : 'WHEN_SUPPORTED',
            }
          : null,
      publicUrl: e.MEDIA_PUBLIC_URL ? e.MEDIA_PUBLIC_URL.replace(/\/+$/, '') : '/media',
    },
    metrics: { token: e.METRICS_TOKEN ?? null, port: e.METRICS_PORT ?? null, host: e.METRICS_HOST ?? e.HOST },
    ...overrides,
  };
}
