import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

// The only reader of process.env. Bad values stop the start with every problem named.

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'], { error: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'on', 'yes'].includes(v)));

const durationPattern = /^(\d+)\s*(s|m|h|d)$/;
const duration = (fallback: string) =>
  z
    .string()
    .regex(durationPattern, 'must be a duration such as 30m, 12h or 7d')
    .optional()
    .transform((v) => {
      const [, n, unit] = durationPattern.exec(v ?? fallback)!;
      const seconds = { s: 1, m: 60, h: 3600, d: 86400 }[unit as 's' | 'm' | 'h' | 'd'];
      return Number(n) * seconds;
    });

/** Tokens live at most this long: a copied token must not stay valid for months. */
export const MAX_TOKEN_TTL_SECONDS = 30 * 86400;

/**
 * TRUST_PROXY: off by default; a hop count (`1` behind one reverse proxy), or the proxies' addresses
 * and CIDR ranges separated by commas. Fastify then takes the client address from X-Forwarded-For.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): boolean | number | string[] => {
    const value = v?.trim().toLowerCase();
    if (!value || ['false', '0', 'off', 'no'].includes(value)) return false;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    const list = value
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean);
    if (list.every((a) => /^[0-9a-f.:]+(\/\d{1,3})?$/.test(a))) return list;
    ctx.addIssue({ code: 'custom', message: 'must be a hop count or a list of addresses or CIDR ranges' });
    return z.NEVER;
  });

const positiveInt = (fallback: number) =>
  z.coerce.number({ error: 'must be a number' }).int().positive().default(fallback);

const EnvSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TOKEN_TTL: duration('12h').refine((s) => s <= MAX_TOKEN_TTL_SECONDS, 'must be at most 30d'),
  ADMIN_USERNAME: z.string().trim().min(1).max(100).default('admin'),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(200).optional(),
  GUEST_ACCESS: bool(true),
  GUEST_USERNAME: z.string().trim().min(1).max(100).default('guest'),
  GUEST_PASSWORD: z.string().min(1).max(200).default('guest'),
  SEED_DEMO: bool(true),
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
    ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOLDING_NAME_EN: z.string().min(1).default('Dalil Holding Group'),
  HOLDING_NAME_AR: z.string().min(1).default('مجموعة دليل القابضة'),
  TRUST_PROXY: trustProxy,
  /** Failed sign-ins a minute from one address for one username. */
  LOGIN_RATE_LIMIT: positiveInt(10),
  /** Failed sign-ins a minute from one address across usernames (password spraying). */
  LOGIN_ADDRESS_LIMIT: positiveInt(30),
  /** Password verifications (argon2id, 19 MiB each) running at once, and sign-ins waiting for one. */
  SIGN_IN_CONCURRENCY: positiveInt(1),
  SIGN_IN_QUEUE: positiveInt(16),
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
  WEB_DIST: z.string().optional(),
});

export type Env = z.input<typeof EnvSchema>;

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
  corsOrigins: string[];
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  holding: { nameEn: string; nameAr: string };
  /** Fastify's trustProxy: false, a hop count, or the trusted proxies' addresses. */
  trustProxy: boolean | number | string[];
  signIn: {
    perAddressAndUsername: number;
    perAddress: number;
    concurrency: number;
    queue: number;
  };
  statementTimeoutMs: number;
  imageMaxBytes: number;
  csvMaxBytes: number;
  /** Built web app to serve; null when there is none (API-only tests). */
  webDist: string | null;
  mediaDir: string;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** DATA_DIR and every folder in it are private to the account that runs Dalil. */
export const PRIVATE_DIR_MODE = 0o700;

/**
 * Reads the JWT secret kept in DATA_DIR, creating it on first start: exclusively (two processes starting
 * at once agree on one secret) and with mode 600. A secret other accounts can read, or one too short to
 * resist guessing, stops the start: anyone holding it can sign tokens for any account.
 */
function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  try {
    writeFileSync(file, randomBytes(48).toString('base64url') + '\n', { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const mode = statSync(file).mode & 0o777;
  if (mode & 0o077) {
    throw new ConfigError([
      `${file} can be read by other accounts (mode ${mode.toString(8)}): run chmod 600 ${file}`,
    ]);
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) {
    throw new ConfigError([
      `${file} holds a secret of ${secret.length} characters; it must be at least 32 (delete the file to generate a new one, which signs everyone out)`,
    ]);
  }
  return secret;
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
  const defaultWeb = resolve(import.meta.dirname, '../../web/dist');
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
    corsOrigins: e.CORS_ORIGINS,
    logLevel: e.LOG_LEVEL,
    holding: { nameEn: e.HOLDING_NAME_EN, nameAr: e.HOLDING_NAME_AR },
    trustProxy: e.TRUST_PROXY,
    signIn: {
      perAddressAndUsername: e.LOGIN_RATE_LIMIT,
      perAddress: e.LOGIN_ADDRESS_LIMIT,
      concurrency: e.SIGN_IN_CONCURRENCY,
      queue: e.SIGN_IN_QUEUE,
    },
    statementTimeoutMs: e.STATEMENT_TIMEOUT * 1000,
    imageMaxBytes: e.IMAGE_MAX_BYTES,
    csvMaxBytes: e.CSV_MAX_BYTES,
    webDist,
    mediaDir: join(dataDir, 'media'),
    ...overrides,
  };
}
