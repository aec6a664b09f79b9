import type { Product } from '@dalil/contracts/products';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePreferences } from '../../lib/preferences-store';
import { mockApi } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { ProductPage } from './product-page';
import { familyFixture, productFixture } from '../../test/catalog-fixtures';

const family = familyFixture();

const product = productFixture({
  barcode: '6281000000057',
  number: '4411',
  netWeight: '500 (g)',
  drainedWeight: '300 (g)',
  unitsPerCarton: 12,
  cartonPerPalate: 40,
  cost: 1234.5,
  logo: 'IconOlive01.webp',
});

/** The text as the page shows it to a reader (Intl puts no-break spaces where the DOM shows spaces). */
const shown = (text: string) => text.replace(/\s+/g, ' ');

function renderProduct(answer: Product, currency: string | null) {
  mockApi({
    'GET /api/product/5': () => ({ status: 200, body: answer }),
    'GET /api/family/1': () => ({ status: 200, body: family }),
    'GET /api/config': () => ({
      status: 200,
      body: { holding: { nameAr: 'مجموعة', nameEn: 'Group' }, guest: null, mediaBaseUrl: '/media', currency },
    }),
  });
  renderRoutes([{ path: '/catalog/main/:id', element: <ProductPage /> }], '/catalog/main/5');
}

describe('product page', () => {
  it('shows the code, the drained weight, the icon and the cost in the currency, in English', async () => {
    renderProduct(product, 'SAR');
    const details = await screen.findByRole('list', { name: 'Product details' });
    expect(within(details).getByText('4411')).toBeInTheDocument();
    expect(within(details).getByText('Code')).toBeInTheDocument();
    expect(within(details).getByText('Drained weight')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Icon of Green olives' })).toBeInTheDocument();
    const price = new Intl.NumberFormat('en', {
      style: 'currency',
      currency: 'SAR',
      minimumFractionDigits: 2,
    });
    expect(await screen.findByText(shown(price.format(1234.5)))).toBeInTheDocument();
  });

  it('formats the cost in Arabic, and leaves out what the product lacks', async () => {
    usePreferences.setState({ language: 'ar' });
    renderProduct({ ...product, number: null, drainedWeight: null, logo: null }, 'SAR');
    const details = await screen.findByRole('list', { name: 'تفاصيل المنتج' });
    expect(within(details).queryByText('4411')).toBeNull();
    expect(within(details).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.queryByRole('img', { name: /أيقونة/ })).toBeNull();
    const price = new Intl.NumberFormat('ar-u-nu-latn', {
      style: 'currency',
      currency: 'SAR',
      minimumFractionDigits: 2,
    });
    expect(await screen.findByText(shown(price.format(1234.5)))).toBeInTheDocument();
  });

  it("shares the page's address in the reader's language", async () => {
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: (text: string) => Promise.resolve(void copied.push(text)) },
    });
    try {
      for (const [language, address] of [
        ['en', '/catalog/main/5?lang=en'],
        ['ar', '/catalog/main/5?lang=ar'],
      ] as const) {
        usePreferences.setState({ language });
        renderProduct(product, null);
        const share = await screen.findByRole('button', { name: language === 'en' ? /share/i : /مشاركة/ });
        share.click();
        await waitFor(() => expect(copied.at(-1)).toBe(`${window.location.origin}${address}`));
        cleanup();
      }
    } finally {
      Reflect.deleteProperty(navigator, 'clipboard');
    }
  });

  it('says an unknown product address names no product, and keeps the address', async () => {
    mockApi({
      'GET /api/product/404': () => ({
        status: 404,
        body: { statusCode: 404, error: 'Not Found', message: 'Product not found' },
      }),
    });
    const { router } = renderRoutes(
      [{ path: '/catalog/main/:id', element: <ProductPage /> }],
      '/catalog/main/404',
    );
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the catalogue' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/catalog/main/404');
  });
});
