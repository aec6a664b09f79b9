import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

// The only reader of process.env (STYLE.md habit 6). Bad values stop the start with every problem named.

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

const EnvSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TOKEN_TTL: duration('12h'),
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
  LOGIN_RATE_LIMIT: z.coerce.number({ error: 'must be a number' }).int().positive().default(10),
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
  loginRateLimit: number;
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

/** Reads the JWT secret kept in DATA_DIR, creating it (mode 600) on first start. */
function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
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
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    imageMaxBytes: e.IMAGE_MAX_BYTES,
    csvMaxBytes: e.CSV_MAX_BYTES,
    webDist,
    mediaDir: join(dataDir, 'media'),
    ...overrides,
  };
}
