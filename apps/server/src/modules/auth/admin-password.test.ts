import { existsSync, readFileSync, statSync } from 'node:fs';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { ensureAccounts } from '../../seed/accounts';
import type { Database } from '../../db/client';
import { freshDatabase, testConfig } from '../../../test/harness';
import { adminPasswordFile } from './admin-password';
import { announceAdmin } from './announce-admin';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
});
afterAll(async () => {
  await database.close();
  await drop();
});

/** A stream that keeps what was written, standing for the log or the terminal. */
function capture(isTTY: boolean) {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  }) as Writable & { isTTY: boolean };
  stream.isTTY = isTTY;
  return { stream, text: () => text };
}

describe('a generated admin password', () => {
  it('goes to DATA_DIR/admin-password (mode 600) and the terminal, never the log, and the file goes at the first sign-in', async () => {
    const config = testConfig({}, { admin: { username: 'admin', password: undefined } });
    const admin = await ensureAccounts(database.db, config);
    const password = admin!.generatedPassword!;
    expect(password.length).toBeGreaterThanOrEqual(16);

    const log = capture(false);
    const app = await buildApp({
      config: { ...config, logLevel: 'info' },
      database: { ...database, close: async () => {} },
      logStream: log.stream,
    });
    const terminal = capture(true);
    announceAdmin(
      app.log,
      admin!,
      config.dataDir,
      'http://localhost:3000/admin/login',
      terminal.stream as never,
    );

    const file = adminPasswordFile(config.dataDir);
    expect(readFileSync(file, 'utf8').trim()).toBe(password);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(log.text()).toContain(file);
    expect(log.text()).not.toContain(password);
    expect(terminal.text()).toContain(password);

    // A wrong password leaves the file; the right one removes it.
    const signIn = (pw: string) =>
      app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: 'admin', password: pw } });
    expect((await signIn('not-the-password')).statusCode).toBe(401);
    expect(existsSync(file)).toBe(true);
    expect((await signIn(password)).statusCode).toBe(200);
    expect(existsSync(file)).toBe(false);
    await app.close();
  });

  it('is not written to standard output when that is not a terminal', async () => {
    const config = testConfig();
    const app = await buildApp({ config, database: { ...database, close: async () => {} } });
    const piped = capture(false);
    announceAdmin(
      app.log,
      { username: 'admin', generatedPassword: 'generated-secret-123' },
      config.dataDir,
      'x',
      piped.stream as never,
    );
    expect(piped.text()).toBe('');
    expect(readFileSync(adminPasswordFile(config.dataDir), 'utf8').trim()).toBe('generated-secret-123');
    await app.close();
  });
});
