import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';

// A generated admin password never goes to the log (logs are shipped and kept): it is written to a
// file only the server's account can read, and that file goes at the account's first sign-in.

export const adminPasswordFile = (dataDir: string) => join(dataDir, 'admin-password');

export function saveAdminPassword(dataDir: string, password: string): string {
  const file = adminPasswordFile(dataDir);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  rmSync(file, { force: true });
  writeFileSync(file, `${password}\n`, { mode: 0o600, flag: 'wx' });
  return file;
}

export async function forgetAdminPassword(dataDir: string): Promise<void> {
  await rm(adminPasswordFile(dataDir), { force: true });
}
