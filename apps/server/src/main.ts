import { ConfigError, loadConfig, type Config } from './config';
import { buildApp } from './app';
import { ensureAccounts } from './seed/accounts';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/lock';
import { seedDemoCatalogue } from './seed/demo-catalogue';
import { announceAdmin } from './modules/auth/announce-admin';
import { GuestAccountError } from './modules/auth/guest-account';

const SHUTDOWN_DEADLINE_MS = 9_000;

function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }

  let database;
  try {
    database = await openDatabase({
      url: config.databaseUrl,
      dataDir: config.dataDir,
      statementTimeoutMs: config.statementTimeoutMs,
    });
  } catch (err) {
    if (err instanceof DataDirLockedError) fail(err.message);
    throw err;
  }

  const app = await buildApp({ config, database });
  // Processes starting together on one PostgreSQL take turns: the first creates the accounts and the
  // demo catalogue, the others find them made.
  let firstStart;
  try {
    firstStart = await database.underStartupLock(async () => ({
      admin: await ensureAccounts(database.db, config),
      seeded: config.seedDemo && (await seedDemoCatalogue(database.db, app.ctx.media, app.log)),
    }));
  } catch (err) {
    if (err instanceof GuestAccountError) {
      await app.close();
      fail(err.message);
    }
    throw err;
  }
  const { admin, seeded } = firstStart;
  // A checkpoint after the first-start writes keeps the shutdown checkpoint short.
  if (seeded) await database.checkpoint();

  const address = await app.listen({ port: config.port, host: config.host });
  // Fastify reports a wildcard HOST as the loopback address it also listens on; a person opens localhost.
  const shown = address.replace(/\/\/(0\.0\.0\.0|\[::\]|127\.0\.0\.1|\[::1\])(?=:)/, '//localhost');
  app.log.info(
    `Dalil is running on ${shown} (${database.engine === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
  );
  if (admin) announceAdmin(app.log, admin, config.dataDir, `${shown}/admin/login`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received: finishing in-flight requests, then closing the database`);
    app.ctx.lifecycle.draining = true;
    const deadline = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    // Fastify closes the idle keep-alive connections once, when the close starts; a connection busy at
    // that moment goes idle later and would keep the process up until its keep-alive timeout.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    sweep.unref();
    app.close().then(
      () => {
        app.log.info('stopped cleanly');
        process.exit(0);
      },
      (err: unknown) => {
        app.log.error({ err }, 'error while stopping');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err: unknown) => {
  process.stderr.write(
    `Dalil could not start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
