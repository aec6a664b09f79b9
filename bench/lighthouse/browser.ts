import * as chromeLauncher from 'chrome-launcher';
import { chromium } from 'playwright-core';

// Debian's Chromium, never a downloaded one: nothing may fetch a browser binary at install or run time.
const CHROME_PATH = '/usr/bin/chromium';
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export type Browser = chromeLauncher.LaunchedChrome;

export function launchBrowser(): Promise<Browser> {
  return chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: FLAGS, logLevel: 'error' });
}

/**
 * Writes local storage for `origin` in the launched browser's profile through the DevTools port
 * (Lighthouse itself cannot), then empties the HTTP cache so the audited load is a cold one. The page
 * used is a JSON endpoint, so no app code is fetched while preparing.
 */
export async function prepareStorage(
  browser: Browser,
  origin: string,
  items: Record<string, string>,
): Promise<void> {
  const connection = await chromium.connectOverCDP(`http://127.0.0.1:${browser.port}`);
  try {
    const context = connection.contexts()[0] ?? (await connection.newContext());
    const page = await context.newPage();
    await page.goto(`${origin}/api/health`);
    await page.evaluate((entries) => {
      localStorage.clear();
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, items);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    // Disconnects Playwright only; the browser keeps running for Lighthouse.
    await connection.close();
  }
}
