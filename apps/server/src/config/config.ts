import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { z } from 'zod';
import { bool, duration, hostList, positiveInt, trustProxy } from './config-values';
import { ConfigError, persistedSecret } from './config-secret';

export { ConfigError } from './config-secret';

// The only reader of process.env. Bad values stop the start with every problem named.

/** Tokens live at most this long: a copied token must not stay valid for months. */
const MAX_TOKEN_TTL_SECONDS = 30 * 86400;
/**
 * And at least this long: a shorter life signs people out in the middle of a task, and sends every
 * visitor's browser back to sign in as the guest again and again (guest sign-ins are limited).
 */
const MIN_TOKEN_TTL_SECONDS = 5 * 60;

const EnvSchema = z
  .object({
    PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    TOKEN_TTL: duration('12h')
      .refine((s) => s <= MAX_TOKEN_TTL_SECONDS, 'must be at most 30d')
      .refine((s) => s >= MIN_TOKEN_TTL_SECONDS, 'must be at least 5m'),
    ADMIN_USERNAME: z.string().trim().min(1).max(100).default('admin'),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(200).optional(),
    GUEST_ACCESS: bool(true),
    GUEST_USERNAME: z.string().trim().min(1).max(100).default('guest'),
    GUEST_PASSWORD: z.string().min(1).max(200).default('guest'),
    SEED_DEMO: bool(true),
    /** Whether writes are recorded in the history (and imports can be undone). */
    HISTORY: bool(true),
    /** Days of history kept; unset keeps it all. */
    HISTORY_DAYS: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').optional(),
    /** Days a deleted record stays in the recycle bin; unset: HISTORY_DAYS, else 30. */
    BIN_DAYS: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').optional(),
    CORS_ORIGINS: z
      .string()
      .optional()
      .transform((v) =>
        v
          ? v
              .split(',')
              .map((o) => o.trim())
              .filter(Boolean)
          : [],
      )
      // Any site at all could then read the API with a visitor's token: the sites must be named.
      .refine((origins) => !origins.includes('*'), {
        message: 'must list the allowed origins (https://shop.example,https://admin.example), not *',
      }),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    HOLDING_NAME_EN: z.string().min(1).default('Dalil Holding Group'),
    HOLDING_NAME_AR: z.string().min(1).default('مجموعة دليل القابضة'),
    /** ISO 4217 code the catalogue shows prices in (for example SAR); unset: numbers without a symbol. */
    CURRENCY: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code such as SAR')
      .optional(),
    TRUST_PROXY: trustProxy,
    /** The site's public address (https://catalogue.example): canonical and link-preview addresses. */
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://catalogue.example' })
      .transform((u) => u.replace(/\/+$/, ''))
      .optional(),
    /**
     * Hosts webhooks and feeds may reach although they resolve to loopback, private or link-local
     * addresses (an ERP on the office network); http is allowed to them too. Comma-separated.
     */
    OUTBOUND_ALLOWED_HOSTS: hostList,
    /** Further hosts only scheduled feeds may fetch from in such ranges. Comma-separated. */
    FEED_ALLOWED_HOSTS: hostList,
    /** How long a webhook receiver has to answer before the attempt counts as failed. */
    WEBHOOK_TIMEOUT: duration('10s').refine((s) => s >= 1 && s <= 60, 'must be between 1s and 60s'),
    /** How often each process looks for due webhook deliveries written by other processes or due for a retry. */
    WEBHOOK_POLL_INTERVAL: duration('2s').refine((s) => s >= 1, 'must be at least 1s'),
    /** Days a webhook message stays in the delivery logs once no delivery of it is pending. */
    WEBHOOK_LOG_DAYS: positiveInt(30),
    /** Failed sign-ins a minute from one address for one username. */
    LOGIN_RATE_LIMIT: positiveInt(10),
    /** Failed sign-ins a minute from one address across usernames (password spraying). */
    LOGIN_ADDRESS_LIMIT: positiveInt(30),
    /** Guest sign-ins a minute from one address, and sign-outs a minute from one address. */
    LOGIN_GUEST_LIMIT: positiveInt(60),
    /** Password verifications (argon2id, 19 MiB each) running at once, and sign-ins waiting for one. */
    SIGN_IN_CONCURRENCY: positiveInt(1),
    SIGN_IN_QUEUE: positiveInt(16),
    /**
     * Uncached searches running at once (default: the machine's cores), and searches waiting for a turn
     * before newcomers get 503 with Retry-After (docs/performance.md, "Searches at once").
     */
    SEARCH_CONCURRENCY: positiveInt(availableParallelism()),
    SEARCH_QUEUE: positiveInt(500),
    /** PostgreSQL connections cancel a statement after this long (answered 503). */
    STATEMENT_TIMEOUT: duration('5s'),
    IMAGE_MAX_BYTES: z.coerce
      .number({ error: 'must be a number' })
      .int()
      .positive()
      .default(10 * 1024 * 1024),
    CSV_MAX_BYTES: z.coerce
      .number({ error: 'must be a number' })
      .int()
      .positive()
      .default(50 * 1024 * 1024),
    /** CSV/XLSX previews, imports and invalid-rows downloads running at once; past that, 429. */
    IMPORT_CONCURRENCY: positiveInt(2),
    WEB_DIST: z.string().optional(),
    /** Bulk images: largest file (an archive) per upload, what an archive may unpack to, images encoded at once. */
    IMAGE_UPLOAD_MAX_BYTES: positiveInt(2 * 1024 ** 3),
    IMAGE_ARCHIVE_MAX_BYTES: positiveInt(4 * 1024 ** 3),
    IMAGE_JOB_CONCURRENCY: positiveInt(Math.max(1, availableParallelism())),
    /** A running image job silent this long was interrupted (its process stopped). */
    IMAGE_JOB_STALE_AFTER: duration('60s'),
    /** Where images live: `local` (DATA_DIR/media) or `s3` (any S3-compatible object store). */
    MEDIA_STORE: z.enum(['local', 's3']).default('local'),
    /** Set to serve images straight from a CDN or the bucket: GET /api/config's mediaBaseUrl. */
    MEDIA_PUBLIC_URL: z.url({ error: 'must be an http(s) URL' }).optional(),
    S3_ENDPOINT: z.url({ error: 'must be an http(s) URL' }).optional(),
    S3_BUCKET: z.string().min(3).max(63).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: bool(false),
    /** Some S3-compatible stores refuse the SDK's newer default checksums: `when_required` turns them off. */
    S3_CHECKSUMS: z.enum(['when_supported', 'when_required']).default('when_supported'),
    /** Set: GET /metrics (Prometheus text) asks for this bearer token. Neither this nor METRICS_PORT: no /metrics. */
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    /** Set: /metrics is served on this port only (a second listener), not on PORT. */
    METRICS_PORT: z.coerce.number({ error: 'must be a port number' }).int().min(1).max(65535).optional(),
    /** The address the metrics listener binds (default: HOST). */
    METRICS_HOST: z.string().min(1).optional(),
  })
  .superRefine((e, ctx) => {
    if (e.MEDIA_STORE === 's3' && !e.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when MEDIA_STORE=s3' });
    }
    if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) {
      ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'must differ from PORT' });
    }
  });

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
    Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')),
  );
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
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
