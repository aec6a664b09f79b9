import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Browser, Page } from '@playwright/test';

const require = createRequire(import.meta.url);
const PDFJS = join(dirname(require.resolve('pdfjs-dist/package.json')), 'build');
const VIEWER = 'http://pdf-viewer.invalid';

declare global {
  interface Window {
    pdfViewer?: {
      pages: number;
      render(page: number, scale: number): Promise<void>;
      text(page: number): Promise<string>;
    };
  }
}

const VIEWER_SCRIPT = `
import * as pdfjs from '/pdf.min.mjs';
pdfjs.GlobalWorkerOptions.workerSrc = '/pdf.worker.min.mjs';
const doc = await pdfjs.getDocument({ url: '/doc.pdf' }).promise;
const canvas = document.getElementById('page');
window.pdfViewer = {
  pages: doc.numPages,
  async render(number, scale) {
    const page = await doc.getPage(number);
    const viewport = page.getViewport({ scale });
    canvas.width = Math.round(viewport.width);
    canvas.height = Math.round(viewport.height);
    await page.render({ canvas, canvasContext: canvas.getContext('2d'), viewport }).promise;
  },
  async text(number) {
    const content = await (await doc.getPage(number)).getTextContent();
    return content.items.map((item) => item.str ?? '').join(' ');
  },
};
`;

/**
 * A PDF opened with pdf.js in a Chromium page: its pages drawn on a canvas (to screenshot and look
 * at) and their text. Only Chromium is needed: pdf.js is served from node_modules through a route.
 */
export class PdfViewer {
  private constructor(private readonly page: Page) {}

  static async open(browser: Browser, pdf: Buffer): Promise<PdfViewer> {
    const page = await browser.newPage();
    await page.route(`${VIEWER}/**`, (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === '/doc.pdf') return route.fulfill({ body: pdf, contentType: 'application/pdf' });
      if (path === '/pdf.min.mjs' || path === '/pdf.worker.min.mjs')
        return route.fulfill({ body: readFileSync(join(PDFJS, path)), contentType: 'text/javascript' });
      return route.fulfill({
        body: '<!doctype html><body style="margin:0;background:#888"><canvas id="page"></canvas></body>',
        contentType: 'text/html',
      });
    });
    await page.goto(`${VIEWER}/`);
    // A module script, so the import() stays the browser's own (not the test runner's transform).
    await page.addScriptTag({ type: 'module', content: VIEWER_SCRIPT });
    await page.waitForFunction(() => window.pdfViewer !== undefined);
    return new PdfViewer(page);
  }

  pageCount(): Promise<number> {
    return this.page.evaluate(() => window.pdfViewer!.pages);
  }

  text(number: number): Promise<string> {
    return this.page.evaluate((n) => window.pdfViewer!.text(n), number);
  }

  /** Draws page `number` (1-based) and saves it as a PNG; returns the PNG. */
  async screenshot(number: number, path: string, scale = 1.5): Promise<Buffer> {
    await this.page.evaluate(([n, s]) => window.pdfViewer!.render(n, s), [number, scale] as const);
    return this.page.locator('#page').screenshot({ path });
  }

  close(): Promise<void> {
    return this.page.close();
  }
}
