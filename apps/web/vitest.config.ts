import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import { responseShapesModule } from './vite.config';

/**
 * The admin and sign-in screens' tests (vitest.admin.config.ts) share each worker's loaded modules;
 * the others each load the app anew, because the visitor area and the app shell keep state in their
 * modules (the router, the first visit's language, the boot handover) that one file would leave to
 * the next.
 */
export const sharedModules = [
  'src/features/admin/**/*.test.{ts,tsx}',
  'src/features/auth/**/*.test.{ts,tsx}',
];

// Component tests: jsdom, network mocked at fetch, nothing else mocked (docs/architecture.md, "Tests").
export default defineConfig({
  plugins: [react(), responseShapesModule()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: [...configDefaults.exclude, ...sharedModules],
    setupFiles: ['src/test/setup.ts'],
    // A component test takes 3-5 s on a busy two-core machine.
    testTimeout: 20_000,
  },
});
