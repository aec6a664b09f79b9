import type { Account } from '@dalil/contracts/auth';
import type { BinEntry } from '@dalil/contracts/bin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { BinPage } from './bin-page';
import { AccountContext } from '../../../lib/account';

const admin: Account = {
  id: 1,
  username: 'admin',
  firstName: 'A',
  lastName: 'B',
  role: 'admin',
  families: [],
};

const entry = (over: Partial<BinEntry>): BinEntry => ({
  id: 1,
  at: '2026-11-25T10:00:00.000Z',
  actor: { id: 1, username: 'admin' },
  entity: 'family',
  entityId: 7,
  family: 7,
  parent: null,
  name: { ar: 'زيبرا', en: 'Zebra Foods' },
  counts: { families: 1, categories: 2, subCategories: 1, products: 5, synonyms: 0 },
  movedProducts: 0,
  expiresAt: '2026-12-25T10:00:00.000Z',
  ...over,
});

const ENTRIES = [
  entry({}),
  entry({
    id: 2,
    entity: 'category',
    entityId: 12,
    family: 3,
    parent: 11,
    name: { ar: 'عصير', en: 'Juice' },
    counts: { families: 0, categories: 0, subCategories: 1, products: 0, synonyms: 0 },
    movedProducts: 4,
  }),
];

const render = () =>
  renderRoutes(
    [
      {
        path: '/admin/activity/bin',
        element: (
          <AccountContext value={admin}>
            <BinPage />
          </AccountContext>
        ),
      },
    ],
    '/admin/activity/bin',
  );

describe('recycle bin page', () => {
  it('lists what each entry holds, and restores one only after a confirmation naming what comes back', async () => {
    const requests = mockApi({
      'GET /api/bin': () => ({ status: 200, body: { data: ENTRIES, count: 2 } }),
      'GET /api/family/3': () => ({ status: 200, body: { id: 3, name: { ar: 'ألفا', en: 'Alpha' } } }),
      'GET /api/bin/1': () => ({
        status: 200,
        body: {
          ...ENTRIES[0],
          records: [
            {
              entity: 'family',
              id: 7,
              name: { ar: 'زيبرا', en: 'Zebra Foods' },
              parent: null,
              barcode: null,
            },
            { entity: 'product', id: 70, name: { ar: 'رقائق', en: 'Zebra chips' }, parent: 71, barcode: '1' },
            { entity: 'product', id: 72, name: { ar: 'لوح', en: 'Zebra bar' }, parent: 71, barcode: '2' },
          ],
        },
      }),
      'POST /api/bin/2/restore': () => ({
        status: 200,
        body: { entity: 'category', entityId: 12, family: 3, counts: ENTRIES[1]!.counts, movedBack: 4 },
      }),
    });
    render();
    expect(await screen.findByText('2 categories · 1 sub-category · 5 products')).toBeInTheDocument();
    expect(screen.getByText('Products handed to the parent category: 4')).toBeInTheDocument();

    // The names an entry holds, on demand.
    await userEvent.click(screen.getAllByRole('button', { name: 'Show names' })[0]!);
    expect(await screen.findByText('Zebra chips, Zebra bar')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Restore Juice' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Restore .*Juice.*\?/)).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Sub-category');
    expect(dialog).toHaveTextContent('comes back with its id.');
    expect(dialog).toHaveTextContent('move back into it: 4');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'POST' && r.path === '/api/bin/2/restore')).toBe(true),
    );
    expect(await screen.findByText('Restored')).toBeInTheDocument();
  });

  it('empties the bin only after a confirmation, and a cancelled one sends nothing', async () => {
    const requests = mockApi({
      'GET /api/bin': () => ({ status: 200, body: { data: ENTRIES, count: 2 } }),
      'GET /api/family/3': () => ({ status: 200, body: { id: 3, name: { ar: 'ألفا', en: 'Alpha' } } }),
      'DELETE /api/bin': () => ({ status: 204 }),
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Empty the bin' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('All 2 entries');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Empty the bin' }));
    dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Empty the bin' }));
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'DELETE' && r.path === '/api/bin')).toBe(true),
    );
  });
});
