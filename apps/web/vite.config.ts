import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  plugins: [react(), chunkModulesManifest()],
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
