import type { FastifyBaseLogger } from 'fastify';
import { saveAdminPassword } from './admin-password';

/** An admin account the first start created (seed/accounts.ts). */
export interface CreatedAdmin {
  username: string;
  /** Set only when Dalil generated it: written to DATA_DIR/admin-password, never to the log. */
  generatedPassword: string | null;
}

/**
 * Tells the operator about a new admin account. A generated password goes to DATA_DIR/admin-password
 * (mode 600, removed at the account's first sign-in) and to the terminal when there is one; the log,
 * which may be shipped elsewhere, only says where to find it.
 */
export function announceAdmin(
  log: FastifyBaseLogger,
  admin: CreatedAdmin,
  dataDir: string,
  loginUrl: string,
  stdout: NodeJS.WriteStream = process.stdout,
): void {
  if (!admin.generatedPassword) {
    log.info(
      `Admin account created: username "${admin.username}" with the password from ADMIN_PASSWORD. Sign in at ${loginUrl}`,
    );
    return;
  }
  const file = saveAdminPassword(dataDir, admin.generatedPassword);
  log.info(
    `Admin account created: username "${admin.username}"; its generated password is in ${file} (readable only by this account, deleted at its first sign-in). Sign in at ${loginUrl}`,
  );
  if (stdout.isTTY) {
    stdout.write(
      `\n  Admin password for "${admin.username}": ${admin.generatedPassword}\n  (also in ${file} until the first sign-in)\n\n`,
    );
  }
}
