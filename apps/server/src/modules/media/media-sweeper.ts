import type { FastifyInstance } from 'fastify';
import { periodicTask } from '../../lib/periodic-task';
import { removeOrphans } from './media-sweep';

/**
 * Each server process removes orphaned images a minute after it starts listening and then hourly.
 * Several processes sweeping one store is harmless: a sweep removes only what no row references.
 */
export function mediaSweeper(app: FastifyInstance) {
  periodicTask(app, {
    firstRunMs: 60_000,
    everyMs: 3600_000,
    failure: 'media: the orphan sweep failed; it runs again in an hour',
    task: async () => {
      const removed = await removeOrphans(app.ctx.db, app.ctx.media);
      if (removed > 0) app.log.info(`media: removed ${removed} orphaned image files`);
    },
  });
}
