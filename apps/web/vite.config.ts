import react from '@vitejs/plugin-react';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defineConfig, type Plugin, type Rollup } from 'vite';

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

/** Catalogue route modules whose chunks public/boot.js preloads, by the page it is on. */
const CATALOG_ROUTE_MODULES = {
  layout: 'src/features/catalog/catalog-layout.tsx',
  main: 'src/features/catalog/catalog-main-page.tsx',
  product: 'src/features/catalog/product-page.tsx',
  family: 'src/features/catalog/family-chooser-page.tsx',
} as const;

/**
 * Writes the catalogue route chunks (and the chunks they import that index.html does not already
 * load) into dist/boot.js, which adds them as modulepreloads on catalogue paths: they then download
 * with the entry instead of after it has run.
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
        const chunk = chunks.find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith(module));
        if (!chunk) this.error(`no chunk for ${module}`);
        preloads[page] = [...withImports(chunk.fileName)].filter((f) => !loaded.has(f)).map((f) => `/${f}`);
      }
    },
    closeBundle() {
      // public/ is copied by now; fill in its placeholder.
      const file = join(outDir, 'boot.js');
      const source = readFileSync(file, 'utf8');
      const placeholder = /\{\}(;? \/\* catalog-chunks \*\/)/;
      if (!placeholder.test(source)) throw new Error('boot.js has no catalog-chunks placeholder');
      writeFileSync(
        file,
        source.replace(placeholder, (_match, rest: string) => JSON.stringify(preloads) + rest),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), chunkModulesManifest(), catalogChunkPreloads()],
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
  },
});
