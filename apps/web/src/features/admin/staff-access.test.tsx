import type { Account } from '@dalil/contracts/auth';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { AccountContext } from '../../lib/account';
import { mockApi } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { AdminDrawerContent } from './admin-drawer-content';
import { FamilyListPage } from './families/family-list-page';
import { UserListPage } from './users/user-list-page';

const account = (role: Account['role'], id = 1): Account => ({
  id,
  firstName: 'Sam',
  lastName: 'Staff',
  username: role,
  role,
  families: [3],
});

const as = (who: Account, element: ReactNode) => <AccountContext value={who}>{element}</AccountContext>;

/** Opens every group of the menu and returns the names of its links. */
async function menuLinks(): Promise<string[]> {
  const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
  for (const group of within(nav).getAllByRole('button', { expanded: false })) await userEvent.click(group);
  return within(nav)
    .getAllByRole('link')
    .map((link) => `${link.getAttribute('href')}`);
}

const family = {
  id: 3,
  name: { ar: 'الواحة', en: 'Oasis' },
  nameAr: 'الواحة',
  nameEn: 'Oasis',
  logo: null,
  image: null,
  cover: null,
  requireValidGtin: false,
  status: 'published',
  publishAt: null,
};

describe('what staff are offered', () => {
  it("gives an editor's menu no Users, no Create family and no image upload", async () => {
    renderRoutes(
      [
        {
          path: '/admin/*',
          element: <AdminDrawerContent account={account('editor')} onNavigate={() => {}} />,
        },
      ],
      '/admin/family/list',
    );
    const editor = await menuLinks();
    expect(editor).toContain('/admin/family/list');
    expect(editor).toContain('/admin/products/create');
    expect(editor).toContain('/admin/upload/products');
    expect(editor).not.toContain('/admin/family/create');
    expect(editor).not.toContain('/admin/upload/images');
    expect(editor.some((href) => href.startsWith('/admin/users'))).toBe(false);
  });

  it('shows an admin every item', async () => {
    renderRoutes(
      [
        {
          path: '/admin/*',
          element: <AdminDrawerContent account={account('admin')} onNavigate={() => {}} />,
        },
      ],
      '/admin/family/list',
    );
    const admin = await menuLinks();
    expect(admin).toEqual(
      expect.arrayContaining([
        '/admin/family/create',
        '/admin/upload/images',
        '/admin/users/list',
        '/admin/users/api-keys/list',
        '/admin/users/webhooks/list',
      ]),
    );
  });

  it("gives an editor's family list neither Create Family nor Delete", async () => {
    mockApi({ 'GET /api/family': () => ({ status: 200, body: { data: [family], count: 1 } }) });
    renderRoutes(
      [{ path: '/admin/family/list', element: as(account('editor'), <FamilyListPage />) }],
      '/admin/family/list',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Oasis' }));
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Delete/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create Family' })).toBeNull();
  });
});

describe('user list', () => {
  const users = [
    { ...account('admin', 1), username: 'me', guest: false },
    { ...account('editor', 2), username: 'rana', families: [3], guest: false },
    { ...account('user', 3), username: 'guest', families: [], guest: true },
  ];

  it("shows each account's role and companies, and refuses deleting your own account with the reason", async () => {
    const requests = mockApi({
      'GET /api/user': () => ({ status: 200, body: { data: users, count: users.length } }),
      'GET /api/family/3': () => ({ status: 200, body: family }),
    });
    renderRoutes(
      [{ path: '/admin/users/list', element: as(account('admin', 1), <UserListPage />) }],
      '/admin/users/list',
    );
    const rana = (await screen.findByText('rana')).closest('tr')!;
    expect(within(rana as HTMLElement).getByText('Editor')).toBeInTheDocument();
    expect(await within(rana as HTMLElement).findByText('Oasis')).toBeInTheDocument();
    const me = screen.getByText('me').closest('tr') as HTMLElement;
    expect(within(me).getByText('Administrator')).toBeInTheDocument();
    expect(within(me).getByText('All families')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Actions for me' }));
    const remove = await screen.findByRole('menuitem', { name: /Delete/ });
    expect(remove).toHaveAttribute('aria-disabled', 'true');
    expect(remove).toHaveTextContent('This is your own account: another administrator can delete it.');
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
  });
});
