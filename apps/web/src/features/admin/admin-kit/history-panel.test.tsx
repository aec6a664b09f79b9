import type { Activity } from '@dalil/contracts/activity';
import { ADMIN_RESOURCES } from '@dalil/contracts/admin-resources';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { HistoryPanel } from './history-panel';

const entry = (id: number, more: Partial<Activity>): Activity => ({
  id,
  at: '2026-11-25T10:00:00Z',
  actor: { id: 1, username: 'admin' },
  action: 'update',
  entity: 'product',
  entityId: 7,
  family: 1,
  changes: {},
  import: null,
  ...more,
});

const ENTRIES = [
  entry(3, {
    action: 'import',
    entity: 'imageJob',
    entityId: 12,
    changes: { products: { before: null, after: 4 } },
  }),
  entry(2, {
    action: 'import',
    changes: { netWeight: { before: '250 (g)', after: '500 (g)' } },
    import: { id: 5, fileName: 'weights.csv' },
  }),
  entry(1, { changes: { nameEn: { before: 'Tea', after: 'Green tea' } } }),
];

describe('history panel', () => {
  it('links an import’s change to the import, and undoes an image load from its entry after asking', async () => {
    const requests = mockApi({
      'GET /api/activity': () => ({ status: 200, body: { data: ENTRIES, count: ENTRIES.length } }),
      'POST /api/upload/images/12/undo': () => ({ status: 200, body: {} }),
    });
    renderRoutes([{ path: '/admin/activity', element: <HistoryPanel filters={{}} /> }], '/admin/activity');
    await screen.findByRole('link', { name: /weights\.csv/ });
    const [imageLoad, imported, edited] = within(screen.getByRole('list', { name: 'History' })).getAllByRole(
      'listitem',
    );
    expect(within(imported!).getByRole('link', { name: /weights\.csv/ })).toHaveAttribute(
      'href',
      '/admin/activity/imports',
    );
    // An import's change is undone with its import, not reverted on its own.
    expect(within(imported!).queryByRole('button')).toBeNull();
    expect(within(edited!).getByRole('button', { name: 'Revert' })).toBeInTheDocument();
    await userEvent.click(within(imageLoad!).getByRole('button', { name: 'Undo' }));
    // Undoing asks first.
    const dialog = await screen.findByRole('dialog', { name: 'Undo this image load?' });
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'POST' && r.path === '/api/upload/images/12/undo')).toBe(true),
    );
  }, 20_000);

  it('offers Revert on the edits of exactly the resources declared revertible', async () => {
    const edits = ADMIN_RESOURCES.map((resource, i) =>
      entry(i + 1, {
        entity: resource.history.entity,
        name: { en: `${resource.name.one} record`, ar: 'سجل' },
        changes: { nameEn: { before: 'Old', after: 'New' } },
      }),
    );
    mockApi({ 'GET /api/activity': () => ({ status: 200, body: { data: edits, count: edits.length } }) });
    renderRoutes([{ path: '/admin/activity', element: <HistoryPanel filters={{}} /> }], '/admin/activity');
    await screen.findByText(/Family record/);
    const items = within(screen.getByRole('list', { name: 'History' })).getAllByRole('listitem');
    expect(items).toHaveLength(ADMIN_RESOURCES.length);
    const offered = ADMIN_RESOURCES.filter((_, i) =>
      within(items[i]!).queryByRole('button', { name: 'Revert' }),
    );
    expect(offered.map((r) => r.history.entity)).toEqual(expect.arrayContaining(['family', 'synonym']));
    expect(offered.map((r) => r.history.entity)).not.toContain('user');
    expect(offered).toEqual(ADMIN_RESOURCES.filter((r) => r.history.revertible));
  }, 20_000);

  it("shows a family's GTIN rule as on and off, with the setting's name", async () => {
    const change = entry(1, {
      entity: 'family',
      name: { en: 'Orchard Foods', ar: 'بساتين' },
      changes: { requireValidGtin: { before: true, after: false } },
    });
    mockApi({ 'GET /api/activity': () => ({ status: 200, body: { data: [change], count: 1 } }) });
    renderRoutes([{ path: '/admin/activity', element: <HistoryPanel filters={{}} /> }], '/admin/activity');
    const item = await screen.findByRole('listitem');
    await waitFor(() => expect(item).toHaveTextContent('Barcodes must be valid GTINs'));
    expect(item).toHaveTextContent(/On.*Off/);
    expect(item).not.toHaveTextContent(/true|false/);
  });

  it("shows a webhook's events by their names and its instants as dates, in the screen's language", async () => {
    const change = entry(1, {
      entity: 'webhook',
      entityId: 3,
      family: null,
      name: { en: 'https://erp.example/hooks', ar: 'https://erp.example/hooks' },
      changes: {
        events: { before: ['product.created'], after: ['product.created', 'family.deleted'] },
        disabledAt: { before: null, after: '2026-11-25T10:00:00.000Z' },
      },
    });
    mockApi({ 'GET /api/activity': () => ({ status: 200, body: { data: [change], count: 1 } }) });
    renderRoutes([{ path: '/admin/activity', element: <HistoryPanel filters={{}} /> }], '/admin/activity');
    const item = await screen.findByRole('listitem');
    await waitFor(() => expect(item).toHaveTextContent('Product created'));
    expect(item).toHaveTextContent('Family deleted');
    expect(item).toHaveTextContent('Nov 25, 2026');
    expect(item).not.toHaveTextContent(/product\.created|2026-11-25T/);
  });
});
