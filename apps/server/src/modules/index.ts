import { setHistoryRecording } from '../core/history';
import { registerWebApp } from './web-app/web-app.routes';
import { activityRoutes } from './activity/activity.routes';
import { retentionSweep } from './retention/retention-sweep';
import { publishDateAnnouncer } from './webhooks/publish-dates';
import type { AppModule } from '../core/app-module';
import { logoutRoutes } from './auth/logout';
import { authRoutes } from './auth/auth.routes';
import { binRoutes } from './bin/bin.routes';
import { attributeSetRoutes } from './attributes/attribute-sets.routes';
import { exportRoutes } from './exports/exports.routes';
import { imageUploadRoutes } from './image-jobs/image-jobs.routes';
import { importRunRoutes } from './imports/import-runs.routes';
import { importRoutes } from './imports/imports.routes';
import { mediaRoutes } from './media/media.routes';
import { mediaSweeper } from './media/media-sweeper';
import { pagesRoutes } from './pages/pages.routes';
import { productBulkRoutes } from './product-bulk/bulk.routes';
import { RESOURCE_MODULES } from './resources';
import { searchCachePlugin } from './search/search-cache-plugin';
import { sitemapRoutes } from './sitemap/sitemap.routes';
import { synonymCsvRoutes } from './synonyms/synonyms.routes';
import { systemRoutes } from './system/system.routes';
import { uploadRoutes } from './media/upload.routes';

/**
 * Every module of the server, in the order buildApp registers them. The order matters: the search
 * cache plugin comes before the CRUD routes (their writes expire it), history recording is set before
 * anything records, and the web app comes last (its catch-all answers every path no module took,
 * so the visitor pages, which answer its index.html with their own heads, come just before it).
 */
export const APP_MODULES: readonly AppModule[] = [
  { name: 'system', register: systemRoutes },
  { name: 'auth', register: authRoutes },
  { name: 'logout', register: logoutRoutes },
  { name: 'search', register: (app, { searchCache }) => app.register(searchCachePlugin, searchCache ?? {}) },
  ...RESOURCE_MODULES,
  { name: 'activity', register: (app) => activityRoutes(app, RESOURCE_MODULES) },
  { name: 'history recording', register: (app) => setHistoryRecording(app.ctx.config.history) },
  // JOBS=off (a restored copy, say): no sweep runs; the media sweep could remove images that
  // production still shows from a shared bucket.
  { name: 'retention sweep', register: (app) => app.ctx.config.jobs && retentionSweep(app) },
  { name: 'publish dates', register: (app) => app.ctx.config.jobs && publishDateAnnouncer(app) },
  { name: 'import runs', register: importRunRoutes },
  { name: 'product bulk', register: productBulkRoutes },
  { name: 'bin', register: binRoutes },
  { name: 'synonym CSV', register: (app) => app.register(synonymCsvRoutes) },
  { name: 'attribute sets', register: attributeSetRoutes },
  { name: 'uploads', register: uploadRoutes },
  { name: 'image jobs', register: imageUploadRoutes },
  { name: 'imports', register: (app) => app.register(importRoutes) },
  { name: 'exports', register: exportRoutes },
  { name: 'media', register: mediaRoutes },
  { name: 'media sweeper', register: (app) => app.ctx.config.jobs && mediaSweeper(app) },
  { name: 'sitemap', register: (app, { sitemap }) => sitemapRoutes(app, sitemap) },
  { name: 'pages', register: pagesRoutes },
  { name: 'web app', register: (app) => registerWebApp(app, app.ctx.config.webDist) },
];
