import type { Account } from '@dalil/contracts/auth';
import type { ApiKey } from '@dalil/contracts/api-keys';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AccountContext } from '../../../lib/account';
import { expectConsoleErrors } from '../../../test/console-guard';
import { mockApi, type MockRequest } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { ApiKeysPage } from './api-keys-page';

const admin: Account = {
  id: 1,
  username: 'admin',
  firstName: 'A',
  lastName: 'B',
  role: 'admin',
  families: [],
};

const FAMILIES = [
  { id: 3, nameAr: 'ألفا', nameEn: 'Alpha Foods' },
  { id: 4, nameAr: 'بيتا', nameEn: 'Beta Dairy' },
];

const key = (over: Partial<ApiKey>): ApiKey => ({
  id: 1,
  name: 'ERP sync',
  prefix: 'dalil_AbCdEf',
  role: 'editor',
  families: [3],
  createdAt: '2026-11-20T09:00:00.000Z',
  createdBy: { id: 1, username: 'admin' },
  expiresAt: null,
  lastUsedAt: '2026-11-24T08:30:00.000Z',
  revokedAt: null,
  ...over,
});

const KEYS = [
  key({}),
  key({
    id: 2,
    name: 'Shop feed',
    prefix: 'dalil_Zz9Yy8',
    role: 'reader',
    families: [3, 4],
    lastUsedAt: null,
  }),
  key({ id: 3, name: 'Old import', prefix: 'dalil_Old111', revokedAt: '2026-11-22T12:00:00.000Z' }),
  key({ id: 4, name: 'Trial', prefix: 'dalil_Trial1', expiresAt: '2026-01-01T00:00:00.000Z' }),
];

const SECRET = `dalil_${'s'.repeat(43)}`;

const familyRoutes = {
  'GET /api/family': (request: MockRequest) => {
    const search = request.query.get('search')?.toLowerCase() ?? '';
    const found = FAMILIES.filter((f) => f.nameEn.toLowerCase().includes(search));
    return { status: 200, body: { data: found, count: found.length } };
  },
  'GET /api/family/3': () => ({ status: 200, body: FAMILIES[0] }),
  'GET /api/family/4': () => ({ status: 200, body: FAMILIES[1] }),
};

const render = () =>
  renderRoutes(
    [
      {
        path: '/admin/users/api-keys',
        element: (
          <AccountContext value={admin}>
            <ApiKeysPage />
          </AccountContext>
        ),
      },
    ],
    '/admin/users/api-keys',
  );

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

/** Fills the new key's form: a name, and one family picked from the offered ones. */
async function fillForm(user: ReturnType<typeof userEvent.setup>, family: string | null) {
  await user.click(await screen.findByRole('button', { name: 'New key' }));
  const dialog = await screen.findByRole('dialog', { name: 'New key' });
  await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'ERP sync');
  if (family) {
    await user.click(within(dialog).getByRole('combobox', { name: /^Families/ }));
    await user.click(await screen.findByRole('option', { name: family }));
  }
  return dialog;
}

describe('API keys page', () => {
  it('lists each key with its prefix, access, families, dates and state; a revoked one cannot be revoked again', async () => {
    mockApi({ ...familyRoutes, 'GET /api/api-key': () => ({ status: 200, body: { data: KEYS, count: 4 } }) });
    render();
    const erp = await rowOf('ERP sync');
    expect(erp).toHaveTextContent('dalil_AbCdEf…');
    expect(erp).toHaveTextContent('Editor');
    expect(await within(erp).findByText('Alpha Foods')).toBeInTheDocument();
    expect(erp).toHaveTextContent(/by \u2068?admin/);
    expect(erp).toHaveTextContent('Never');
    expect(within(erp).getByText('Active')).toBeInTheDocument();

    const shop = await rowOf('Shop feed');
    expect(shop).toHaveTextContent('Read-only');
    await waitFor(() => expect(shop).toHaveTextContent('Alpha Foods, Beta Dairy'));
    expect(shop).toHaveTextContent('Not yet');

    const old = await rowOf('Old import');
    expect(within(old).getByText('Revoked')).toBeInTheDocument();
    expect(old).toHaveTextContent(/Revoked.*Nov 22, 2026/);
    expect(within(old).queryByRole('button', { name: /Revoke/ })).toBeNull();
    expect(within(await rowOf('Trial')).getByText('Expired')).toBeInTheDocument();
  });

  it('creates a key and shows its secret once, with Copy and an example, then never again', async () => {
    const user = userEvent.setup();
    let listed = [KEYS[1]!];
    const requests = mockApi({
      ...familyRoutes,
      'GET /api/api-key': () => ({ status: 200, body: { data: listed, count: listed.length } }),
      'POST /api/api-key': () => {
        listed = [key({ id: 9 }), ...listed];
        return { status: 201, body: { id: 9, prefix: SECRET.slice(0, 12), secret: SECRET } };
      },
    });
    render();
    const form = await fillForm(user, 'Alpha Foods');
    await user.click(within(form).getByRole('radio', { name: /^Read-only/ }));
    await user.click(within(form).getByRole('radio', { name: /^Editor/ }));
    // The key works through the last day chosen: it expires at the next local midnight.
    fireEvent.change(within(form).getByLabelText(/^Expires after/), { target: { value: '2099-01-31' } });
    await user.click(within(form).getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('dialog', { name: /ERP sync.* is ready/ });
    expect(shown).toHaveTextContent('it will not be shown again');
    expect(within(shown).getByRole('textbox', { name: 'Secret' })).toHaveValue(SECRET);
    expect(shown).toHaveTextContent(`curl -H "Authorization: Bearer ${SECRET}"`);
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'ERP sync',
      role: 'editor',
      families: [3],
      expiresAt: new Date(2099, 1, 1).toISOString(),
    });

    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(await within(shown).findByText('Copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    await user.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await rowOf('ERP sync')).toHaveTextContent('dalil_AbCdEf…');
    expect(document.body).not.toHaveTextContent(SECRET);
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
  });

  it("shows the server's refusal at its field and keeps what was typed; no family is refused before sending", async () => {
    expectConsoleErrors(1); // the refused save, logged as every failure is
    const user = userEvent.setup();
    const requests = mockApi({
      ...familyRoutes,
      'GET /api/api-key': () => ({ status: 200, body: { data: [], count: 0 } }),
      'POST /api/api-key': () => ({
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'families: No family has the id 3',
          details: [
            {
              path: 'body.families',
              code: 'family.unknownIds',
              params: { ids: '3' },
              message: 'No family has the id 3',
            },
          ],
        },
      }),
    });
    render();
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
    let form = await fillForm(user, null);
    await user.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(await within(form).findByText('Choose at least one family')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    form = await fillForm(user, 'Alpha Foods');
    await user.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(await within(form).findByText('No family has the id 3')).toBeInTheDocument();
    expect(within(form).getByRole('combobox', { name: /^Families/ })).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByRole('alert')).toHaveTextContent('The key was not created');
    expect(within(form).getByRole('textbox', { name: /^Name/ })).toHaveValue('ERP sync');
  });

  it('revokes a key only after a confirmation that names it', async () => {
    const user = userEvent.setup();
    const requests = mockApi({
      ...familyRoutes,
      'GET /api/api-key': () => ({ status: 200, body: { data: KEYS, count: 4 } }),
      'DELETE /api/api-key/2': () => ({ status: 204 }),
    });
    render();
    await user.click(await screen.findByRole('button', { name: 'Revoke Shop feed' }));
    let dialog = await screen.findByRole('dialog', { name: /Revoke .*Shop feed.*\?/ });
    expect(dialog).toHaveTextContent('refused from now on');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Revoke Shop feed' }));
    dialog = await screen.findByRole('dialog', { name: /Revoke .*Shop feed.*\?/ });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'DELETE' && r.path === '/api/api-key/2')).toBe(true),
    );
    expect(await screen.findByText('The key was revoked')).toBeInTheDocument();
  });
});
