import { defineConfig } from 'vitest/config';
import web, { sharedModules } from './vitest.config';

// The admin and sign-in screens' tests, which keep no state in their modules from one file to the
// next: files share each worker's loaded modules (React, MUI and the screens load once per worker
// instead of once per file, about half the project's time).
export default defineConfig({
  ...web,
  test: { ...web.test, name: 'web:admin', include: sharedModules, exclude: undefined, isolate: false },
});
