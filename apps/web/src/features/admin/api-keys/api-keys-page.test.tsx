import type { Account } from '@dalil/contracts/auth';
import type { ApiKey } from '@dalil/contracts/api-keys';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AccountContext } from '../../../lib/account';
import { expectConsoleErrors } from '../../../test/console-guard';
import { mockApi, type MockRequest } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { ApiKeyFormPage } from './api-key-form-page';
import { ApiKeyListPage } from './api-key-list-page';

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

const asAdmin = (page: React.ReactNode) => <AccountContext value={admin}>{page}</AccountContext>;
const render = (at = '/admin/users/api-keys/list') =>
  renderRoutes(
    [
      { path: '/admin/users/api-keys/list', element: asAdmin(<ApiKeyListPage />) },
      { path: '/admin/users/api-keys/create', element: asAdmin(<ApiKeyFormPage />) },
    ],
    at,
  );

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

/** The row's menu, opened: Edit is never offered (a key is never changed). */
async function openMenu(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  const menu = await screen.findByRole('menu');
  expect(within(menu).queryByRole('menuitem', { name: 'Edit' })).toBeNull();
  return menu;
}

/** Opens the new key's form from the list and fills a name and, if given, one offered family. */
async function fillForm(user: ReturnType<typeof userEvent.setup>, family: string | null) {
  await user.click(await screen.findByRole('link', { name: 'Create API Key' }));
  await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'ERP sync');
  if (family) {
    await user.click(screen.getByRole('combobox', { name: /^Families/ }));
    await user.click(await screen.findByRole('option', { name: family }));
  }
}

const listed = (keys: ApiKey[]) => ({ status: 200, body: { data: keys, count: keys.length } });

describe('API key list', () => {
  it('lists each key with its prefix, access, families, dates and state, and asks for a page', async () => {
    const requests = mockApi({ ...familyRoutes, 'GET /api/api-key': () => listed(KEYS) });
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
    expect(within(await rowOf('Trial')).getByText('Expired')).toBeInTheDocument();
    const list = requests.find((r) => r.method === 'GET' && r.path === '/api/api-key');
    expect(list?.query.get('limit')).toBe('10');
    expect(list?.query.get('skip')).toBe('0');
  });

  it('revokes a key only after a confirmation that names it; a revoked one offers no revoke', async () => {
    const user = userEvent.setup();
    const requests = mockApi({
      ...familyRoutes,
      'GET /api/api-key': () => listed(KEYS),
      'DELETE /api/api-key/2': () => ({ status: 204 }),
    });
    render();
    let menu = await openMenu(user, 'Old import');
    expect(within(menu).queryByRole('menuitem', { name: 'Revoke' })).toBeNull();
    await user.keyboard('{Escape}');

    menu = await openMenu(user, 'Shop feed');
    await user.click(within(menu).getByRole('menuitem', { name: 'Revoke' }));
    let dialog = await screen.findByRole('dialog', { name: /Revoke .*Shop feed.*\?/ });
    expect(dialog).toHaveTextContent('refused from now on');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    menu = await openMenu(user, 'Shop feed');
    await user.click(within(menu).getByRole('menuitem', { name: 'Revoke' }));
    dialog = await screen.findByRole('dialog', { name: /Revoke .*Shop feed.*\?/ });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'DELETE' && r.path === '/api/api-key/2')).toBe(true),
    );
    expect(await screen.findByText('The key was revoked')).toBeInTheDocument();
  });
});

describe('Create API Key', () => {
  it('issues a key and shows its secret once, with Copy and an example, then goes back to the list', async () => {
    const user = userEvent.setup();
    let keys = [KEYS[1]!];
    const requests = mockApi({
      ...familyRoutes,
      'GET /api/api-key': () => listed(keys),
      'POST /api/api-key': () => {
        keys = [key({ id: 9 }), ...keys];
        return { status: 201, body: { id: 9, prefix: SECRET.slice(0, 12), secret: SECRET } };
      },
    });
    render();
    await fillForm(user, 'Alpha Foods');
    await user.click(screen.getByRole('radio', { name: /^Read-only/ }));
    await user.click(screen.getByRole('radio', { name: /^Editor/ }));
    // The key works through the last day chosen: it expires at the next local midnight.
    fireEvent.change(screen.getByLabelText(/^Expires after/), { target: { value: '2099-01-31' } });
    await user.click(screen.getByRole('button', { name: 'Create' }));

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
      'GET /api/api-key': () => listed([]),
      'POST /api/api-key': () => ({
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          code: 'request.validation',
          params: {},
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
    await fillForm(user, null);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Choose at least one family')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('combobox', { name: /^Families/ }));
    await user.click(await screen.findByRole('option', { name: 'Alpha Foods' }));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('No family has the id 3')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Families/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Saving failed');
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('ERP sync');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
