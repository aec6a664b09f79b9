import { chromium, type Browser, type Page, type Request } from 'playwright-core';

/** Debian's Chromium with the journeys' flags (playwright.config.ts); never a downloaded browser. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface ScriptDownload {
  /** Path of the file, e.g. /assets/index-abc.js. */
  file: string;
  /** Bytes of the body as sent (compressed), and after decoding. */
  transfer: number;
  decoded: number;
  encoding: string;
  /** The screen the browser was on when it asked for the file. */
  screen: string;
}

const isScript = (request: Request) =>
  request.resourceType() === 'script' || new URL(request.url()).pathname.endsWith('.js');

/**
 * Records every JavaScript response the page receives: its compressed size as it came over the wire
 * (Chromium's own count of the encoded body) and its decoded size.
 */
export function recordScripts(page: Page): { downloads: ScriptDownload[]; pending: () => number } {
  const downloads: ScriptDownload[] = [];
  let pending = 0;
  const screens = new WeakMap<Request, string>();
  page.on('request', (request) => {
    pending += 1;
    screens.set(request, new URL(page.url()).pathname);
  });
  page.on('requestfailed', () => (pending -= 1));
  page.on('requestfinished', (request) => {
    const done = async () => {
      if (!isScript(request)) return;
      const response = await request.response();
      if (!response) return;
      const sizes = await request.sizes();
      const headers = await response.allHeaders();
      downloads.push({
        file: new URL(request.url()).pathname,
        transfer: sizes.responseBodySize,
        decoded: (await response.body()).length,
        encoding: headers['content-encoding'] ?? 'none',
        screen: screens.get(request) ?? '?',
      });
    };
    void done().finally(() => (pending -= 1));
  });
  return { downloads, pending: () => pending };
}

/** Resolves once no request has been in flight for `quietMs`, or after `limitMs` at most. */
export async function networkQuiet(pending: () => number, quietMs: number, limitMs: number): Promise<void> {
  const deadline = Date.now() + limitMs;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (pending() > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
