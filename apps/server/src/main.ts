import { ConfigError, loadConfig, type Config } from './config/config';
import { buildApp } from './app';
import { ensureAccounts } from './seed/accounts';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/lock';
import { DatabaseAheadError } from './db/schema-version';
import { seedDemoCatalogue } from './seed/demo-catalogue';
import { announceAdmin } from './modules/auth/announce-admin';
import { GuestAccountError } from './modules/auth/guest-account';
import { startMetricsServer } from './modules/metrics/metrics-server';
import { startStartingServer, type StartingServer } from './modules/system/starting-server';
import { loop } from './lib/periodic-task';

const SHUTDOWN_DEADLINE_MS = 9_000;

/** The few lines written before the app's own logger exists, in the same JSON shape. */
function startLog(config: Config, msg: string) {
  if (['silent', 'fatal', 'error', 'warn'].includes(config.logLevel)) return;
  process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, msg })}\n`);
}

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

  // Up but not ready while migrations run and the first accounts are made (modules/system/starting-server.ts).
  let starting: StartingServer;
  try {
    starting = await startStartingServer(config.port, config.host, 'database migrations are running');
  } catch (err) {
    fail(`Dalil cannot listen on ${config.host}:${config.port}: ${(err as Error).message}`);
  }
  startLog(
    config,
    `Starting on port ${starting.port}: /api/ready answers 503 until the database is migrated`,
  );

  let database;
  try {
    database = await openDatabase({
      url: config.databaseUrl,
      dataDir: config.dataDir,
      statementTimeoutMs: config.statementTimeoutMs,
    });
  } catch (err) {
    if (err instanceof DataDirLockedError || err instanceof DatabaseAheadError) fail(err.message);
    throw err;
  }

  starting.reason = 'the first accounts and the demo catalogue are being prepared';
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

  // The same port the starting server held (PORT=0 picked one at random).
  await starting.close();
  const address = await app.listen({ port: starting.port, host: config.host });
  const metricsServer =
    config.metrics.port === null
      ? null
      : await startMetricsServer(
          app.ctx.metrics,
          { port: config.metrics.port, host: config.metrics.host, token: config.metrics.token },
          app.log,
        );
  if (metricsServer) {
    app.log.info(`Metrics on http://${config.metrics.host}:${metricsServer.address.port}/metrics`);
  }
  // Fastify reports a wildcard HOST as the loopback address it also listens on; a person opens localhost.
  const shown = address.replace(/\/\/(0\.0\.0\.0|\[::\]|127\.0\.0\.1|\[::1\])(?=:)/, '//localhost');
  app.log.info(
    `Dalil is running on ${shown} (${database.engine === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
  );
  if (!config.jobs) {
    app.log.warn('JOBS=off: no scheduled feed, webhook delivery or sweep runs in this process');
  }
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
    loop({
      firstRunMs: 100,
      everyMs: 100,
      failure: 'could not close the idle connections',
      log: app.log,
      task: () => Promise.resolve(app.server.closeIdleConnections()),
    }).start();
    Promise.all([app.close(), metricsServer?.close()]).then(
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
