// The bench server process: the real app (buildApp) on a free port of 127.0.0.1, over the database
// run.ts generated. Prints one JSON line with its URL; stops on SIGTERM like main.ts.
import { buildApp } from '../../apps/server/src/app';
import { openDatabase } from '../../apps/server/src/db/client';
import { benchConfig } from '../lib/config';

const dataDir = process.env.BENCH_DATA_DIR;
if (!dataDir) throw new Error('BENCH_DATA_DIR is not set');
const config = benchConfig(dataDir, process.env.BENCH_DATABASE_URL);
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
const app = await buildApp({ config, database });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ listening: address })}\n`);

process.once('SIGTERM', () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
