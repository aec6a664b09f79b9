import { timingSafeEqual } from 'node:crypto';
import type { Role } from '@dalil/contracts/auth';
import type { AppContext } from '../../core/context';
import { HttpError } from '../../lib/errors';
import { findUserByUsername } from '../users/users.repository';
import { forgetAdminPassword } from './admin-password';
import { createAddressLimit } from './address-limit';
import { findGuest } from './guest-account';
import { verifyPassword } from '../../lib/passwords';
import { createSignInLimits } from './sign-in-limits';
import { VerificationQueue } from './verification-queue';

export type SignInKind = 'admin' | 'user';

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A refused attempt is answered after a second, not at once: a script that waits for each answer
 * then guesses at most once a second per connection, instead of keeping the server busy refusing it.
 * At most MAX_HELD refusals are held at a time; beyond that they are answered at once.
 */
const REFUSAL_HOLD_MS = 1000;
const MAX_HELD = 1000;
let held = 0;
async function refuse(err: HttpError): Promise<never> {
  if (held < MAX_HELD) {
    held++;
    try {
      await sleep(REFUSAL_HOLD_MS);
    } finally {
      held--;
    }
  }
  throw err;
}
const tooManyFailures = (retryAfter: number) =>
  new HttpError(429, 'auth.tooManyFailures', {}, { headers: { 'retry-after': String(retryAfter) } });
const tooManyGuests = (retryAfter: number) =>
  new HttpError(429, 'auth.tooManyGuests', {}, { headers: { 'retry-after': String(retryAfter) } });

/**
 * Both sign-in routes: the guest's published credentials, then the limits on failed attempts (shared
 * by both routes and every process), then at most a few password verifications at once.
 */
export function createSignIn(ctx: AppContext) {
  const { db, config, tokens, metrics } = ctx;
  const limits = createSignInLimits(db, config.signIn);
  const queue = new VerificationQueue(config.signIn.concurrency, config.signIn.queue);
  const token = (user: { id: number; role: Role; tokenVersion: number }) =>
    tokens.sign({ userId: user.id, role: user.role, tokenVersion: user.tokenVersion });

  const guests = createAddressLimit(db, 'guest', config.signIn.guestPerAddress);

  /**
   * The guest's credentials are public (GET /api/config): checking them needs no argon2 and they never
   * count as failures. Their own limit per address (LOGIN_GUEST_LIMIT a minute) is generous enough for
   * the visitors behind one proxy or office, and stops a script minting tokens in a loop.
   */
  async function guestSignIn(kind: SignInKind, username: string, password: string, address: string) {
    const guest = config.guest;
    if (kind !== 'user' || !guest || username.toLowerCase() !== guest.username.toLowerCase()) return null;
    if (!sameText(password, guest.password)) return null;
    const wait = await guests.take(address);
    if (wait > 0) return refuse(tooManyGuests(wait));
    const row = await findGuest(db, username);
    return row ? token(row) : null;
  }

  return async function signIn(
    kind: SignInKind,
    username: string,
    password: string,
    address: string,
  ): Promise<string> {
    const guest = await guestSignIn(kind, username, password, address);
    if (guest) {
      metrics.signIn(kind, 'success');
      return guest;
    }

    const known = limits.known(address, username);
    if (known > 0) {
      metrics.signIn(kind, 'limited');
      return refuse(tooManyFailures(known));
    }
    const turn = async <T>(task: () => Promise<T>, onBusy?: () => Promise<void>): Promise<T> => {
      try {
        return await queue.run(address, limits.suspicion(address), task);
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 429) {
          await onBusy?.();
          metrics.signIn(kind, 'busy');
          return refuse(err);
        }
        throw err;
      }
    };
    // Counting and verifying each take a turn in the queue; the delay is waited between them,
    // holding no place. The attempt is counted before its password is checked (attempt-counts.ts).
    const check = await turn(() => limits.attempt(address, username));
    if (check.retryAfter > 0) {
      metrics.signIn(kind, 'limited');
      return refuse(tooManyFailures(check.retryAfter));
    }
    if (check.delayMs > 0) await sleep(check.delayMs);
    const user = await turn(
      async () => {
        const found = await findUserByUsername(db, username);
        const valid = await verifyPassword(found?.passwordHash, password);
        if (!found || !valid || (kind === 'admin' && found.role === 'user')) {
          limits.noteFailure(address);
          return null;
        }
        return found;
      },
      // Turned away before its password was checked: not a failure.
      () => limits.withdraw(address, username),
    );
    if (!user) {
      metrics.signIn(kind, 'failure');
      throw new HttpError(401, 'auth.badCredentials', {});
    }
    await limits.succeeded(address, username);
    // The generated password has done its job once the admin has signed in with it.
    if (user.role === 'admin' && user.username.toLowerCase() === config.admin.username.toLowerCase()) {
      await forgetAdminPassword(config.dataDir);
    }
    metrics.signIn(kind, 'success');
    return token(user);
  };
}
