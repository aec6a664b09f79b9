import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { responseShapesModule } from './vite.config';

// Component tests: jsdom, network mocked at fetch, nothing else mocked (docs/architecture.md, "Tests").
export default defineConfig({
  plugins: [react(), responseShapesModule()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // A component test takes 3-5 s on a busy two-core machine.
    testTimeout: 20_000,
  },
});
