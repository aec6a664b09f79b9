import type { Db, Executor } from '../db/client';
import { bumpVersion, readVersion, VersionedWrites } from './state-version';

const SESSION_VERSION_KEY = 'session_version';

/**
 * How long another server process on the same PostgreSQL may still accept a token after it was
 * signed out, or its account deleted or given a new password or role (docs/decisions/0025). Writes
 * by this process take effect at once.
 */
export const REVOCATION_DELAY_MS = 250;

/** Moves the session version on, inside the caller's transaction, for writes made outside `SessionWrites`. */
export const bumpSessionVersion = (db: Executor): Promise<void> => bumpVersion(db, SESSION_VERSION_KEY);

export const readSessionVersion = (db: Executor): Promise<number> => readVersion(db, SESSION_VERSION_KEY);

/**
 * The write path of everything the access guard checks: sign-outs, and changes to an account
 * (password, role, names, deletion). Each bumps the session version in its transaction; this process's
 * session cache expires once it has committed.
 */
export class SessionWrites extends VersionedWrites {
  constructor(db: Db) {
    super(db, SESSION_VERSION_KEY);
  }
}
