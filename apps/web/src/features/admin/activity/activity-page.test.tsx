import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, type MockRequest } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { ActivityPage } from './activity-page';

const account = (id: number, username: string) => ({
  id,
  username,
  firstName: username,
  lastName: 'Staff',
  role: 'editor',
  families: [],
  guest: false,
});
/** 150 accounts: more than the picker offers at once, so the one wanted must be searched for. */
const ACCOUNTS = Array.from({ length: 150 }, (_, i) => account(i + 1, `staff${i + 1}`));
ACCOUNTS.push(account(151, 'noor'));

/** GET /api/user as the server answers it: `search` matches the username, then a page of `limit`. */
const users = (request: MockRequest) => {
  const search = request.query.get('search')?.toLowerCase() ?? '';
  const found = ACCOUNTS.filter((a) => a.username.includes(search));
  return {
    status: 200,
    body: { data: found.slice(0, Number(request.query.get('limit'))), count: found.length },
  };
};

describe('activity page', () => {
  it('finds a person by name among 150 accounts and filters the history by that account', async () => {
    const requests = mockApi({
      'GET /api/user': users,
      'GET /api/family': () => ({ status: 200, body: { data: [], count: 0 } }),
      'GET /api/activity': () => ({ status: 200, body: { data: [], count: 0 } }),
    });
    renderRoutes([{ path: '/admin/activity', element: <ActivityPage /> }], '/admin/activity');
    const person = await screen.findByRole('combobox', { name: 'Person' });
    await userEvent.click(person);
    expect(await screen.findByRole('option', { name: 'staff1' })).toBeInTheDocument();
    expect(screen.getAllByRole('option')).toHaveLength(20);
    expect(screen.queryByRole('option', { name: 'noor' })).toBeNull();

    await userEvent.type(person, 'no');
    await userEvent.click(await screen.findByRole('option', { name: 'noor' }));
    await waitFor(() =>
      expect(
        requests
          .filter((r) => r.path === '/api/activity')
          .at(-1)
          ?.query.get('actor'),
      ).toBe('151'),
    );
    expect(requests.some((r) => r.path === '/api/user' && r.query.get('search') === 'no')).toBe(true);
  });

  it('leaves the person filter out for an editor, whom the server does not let list accounts', async () => {
    mockApi({
      'GET /api/user': () => ({
        status: 403,
        body: { statusCode: 403, error: 'Forbidden', message: 'Forbidden' },
      }),
      'GET /api/family': () => ({ status: 200, body: { data: [], count: 0 } }),
      'GET /api/activity': () => ({ status: 200, body: { data: [], count: 0 } }),
    });
    renderRoutes([{ path: '/admin/activity', element: <ActivityPage /> }], '/admin/activity');
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Person' })).toBeNull());
  });
});
