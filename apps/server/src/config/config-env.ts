import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { bool, duration, hostList, positiveInt, trustProxy } from './config-values';

// The settings Dalil reads from the environment, with their defaults and limits (config.ts builds the
// Config from what this schema parses; the README's settings table describes each).

/** Tokens live at most this long: a copied token must not stay valid for months. */
const MAX_TOKEN_TTL_SECONDS = 30 * 86400;
/**
 * And at least this long: a shorter life signs people out in the middle of a task, and sends every
 * visitor's browser back to sign in as the guest again and again (guest sign-ins are limited).
 */
const MIN_TOKEN_TTL_SECONDS = 5 * 60;

export const EnvSchema = z
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
    /**
     * `off`: the process serves and accepts writes but runs no background work (scheduled feeds, webhook
     * deliveries, sweeps): a restored copy of production must not fetch its feeds or call its receivers.
     */
    JOBS: bool(true),
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
    /**
     * Most data rows a CSV or XLSX upload may hold. Twice the 100 000-row imports the targets are
     * measured at; a PGlite server was measured at about 1 GB resident while loading 200 000 rows.
     */
    IMPORT_MAX_ROWS: positiveInt(200_000),
    /** CSV/XLSX previews, imports and invalid-rows downloads running at once; past that, 429. */
    IMPORT_CONCURRENCY: positiveInt(2),
    WEB_DIST: z.string().optional(),
    /** Bulk images: largest file (an archive) per upload, what an archive may unpack to, images encoded at once. */
    IMAGE_UPLOAD_MAX_BYTES: positiveInt(2 * 1024 ** 3),
    IMAGE_ARCHIVE_MAX_BYTES: positiveInt(4 * 1024 ** 3),
    IMAGE_JOB_CONCURRENCY: positiveInt(Math.max(1, availableParallelism())),
    /**
     * A running image job silent this long was interrupted (its process stopped): the job's lease
     * (lib/job-lease.ts). Its heartbeat is written six times within it.
     */
    IMAGE_JOB_STALE_AFTER: duration('30s'),
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
    // Each process would otherwise generate a secret of its own in its DATA_DIR: behind a load balancer
    // a token signed by one process is refused by the next, and sign-ins fail at random.
    if (e.DATABASE_URL && e.JWT_SECRET === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message:
          'is required with DATABASE_URL (32+ characters, the same on every process sharing the database)',
      });
    }
    if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) {
      ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'must differ from PORT' });
    }
  });
