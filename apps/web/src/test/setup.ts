import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import '../lib/i18n';
import { useNotifications } from '../lib/notifications-store';
import { usePreferences } from '../lib/preferences-store';
import { checkConsoleGuard, startConsoleGuard } from './console-guard';

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
