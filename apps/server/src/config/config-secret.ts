import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A start refused for its settings, with every problem named. */
export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** DATA_DIR and every folder in it are private to the account that runs Dalil. */
const PRIVATE_DIR_MODE = 0o700;

/**
 * Reads the JWT secret kept in DATA_DIR, creating it on first start: exclusively (two processes starting
 * at once agree on one secret) and with mode 600. A secret other accounts can read, or one too short to
 * resist guessing, stops the start: anyone holding it can sign tokens for any account.
 */
export function persistedSecret(dataDir: string): string {
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
