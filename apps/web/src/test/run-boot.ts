import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bootPlan } from '../features/catalog/boot-plan';
import { fillBootPlaceholders } from '../lib/boot-placeholders';
import { STORAGE_KEYS } from '../lib/storage-keys';

/** public/boot.js as written, before the build fills it in. */
export const bootSource = readFileSync(join(import.meta.dirname, '..', '..', 'public', 'boot.js'), 'utf8');

/**
 * Runs public/boot.js as the build writes it, without the app's assets (it prepares the document and
 * starts the first requests, and loads nothing), in the window the app's code sees: the tests' fetch,
 * the app's stores. A <script> element would run it in jsdom's own global, which has no fetch.
 */
export function runBoot(): void {
  const filled = fillBootPlaceholders(bootSource, { 'storage-keys': STORAGE_KEYS, 'boot-plan': bootPlan() });
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- boot.js is script text, run as a page runs it
  (new Function(filled) as () => void)();
}

/** Forgets what boot.js left: its requests and the links it added. */
export function clearBoot(): void {
  document.head.querySelectorAll('link[data-boot]').forEach((link) => link.remove());
  document.documentElement.removeAttribute('data-boot-product');
  delete window.dalilBootRequests;
}
