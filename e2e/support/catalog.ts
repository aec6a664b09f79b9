import { expect, type Page } from '@playwright/test';
import { screenshot, setPreferences, type Preferences } from './shell';

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

/** The guest signs in by opening the visitor login, which lands on the family chooser. */
export async function signInAsGuest(page: Page): Promise<void> {
  await page.goto('/catalog/login');
  await expect(page).toHaveURL(/\/catalog\/family$/);
  // The chooser's cards come after the session check, so the token is stored by then: navigating
  // away at the first URL change can lose the write (Chromium commits local storage asynchronously).
  await expect(page.getByRole('list').getByRole('link').first()).toBeVisible();
}

/** A desktop-sized window, then the guest's sign-in (the journeys' usual start). */
export async function signInOnDesktop(page: Page): Promise<void> {
  await page.setViewportSize(VIEWPORTS.desktop);
  await signInAsGuest(page);
}

/** Stored preferences, then a fresh load of `path` so they apply from the first paint. */
export async function openWith(page: Page, preferences: Preferences, path: string): Promise<void> {
  await setPreferences(page, { direction: null, ...preferences });
  await page.goto(path);
}

/** The product grid of the catalogue main screen, by its accessible name. */
export function productGrid(page: Page, name: 'المنتجات' | 'Products' = 'المنتجات') {
  return page.getByRole('list', { name, exact: true });
}

/**
 * Waits for the app's screen, scrolls through the page so lazy images load, waits until every image
 * has decoded, returns to the top and saves test-results/screenshots/<name>.png.
 */
export async function catalogScreenshot(page: Page, name: string): Promise<void> {
  // The app takes over from the page the server rendered once that page has painted: the screenshot
  // is of the app's screen.
  await expect(page.locator('#served-page')).toHaveCount(0);
  // Nothing still loading: no skeletons in the picture.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      // Two frames: the scrolled-to images have been laid out and asked for.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    }
    window.scrollTo(0, 0);
  });
  // A lazy image scrolled past before its answer arrived may never finish loading, one the app draws
  // after the scroll (the grid comes in a later pass than the hero) is never scrolled to, and a fresh
  // server resizes each image on its first request at a given width (slow on a busy machine): at each
  // look, ask for every image, and give them time. Images on the page only (one in a closed menu is
  // not in the picture); a failure names them.
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          [...document.images]
            .filter((image) => {
              image.loading = 'eager';
              return !image.complete && image.getClientRects().length > 0;
            })
            .map((image) => image.currentSrc || image.src),
        ),
      { timeout: 60_000, message: 'images on the screen still loading' },
    )
    .toEqual([]);
  // Nothing may push the page sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? Infinity,
  );
  await screenshot(page, name);
}
