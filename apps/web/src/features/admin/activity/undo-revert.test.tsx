import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { usePreferences } from '../../../lib/preferences-store';
import { mockApi } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { RecordTabs } from '../admin-kit/record-history';
import { ImportsPage } from './imports-page';

const run = {
  id: 7,
  at: '2026-11-20T10:00:00.000Z',
  actor: { id: 1, username: 'admin' },
  fileName: 'spring-products.csv',
  kind: 'products',
  family: 3,
  counts: { categories: { created: 4, updated: 0 }, products: { created: 2, updated: 1 } },
  undoneAt: null,
  feed: null,
  failure: null,
  failureCode: null,
  failureParams: null,
  report: null,
};

const entry = {
  id: 41,
  at: '2026-11-21T09:30:00.000Z',
  actor: { id: 2, username: 'editor.a' },
  action: 'update',
  entity: 'product',
  entityId: 12,
  family: 3,
  name: { ar: 'شاي بالنعناع', en: 'Mint Tea' },
  familyName: { ar: 'الواحة', en: 'Oasis' },
  changes: {
    nameEn: { before: 'Green Tea', after: 'Mint Tea' },
    image: { before: 'old-photo.webp', after: 'new-photo.webp' },
    category: { before: 10, after: 11 },
  },
};

describe('undo import', () => {
  it('asks first, naming the file and what it created and updated, and sends nothing on Cancel', async () => {
    const requests = mockApi({
      'GET /api/import': () => ({ status: 200, body: { data: [run], count: 1 } }),
      'POST /api/import/7/undo': () => ({ status: 200, body: { importId: 7, skipped: [] } }),
    });
    renderRoutes([{ path: '/admin/imports', element: <ImportsPage /> }], '/admin/imports');
    expect(
      await screen.findByText('Created: 4 categories, 2 products · Updated: 1 product'),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Undo import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Undo this import?' });
    expect(dialog).toHaveTextContent('spring-products.csv');
    expect(dialog).toHaveTextContent('Deleted again: 4 categories, 2 products.');
    expect(dialog).toHaveTextContent('Put back as they were before: 1 product.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Undo import' }));
    const again = await screen.findByRole('dialog', { name: 'Undo this import?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Undo import' }));
    expect(await screen.findByText('The import was undone')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/api/import/7/undo']);
  });

  it('names a bulk change set as such, with what it deleted to the bin, and says undoing brings them back', async () => {
    const bulk = {
      ...run,
      id: 8,
      kind: 'bulk',
      fileName: 'bulk request',
      counts: { products: { created: 0, updated: 2, deleted: 3 } },
    };
    mockApi({ 'GET /api/import': () => ({ status: 200, body: { data: [bulk], count: 1 } }) });
    renderRoutes([{ path: '/admin/imports', element: <ImportsPage /> }], '/admin/imports');
    expect(await screen.findByText('Bulk change')).toBeInTheDocument();
    expect(screen.getByText('Updated: 2 products · Deleted to the bin: 3 products')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Undo import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Undo this import?' });
    expect(dialog).toHaveTextContent('Bulk change');
    expect(dialog).toHaveTextContent('Brought back from the bin: 3 products.');
  });

  it('says Undo import in Arabic, not Cancel, and words the counts with their plural forms', async () => {
    usePreferences.setState({ language: 'ar' });
    mockApi({ 'GET /api/import': () => ({ status: 200, body: { data: [run], count: 1 } }) });
    renderRoutes([{ path: '/admin/imports', element: <ImportsPage /> }], '/admin/imports');
    expect(await screen.findByRole('button', { name: 'تراجع عن الاستيراد' })).toBeInTheDocument();
    expect(screen.getByText('أُنشئ: 4 فئات، منتجان · عُدّل: منتج واحد')).toBeInTheDocument();
  });
});

describe('a scheduled feed run that failed', () => {
  it('says why, and offers no undo', async () => {
    const failed = {
      ...run,
      id: 8,
      fileName: 'https://erp.example/alpha.csv',
      actor: { id: 1, username: 'feed: erp.example' },
      counts: { families: { created: 0, updated: 0 }, categories: { created: 0, updated: 0 } },
      feed: 2,
      failure: 'Row problems: 1; nothing was imported',
      failureCode: 'feed.rejected',
      failureParams: { count: 1 },
    };
    mockApi({ 'GET /api/import': () => ({ status: 200, body: { data: [failed], count: 1 } }) });
    renderRoutes([{ path: '/admin/imports', element: <ImportsPage /> }], '/admin/imports');
    expect(
      await screen.findByText('Feed run failed: rows with problems (1); nothing was imported'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo import' })).toBeNull();
    expect(screen.getByText(/Feed: \u2068erp\.example\u2069/)).toBeInTheDocument();
  });
});

describe('history of a record', () => {
  it('names the record and family, shows images as thumbnails, and asks before a revert naming its fields', async () => {
    const requests = mockApi({
      'GET /api/activity': () => ({ status: 200, body: { data: [entry], count: 1 } }),
      'GET /api/category/10': () => ({ status: 200, body: { id: 10, nameEn: 'Teas', nameAr: 'شاي' } }),
      'GET /api/category/11': () => ({ status: 200, body: { id: 11, nameEn: 'Herbal', nameAr: 'أعشاب' } }),
      'POST /api/activity/41/revert': () => ({ status: 200, body: { ...entry, id: 42, action: 'revert' } }),
    });
    renderRoutes(
      [{ path: '/admin/products/edit/:id', element: <RecordTabs entity="product">form</RecordTabs> }],
      '/admin/products/edit/12?tab=history',
    );
    const card = await screen.findByRole('listitem', { name: 'Product «\u2068Mint Tea\u2069»' });
    expect(card).toHaveTextContent('Family: Oasis');
    expect(card).not.toHaveTextContent('Product 12');
    expect(within(card).getByRole('img', { name: 'Image: Image before' })).toHaveAttribute(
      'src',
      '/media/w160/old-photo.webp',
    );
    expect(within(card).getByRole('img', { name: 'Image: Image after' })).toBeInTheDocument();
    // A category is named, not numbered.
    expect(await within(card).findByText('Teas')).toBeInTheDocument();
    expect(within(card).getByText('Herbal')).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Revert' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revert this change?' });
    expect(dialog).toHaveTextContent('Mint Tea');
    expect(dialog).toHaveTextContent('Fields put back: Name En, Image, Category.');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revert' }));
    expect(await screen.findByText('The change was reverted')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/api/activity/41/revert',
    ]);
  });
});
