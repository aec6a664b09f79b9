import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { foodAttributesFixture } from '../../../test/catalog-fixtures';
import { mockApi } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { PrintPage } from './print-page';

const names = (en: string, ar: string) => ({ name: { ar, en }, nameAr: ar, nameEn: en });

const family = {
  id: 3,
  ...names('Al Waha Foods', 'الواحة للأغذية'),
  logo: null,
  image: null,
  cover: null,
  requireValidGtin: false,
  status: 'published',
  publishAt: null,
  counts: { categories: 2, products: 105, complete: { ar: 100, en: 105 } },
};
const categories = [
  { id: 10, ...names('Dates', 'تمور'), family: 3, parent: null, logo: null, image: null },
  { id: 11, ...names('Juices', 'عصائر'), family: 3, parent: null, logo: null, image: null },
];
// 95 dates and 10 juices: more than one page of the product list (at most 100 rows a request).
const products = Array.from({ length: 105 }, (_, i) => ({
  id: i + 1,
  ...names(i < 95 ? `Date ${i + 1}` : `Juice ${i + 1}`, `منتج ${i + 1}`),
  family: 3,
  category: i < 95 ? 10 : 11,
  subCategory: null,
  barcode: i === 0 ? '6281000000007' : i === 1 ? '628100000001' : null,
  number: null,
  netWeight: '250 (g)',
  drainedWeight: null,
  unitsPerCarton: 12,
  cartonPerPalate: 60,
  descriptionEn: null,
  descriptionAr: null,
  cost: i === 0 ? 4.5 : null,
  shelfLife: null,
  status: 'published',
  publishAt: null,
  logo: null,
  image: null,
  attributes: {},
  completeness: { ar: 100, en: 100 },
}));

describe('printable catalogue', () => {
  it('reads every page of the family, then lays out cover, contents and categories', async () => {
    const requests = mockApi({
      'GET /api/family/3': () => ({ status: 200, body: family }),
      'GET /api/category': () => ({ status: 200, body: { data: categories, count: 2 } }),
      'GET /api/product': (request) => {
        const skip = Number(request.query.get('skip'));
        const limit = Number(request.query.get('limit'));
        return { status: 200, body: { data: products.slice(skip, skip + limit), count: products.length } };
      },
    });
    renderRoutes([{ path: '/catalog/print', element: <PrintPage /> }], '/catalog/print?family=3');

    // 95 dates on 12 pages and 10 juices on 2, after the cover and the contents.
    const toolbar = await screen.findByRole('toolbar', { name: 'Print options' });
    expect(await within(toolbar).findByText('Ready to print on A4: 16 pages')).toBeInTheDocument();
    expect(within(toolbar).getByRole('button', { name: 'Print' })).toBeEnabled();
    const productRequests = requests.filter((r) => r.path === '/api/product');
    expect(
      productRequests.map((r) => [r.query.get('family'), r.query.get('skip'), r.query.get('limit')]),
    ).toEqual([
      ['3', '0', '100'],
      ['3', '100', '100'],
    ]);

    const contents = screen.getByRole('list', { name: 'Contents' });
    expect(
      within(contents)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['DatesتمورProducts: 953', 'JuicesعصائرProducts: 1015']);
    expect(screen.getAllByRole('article')).toHaveLength(105);
    expect(screen.getAllByRole('heading', { level: 2, name: 'Dates (continued)' })).toHaveLength(11);
    const first = screen.getByRole('article', { name: 'Date 1' });
    expect(within(first).getByRole('img', { name: 'Barcode 6281000000007' })).toHaveAttribute(
      'data-symbology',
      'ean13',
    );
    expect(within(first).getByText('4.50')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Date 2' })).getByRole('img', {
        name: 'Barcode 628100000001',
      }),
    ).toHaveAttribute('data-symbology', 'code128');
    expect(
      within(screen.getByRole('article', { name: 'Date 3' })).getByText('No barcode'),
    ).toBeInTheDocument();
  });

  it("prints each product's visible attributes on a line, in the catalogue's language", async () => {
    const food = [{ ...products[95]!, ...foodAttributesFixture() }, ...products.slice(96)];
    const requests = mockApi({
      'GET /api/family/3': () => ({ status: 200, body: family }),
      'GET /api/category': () => ({ status: 200, body: { data: categories, count: 2 } }),
      'GET /api/product': () => ({ status: 200, body: { data: food, count: 10 } }),
    });
    renderRoutes([{ path: '/catalog/print', element: <PrintPage /> }], '/catalog/print?family=3&category=11');
    expect(await screen.findByText('Ready to print on A4: 4 pages')).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/api/product')?.query.get('definitions')).toBe('shown');
    const item = screen.getByRole('article', { name: 'Juice 96' });
    // The short values; the ingredients and the nutrition values are the product page's.
    expect(item.querySelector('.dp-attributes')?.textContent).toBe(
      'Allergens: Milk, Sesame seeds · Country of origin: Jordan · Organic: No',
    );
    expect(within(item).queryByText(/Ingredients/)).toBeNull();
    expect(within(screen.getByRole('article', { name: 'Juice 97' })).queryByText(/Allergens/)).toBeNull();
  });

  it('prints one category when the link names it', async () => {
    const requests = mockApi({
      'GET /api/family/3': () => ({ status: 200, body: family }),
      'GET /api/category': () => ({ status: 200, body: { data: categories, count: 2 } }),
      'GET /api/product': () => ({ status: 200, body: { data: products.slice(95), count: 10 } }),
    });
    renderRoutes([{ path: '/catalog/print', element: <PrintPage /> }], '/catalog/print?family=3&category=11');
    expect(await screen.findByText('Ready to print on A4: 4 pages')).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/api/product')?.query.get('category')).toBe('11');
    expect(within(screen.getByRole('list', { name: 'Contents' })).getAllByRole('link')).toHaveLength(1);
    expect(screen.getAllByRole('article')).toHaveLength(10);
  });

  it('says an unknown family has no catalogue, with nothing to try again', async () => {
    const notFound = {
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: 'Family not found' },
    };
    mockApi({
      'GET /api/family/99': () => notFound,
      'GET /api/category': () => notFound,
      'GET /api/product': () => notFound,
    });
    renderRoutes([{ path: '/catalog/print', element: <PrintPage /> }], '/catalog/print?family=99');
    expect(await screen.findByText(/No company has this address/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
