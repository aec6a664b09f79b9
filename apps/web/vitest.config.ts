import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Component tests: jsdom, network mocked at fetch, nothing else mocked (STYLE.md habit 8).
export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Component tests take 3-5 s on two cores (TOOLCHAIN.md).
    testTimeout: 20_000,
  },
});
