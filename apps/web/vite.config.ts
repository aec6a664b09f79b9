import react from '@vitejs/plugin-react';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defineConfig, minify, runnerImport, type Plugin, type Rollup } from 'vite';
import type { productShape, responseShapes } from './src/lib/response-shapes';
import { fillBootPlaceholders } from './src/lib/boot-placeholders';
import type { bootPlan } from './src/features/catalog/boot-plan';
import { STORAGE_KEYS } from './src/lib/storage-keys';

/**
 * Writes dist/.vite/chunk-modules.json (chunk file -> source modules, relative to apps/web) so
 * scripts/entry-size.mjs can prove that no admin module reaches the entry a visitor downloads.
 */
function chunkModulesManifest(): Plugin {
  return {
    name: 'dalil-chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks[output.fileName] = output.moduleIds
          .map((id) => id.replace(/\\/g, '/'))
          .map((id) =>
            id.startsWith(`${import.meta.dirname}/`) ? id.slice(import.meta.dirname.length + 1) : id,
          );
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-modules.json',
        source: JSON.stringify(chunks, null, 2),
      });
    },
  };
}

/**
 * `virtual:response-shapes`: the JSON Schemas lib/response-check.ts checks the visitor's answers
 * against, made from the contracts on every build, dev server start and test run
 * (docs/decisions/0034-first-visit-budget.md). Also used by vitest.config.ts.
 */
export function responseShapesModule(): Plugin {
  const ids = {
    'virtual:response-shapes': 'responseShapes',
    'virtual:response-shapes/product': 'productShape',
  } as const;
  return {
    name: 'dalil-response-shapes',
    resolveId: (source) => (source in ids ? `\0${source}` : undefined),
    async load(loaded) {
      const made = loaded.startsWith('\0') ? ids[loaded.slice(1) as keyof typeof ids] : undefined;
      if (made === undefined) return undefined;
      // The contracts are TypeScript: Vite's module runner loads them (without this config).
      const { module } = await runnerImport<{
        responseShapes: typeof responseShapes;
        productShape: typeof productShape;
      }>(join(import.meta.dirname, 'src/lib/response-shapes.ts'), { configFile: false, logLevel: 'error' });
      return `export default ${JSON.stringify(module[made]())};`;
    },
  };
}

/**
 * The first screen's API addresses and image sizes that public/boot.js requests and preloads before
 * the app has loaded (features/catalog/boot-plan.ts; it reads the contracts, which are TypeScript:
 * Vite's module runner loads it, as it does the response shapes).
 */
async function loadBootPlan(): Promise<ReturnType<typeof bootPlan>> {
  const { module } = await runnerImport<{ bootPlan: typeof bootPlan }>(
    join(import.meta.dirname, 'src/features/catalog/boot-plan.ts'),
    { configFile: false, logLevel: 'error' },
  );
  return module.bootPlan();
}

/** Catalogue route modules whose chunks public/boot.js preloads, by the page it is on. */
const CATALOG_ROUTE_MODULES = {
  layout: 'src/features/catalog/catalog-layout.tsx',
  main: 'src/features/catalog/catalog-main-page.tsx',
  product: 'src/features/catalog/product-page.tsx',
  family: 'src/features/catalog/family-chooser-page.tsx',
} as const;

/**
 * The modules a first visit needs, from the entry through the silent guest sign-in and the family
 * chooser to the catalogue main screen: everything these import statically. They are built into one
 * chunk: brotli compresses one file of them about 11 % smaller than the 50 files the default
 * splitting made (docs/decisions/0034-first-visit-budget.md). What they load with import() (the
 * login form, tooltips, the notice snackbar, the product page, the admin area) stays apart.
 */
const FIRST_VISIT_ROOTS = [
  'src/main.tsx',
  'src/features/auth/login-screen.tsx',
  CATALOG_ROUTE_MODULES.layout,
  CATALOG_ROUTE_MODULES.family,
  CATALOG_ROUTE_MODULES.main,
].map((file) => join(import.meta.dirname, file));

function firstVisitChunk(): (
  id: string,
  ctx: { getModuleInfo(id: string): Rollup.ModuleInfo | null },
) => string | null {
  let members: Set<string> | null = null;
  return (id, ctx) => {
    if (!members) {
      const found = new Set<string>();
      const queue = [...FIRST_VISIT_ROOTS];
      for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
        if (found.has(next)) continue;
        found.add(next);
        queue.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
      }
      members = found;
    }
    return members.has(id) ? 'first-visit' : null;
  };
}

/**
 * Hands the app's loading to dist/boot.js (docs/decisions/0007-boot-loads-the-app.md). It takes the
 * entry script, its modulepreloads and its stylesheet out of dist/index.html and writes them, with
 * the web font files the stylesheet names, into boot.js's app-assets placeholder; boot.js starts them
 * once the static shell has painted. It also writes the catalogue route chunks (and the chunks they
 * import that the entry does not already load) into the catalog-chunks placeholder, so boot.js
 * preloads them on catalogue paths alongside the entry instead of after it has run.
 */
function catalogChunkPreloads(): Plugin {
  let outDir = '';
  let preloads: Record<string, string[]> = {};
  return {
    name: 'dalil-catalog-chunk-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((o): o is Rollup.OutputChunk => o.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const withImports = (file: string, into = new Set<string>()): Set<string> => {
        if (into.has(file)) return into;
        into.add(file);
        for (const imported of byFile.get(file)?.imports ?? []) withImports(imported, into);
        return into;
      };
      const loaded = new Set<string>();
      for (const chunk of chunks.filter((c) => c.isEntry)) withImports(chunk.fileName, loaded);
      preloads = {};
      for (const [page, module] of Object.entries(CATALOG_ROUTE_MODULES)) {
        // A route module is its own chunk's facade, or one of the first-visit chunk's modules.
        const chunk = chunks.find((c) =>
          [c.facadeModuleId, ...c.moduleIds].some((id) => id?.replace(/\\/g, '/').endsWith(module)),
        );
        if (!chunk) this.error(`no chunk for ${module}`);
        preloads[page] = [...withImports(chunk.fileName)].filter((f) => !loaded.has(f)).map((f) => `/${f}`);
      }
    },
    async closeBundle() {
      const app = takeAppAssets(outDir);
      // public/ is copied by now; fill in its placeholders.
      const file = join(outDir, 'boot.js');
      const filled = fillBootPlaceholders(readFileSync(file, 'utf8'), {
        'storage-keys': STORAGE_KEYS,
        'boot-plan': await loadBootPlan(),
        'catalog-chunks': preloads,
        'app-assets': app,
      });
      // Every visitor downloads it before the first paint: minified, it is a sixth smaller
      // compressed than with its comment lines taken out alone.
      const minified = await minify('boot.js', filled, { compress: true, mangle: true });
      if (minified.errors.length > 0) this.error(`boot.js: ${minified.errors[0]?.message}`);
      writeFileSync(file, minified.code);
      // What it was filled in with, which the minified script no longer names: scripts/entry-size.mjs
      // measures those files.
      writeFileSync(
        join(outDir, '.vite', 'boot-assets.json'),
        JSON.stringify({ 'app-assets': app, 'catalog-chunks': preloads }),
      );
    },
  };
}

/**
 * Serves public/boot.js under the dev server with its storage keys and plan written in, as the build
 * does (the dev server's index.html loads the entry itself, so the other placeholders stay empty).
 */
function devBootScript(): Plugin {
  return {
    name: 'dalil-dev-boot-script',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/boot.js', (_request, response, next) => {
        const source = readFileSync(join(server.config.publicDir, 'boot.js'), 'utf8');
        loadBootPlan().then((plan) => {
          response.setHeader('Content-Type', 'text/javascript; charset=utf-8');
          response.end(fillBootPlaceholders(source, { 'storage-keys': STORAGE_KEYS, 'boot-plan': plan }));
        }, next);
      });
    },
  };
}

/** What dist/index.html would have loaded itself; boot.js loads it instead. */
interface AppAssets {
  entry: string;
  preloads: string[];
  styles: string[];
  fonts: string[];
}

/** Removes the entry script, modulepreloads and stylesheets from dist/index.html and returns them. */
function takeAppAssets(outDir: string): AppAssets {
  const file = join(outDir, 'index.html');
  const app: AppAssets = { entry: '', preloads: [], styles: [], fonts: [] };
  const html = readFileSync(file, 'utf8')
    .replace(/\s*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/g, (_tag, src: string) => {
      if (app.entry) throw new Error('index.html has more than one module script');
      app.entry = src;
      return '';
    })
    .replace(
      /\s*<link rel="(modulepreload|stylesheet)"[^>]*\shref="([^"]+)"[^>]*>/g,
      (_tag, rel, href: string) => {
        (rel === 'stylesheet' ? app.styles : app.preloads).push(href);
        return '';
      },
    );
  if (!app.entry) throw new Error('index.html has no module script for boot.js to load');
  // The Arabic and Latin files of each weight the first screen uses; other subsets load on demand.
  for (const style of app.styles) {
    const css = readFileSync(join(outDir, style), 'utf8');
    for (const [, url] of css.matchAll(/url\((\/assets\/[^)]*-(?:arabic|latin)-\d+-normal-[^)]*\.woff2)\)/g))
      if (url && !app.fonts.includes(url)) app.fonts.push(url);
  }
  writeFileSync(file, html);
  return app;
}

export default defineConfig(() => ({
  plugins: [react(), responseShapesModule(), chunkModulesManifest(), catalogChunkPreloads(), devBootScript()],
  // @emotion/cache ships its own stylis 4.2 beside the app's 4.4 (the RTL plugin's): one copy, not
  // two, in the first screen's code.
  resolve: { dedupe: ['stylis'] },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/media': 'http://localhost:3000',
    },
  },
  build: {
    target: 'es2022',
    // The server serves dist/ with an SPA fallback; keep the default assets layout.
    reportCompressedSize: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: firstVisitChunk(), debugName: 'first-visit' }] } },
    },
  },
}));
