import { isWebRoute } from '@dalil/contracts/web-routes';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Serves the built web app. Any GET outside /api, /media and /assets that matches no file gets
 * index.html, so the client-side router owns those paths (SPA fallback): with 200 on the addresses
 * the app has a route for (the contracts' web paths, which its route table is built from) and 404 on
 * any other. The visitor pages are answered before this, with heads of their own (modules/pages).
 * Unknown /api paths stay JSON 404s, and so does a script or stylesheet under /assets that this build does not have (a tab
 * opened before a new version was deployed asks for the old names): the page would be no script.
 * /metrics too: where the app's port does not serve the metrics (they are off, or on METRICS_PORT),
 * a scraper must get a 404, not a page that reads as a healthy target.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string | null) {
  const hasWeb = webDist !== null && existsSync(join(webDist, 'index.html'));
  if (hasWeb)
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz beside each text asset (apps/web/scripts/precompress.mjs).
      preCompressed: true,
      // The headers below decide caching; the plugin's own max-age=0 would override them.
      cacheControl: false,
      setHeaders(reply, path) {
        // Vite fingerprints everything under assets/: cache it for good; index.html must revalidate.
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (
      hasWeb &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/^\/(api|media|assets|metrics)(\/|$)/.test(path)
    ) {
      void reply.header('cache-control', 'no-cache');
      if (isWebRoute(path)) return reply.sendFile('index.html');
      // An address the app has no screen for: a real 404, so crawlers drop it, with the app around it.
      return reply.status(404).header('x-robots-tag', 'noindex').sendFile('index.html');
    }
    return reply.status(404).send({
      statusCode: 404,
      error: 'Not Found',
      code: 'request.routeNotFound',
      params: { route: `${request.method} ${path.slice(0, 200)}` },
      message: `Route ${request.method} ${path.slice(0, 200)} not found`,
    });
  });
}
