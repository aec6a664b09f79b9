import type { FastifyInstance } from 'fastify';
import { removeOrphans } from './media-sweep';

const FIRST_SWEEP_MS = 60_000;
const SWEEP_EVERY_MS = 3600_000;

/**
 * Each server process removes orphaned images a minute after it starts and then hourly. Several
 * processes sweeping one store is harmless: a sweep removes only what no row references.
 */
export function mediaSweeper(app: FastifyInstance) {
  let timer: NodeJS.Timeout | undefined;
  const sweep = async () => {
    try {
      const removed = await removeOrphans(app.ctx.db, app.ctx.media);
      if (removed > 0) app.log.info(`media: removed ${removed} orphaned image files`);
    } catch (err) {
      app.log.warn({ err }, 'media: the orphan sweep failed; it runs again in an hour');
    }
    timer = setTimeout(() => void sweep(), SWEEP_EVERY_MS).unref();
  };
  app.addHook('onListen', () => {
    timer = setTimeout(() => void sweep(), FIRST_SWEEP_MS).unref();
  });
  app.addHook('onClose', () => clearTimeout(timer));
}
