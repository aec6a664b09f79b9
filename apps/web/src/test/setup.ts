import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import '../lib/i18n';
// Component tests render admin screens without the admin shell, which adds these in the app.
import '../lib/admin-texts';
import { useNotifications } from '../lib/notifications-store';
import { usePreferences } from '../lib/preferences-store';
import { checkConsoleGuard, startConsoleGuard } from './console-guard';

// A lazy route's first import can take more than the default second on a busy two-core machine; a
// findBy query waits up to five before it fails.
configure({ asyncUtilTimeout: 5_000 });

beforeEach(() => {
  window.localStorage.clear();
  usePreferences.setState({ mode: 'light', language: 'en', directionOverride: null });
  useNotifications.setState({ current: null });
  startConsoleGuard();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  checkConsoleGuard();
});
