import { readError } from '@dalil/contracts/error-codes';
import type { Account } from '@dalil/contracts/auth';
import type { Webhook, WebhookAttempt } from '@dalil/contracts/webhooks';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AccountContext } from '../../../lib/account';
import { usePreferences } from '../../../lib/preferences-store';
import { expectConsoleErrors } from '../../../test/console-guard';
import { mockApi, type MockRequest } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { WebhookFormPage } from './webhook-form-page';
import { WebhookListPage } from './webhook-list-page';

const admin: Account = {
  id: 1,
  username: 'admin',
  firstName: 'A',
  lastName: 'B',
  role: 'admin',
  families: [],
};

const FAMILIES = [{ id: 3, nameAr: 'ألفا', nameEn: 'Alpha Foods' }];

/** A stored sentence's code and params, as the server reads them back for its answer. */
const coded = (sentence: string | null | undefined) =>
  sentence ? readError(sentence) : { code: null, params: null };

const hook = (over: Partial<Webhook>): Webhook => ({
  id: 1,
  url: 'https://erp.example/hooks/dalil',
  events: ['product.updated'],
  families: [],
  createdAt: '2026-11-20T09:00:00.000Z',
  createdBy: { id: 1, username: 'admin' },
  enabled: true,
  disabledAt: null,
  disabledReason: null,
  lastDelivery: { at: '2026-11-24T08:30:00.000Z', ok: true, responseCode: 204 },
  ...over,
  disabledReasonCode: coded(over.disabledReason).code,
  disabledReasonParams: coded(over.disabledReason).params,
});

const HOOKS = [
  hook({}),
  hook({
    id: 2,
    url: 'https://shop.example/in',
    events: ['product.created', 'category.deleted'],
    families: [3],
    lastDelivery: null,
  }),
  hook({
    id: 3,
    url: 'https://old.example/hook',
    enabled: false,
    disabledAt: '2026-11-23T10:00:00.000Z',
    disabledReason: 'Deliveries failed for 24 hours (last: connect ECONNREFUSED); turned off',
    lastDelivery: { at: '2026-11-23T10:00:00.000Z', ok: false, responseCode: null },
  }),
];

const SECRET = `whsec_${'s'.repeat(43)}=`;

const attempt = (over: Partial<WebhookAttempt>): WebhookAttempt => ({
  id: 1,
  messageId: 'msg_one',
  eventType: 'product.updated',
  attempt: 1,
  ok: true,
  responseCode: 204,
  error: null,
  attemptedAt: '2026-11-24T08:30:00.000Z',
  durationMs: 42,
  nextAttemptAt: null,
  ...over,
  errorCode: coded(over.error).code,
  errorParams: coded(over.error).params,
});

const familyRoutes = {
  'GET /api/family': () => ({ status: 200, body: { data: FAMILIES, count: 1 } }),
  'GET /api/family/3': () => ({ status: 200, body: FAMILIES[0] }),
};

const listRoute = (hooks: Webhook[]) => ({
  'GET /api/webhook': () => ({ status: 200, body: { data: hooks, count: hooks.length } }),
});

const asAdmin = (page: React.ReactNode) => <AccountContext value={admin}>{page}</AccountContext>;
const render = (at = '/admin/users/webhooks/list') =>
  renderRoutes(
    [
      { path: '/admin/users/webhooks/list', element: asAdmin(<WebhookListPage />) },
      { path: '/admin/users/webhooks/create', element: asAdmin(<WebhookFormPage />) },
      { path: '/admin/users/webhooks/edit/:id', element: asAdmin(<WebhookFormPage />) },
    ],
    at,
  );

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

async function openMenu(user: ReturnType<typeof userEvent.setup>, url: string) {
  await user.click(await screen.findByRole('button', { name: `Actions for ${url}` }));
  return screen.findByRole('menu');
}

describe('webhook list', () => {
  it('lists each webhook with its events, families, state and last delivery; why one is off', async () => {
    const requests = mockApi({ ...familyRoutes, ...listRoute(HOOKS) });
    render();
    const erp = await rowOf('https://erp.example/hooks/dalil');
    expect(erp).toHaveTextContent('Product changed');
    expect(erp).toHaveTextContent('All families');
    expect(erp).toHaveTextContent('Delivered · 204');
    expect(within(erp).getByText('Active')).toBeInTheDocument();

    const shop = await rowOf('https://shop.example/in');
    expect(shop).toHaveTextContent('Product created');
    expect(shop).toHaveTextContent('Category deleted');
    expect(await within(shop).findByText('Alpha Foods')).toBeInTheDocument();
    expect(shop).toHaveTextContent('None yet');

    const old = await rowOf('https://old.example/hook');
    expect(within(old).getByText('Off')).toBeInTheDocument();
    expect(old).toHaveTextContent('Failed');
    expect(old).toHaveTextContent(
      /Turned off after deliveries failed for 24 hours \(last: .?connect ECONNREFUSED/,
    );
    const list = requests.find((r) => r.method === 'GET' && r.path === '/api/webhook');
    expect(list?.query.get('limit')).toBe('10');
  });

  it("reads in Arabic, with why a webhook is off and the receiver's answer in Arabic too", async () => {
    usePreferences.setState({ language: 'ar' });
    const user = userEvent.setup();
    mockApi({
      ...familyRoutes,
      ...listRoute([
        hook({
          enabled: false,
          disabledReason: 'Deliveries failed for 24 hours (last: The receiver answered 503); turned off',
        }),
        hook({ id: 2, url: 'https://shop.example/in', disabledReason: null }),
      ]),
    });
    render();
    const off = await rowOf('https://erp.example/hooks/dalil');
    expect(off).toHaveTextContent('متوقف');
    expect(off).toHaveTextContent(
      'أُوقف بعد فشل التسليمات 24 ساعة (الأخير: \u2068ردّ المستقبِل بالرمز 503\u2069)',
    );
    const on = await rowOf('https://shop.example/in');
    expect(on).toHaveTextContent('تعديل منتج');
    expect(on).toHaveTextContent('كل الشركات');
    expect(on).toHaveTextContent('سُلّم · 204');
    await user.click(within(on).getByRole('button', { name: /https:\/\/shop\.example\/in/ }));
    expect(await screen.findByRole('menuitem', { name: 'إيقاف' })).toBeInTheDocument();
  });

  it('turns a webhook off and on from its row menu, and opens its delivery log', async () => {
    const user = userEvent.setup();
    const requests = mockApi({
      ...familyRoutes,
      ...listRoute(HOOKS),
      'PATCH /api/webhook/1': (request: MockRequest) => ({
        status: 200,
        body: hook({ enabled: (request.body as { enabled: boolean }).enabled }),
      }),
      'PATCH /api/webhook/3': (request: MockRequest) => ({
        status: 200,
        body: hook({ id: 3, enabled: (request.body as { enabled: boolean }).enabled }),
      }),
      'GET /api/webhook/1': () => ({ status: 200, body: hook({}) }),
      'GET /api/webhook/1/deliveries': () => ({ status: 200, body: { data: [], count: 0 } }),
    });
    render();
    let menu = await openMenu(user, 'https://erp.example/hooks/dalil');
    await user.click(within(menu).getByRole('menuitem', { name: 'Turn off' }));
    expect(await screen.findByText(/The webhook is off/)).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH' && r.path === '/api/webhook/1')?.body).toEqual({
      enabled: false,
    });
    menu = await openMenu(user, 'https://old.example/hook');
    await user.click(within(menu).getByRole('menuitem', { name: 'Turn on' }));
    expect(await screen.findByText(/The webhook is on/)).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH' && r.path === '/api/webhook/3')?.body).toEqual({
      enabled: true,
    });

    menu = await openMenu(user, 'https://erp.example/hooks/dalil');
    await user.click(within(menu).getByRole('menuitem', { name: 'Deliveries' }));
    expect(await screen.findByText(/No deliveries yet/)).toBeInTheDocument();
  });

  it('deletes a webhook only after a confirmation', async () => {
    const user = userEvent.setup();
    const requests = mockApi({
      ...familyRoutes,
      ...listRoute(HOOKS),
      'DELETE /api/webhook/2': () => ({ status: 204 }),
    });
    render();
    let menu = await openMenu(user, 'https://shop.example/in');
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('receives no more messages');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    menu = await openMenu(user, 'https://shop.example/in');
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'DELETE' && r.path === '/api/webhook/2')).toBe(true),
    );
  });
});

describe('webhook form', () => {
  it('creates a webhook from grouped events and shows its signing secret once, with Copy', async () => {
    const user = userEvent.setup();
    let listed: Webhook[] = [];
    const requests = mockApi({
      ...familyRoutes,
      'GET /api/webhook': () => ({ status: 200, body: { data: listed, count: listed.length } }),
      'POST /api/webhook': () => {
        listed = [hook({ id: 9, url: 'https://erp.example/in', lastDelivery: null })];
        return { status: 201, body: { id: 9, secret: SECRET } };
      },
    });
    render();
    await user.click(await screen.findByRole('link', { name: 'Create Webhook' }));
    await user.type(await screen.findByRole('textbox', { name: /^Address/ }), 'https://erp.example/in');
    // A new webhook is on: the form offers no switch for it.
    expect(screen.queryByRole('switch')).toBeNull();
    // A group's box takes all of it; one of them left out makes it partly chosen.
    await user.click(screen.getByRole('checkbox', { name: 'All Products events' }));
    await user.click(screen.getByRole('checkbox', { name: /^Product deleted/ }));
    expect(screen.getByRole('checkbox', { name: 'All Products events' })).toHaveAttribute(
      'data-indeterminate',
      'true',
    );
    await user.click(screen.getByRole('checkbox', { name: /^Import finished/ }));
    await user.click(screen.getByRole('button', { name: 'Create' }));

    const shown = await screen.findByRole('dialog', { name: 'The webhook is ready' });
    expect(within(shown).getByRole('textbox', { name: 'Signing secret' })).toHaveValue(SECRET);
    expect(shown).toHaveTextContent(`new Webhook('${SECRET}')`);
    // The contract's order, whatever order they were ticked in; no family: every family.
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      url: 'https://erp.example/in',
      events: ['product.created', 'product.updated', 'product.published', 'import.completed'],
      families: [],
    });
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(await within(shown).findByText('Copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    await user.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await rowOf('https://erp.example/in')).toHaveTextContent('None yet');
    expect(document.body).not.toHaveTextContent(SECRET);
  });

  it("shows the server's refusal of the address at its field and keeps what was typed; no event is refused before sending", async () => {
    expectConsoleErrors(1); // the refused save, logged as every failure is
    const user = userEvent.setup();
    const requests = mockApi({
      ...familyRoutes,
      ...listRoute([]),
      'POST /api/webhook': () => ({
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          code: 'request.validation',
          params: {},
          message: 'url: must not point at a private or local address (10.0.0.7)',
          details: [
            {
              path: 'body.url',
              code: 'webhook.private',
              params: { host: '10.0.0.7' },
              message: 'must not point at a private or local address (10.0.0.7)',
            },
          ],
        },
      }),
    });
    render('/admin/users/webhooks/create');
    const address = await screen.findByRole('textbox', { name: /^Address/ });
    await user.type(address, 'https://10.0.0.7/hook');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Choose at least one event')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('checkbox', { name: /^Product changed/ }));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(address).toHaveAccessibleDescription(/private or local network \(10\.0\.0\.7\)/),
    );
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Saving failed');
    expect(address).toHaveValue('https://10.0.0.7/hook');
  });

  it('edits a webhook: its events, families and whether it is on, sent as a change', async () => {
    const user = userEvent.setup();
    const requests = mockApi({
      ...familyRoutes,
      ...listRoute(HOOKS),
      'GET /api/webhook/2': () => ({ status: 200, body: HOOKS[1] }),
      'PATCH /api/webhook/2': (request: MockRequest) => ({
        status: 200,
        body: { ...HOOKS[1], ...(request.body as object) },
      }),
    });
    render('/admin/users/webhooks/edit/2');
    const address = await screen.findByRole('textbox', { name: /^Address/ });
    await waitFor(() => expect(address).toHaveValue('https://shop.example/in'));
    expect(screen.getByRole('checkbox', { name: /^Product created/ })).toBeChecked();
    expect(screen.getByRole('link', { name: 'Deliveries' })).toHaveAttribute(
      'href',
      '/admin/users/webhooks/list?log=2',
    );
    await user.click(screen.getByRole('checkbox', { name: /^Category deleted/ }));
    await user.click(screen.getByRole('switch', { name: 'On' }));
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(await rowOf('https://erp.example/hooks/dalil')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      url: 'https://shop.example/in',
      events: ['product.created'],
      families: [3],
      enabled: false,
    });
  });
});

describe('delivery log', () => {
  const logRoutes = (attempts: WebhookAttempt[], count = attempts.length) => ({
    ...familyRoutes,
    'GET /api/webhook/1': () => ({ status: 200, body: hook({}) }),
    'GET /api/webhook/1/deliveries': () => ({ status: 200, body: { data: attempts, count } }),
  });

  it("shows each attempt's result, error and next try, and sends a message again", async () => {
    const user = userEvent.setup();
    const requests = mockApi({
      ...logRoutes([
        attempt({
          id: 3,
          messageId: 'msg_two',
          ok: false,
          responseCode: null,
          error: 'connect ECONNREFUSED 127.0.0.1:9',
          attempt: 2,
          nextAttemptAt: '2026-11-24T09:05:00.000Z',
        }),
        attempt({ id: 2, messageId: 'msg_two', ok: false, responseCode: 500, nextAttemptAt: null }),
        attempt({ id: 1 }),
      ]),
      'POST /api/webhook/1/deliveries/msg_two/resend': () => ({ status: 202, body: null }),
      'POST /api/webhook/1/deliveries/msg_one/resend': () => ({ status: 202, body: null }),
    });
    render('/admin/users/webhooks/list?log=1');
    expect(await screen.findByText('https://erp.example/hooks/dalil')).toBeInTheDocument();
    const rows = within(await screen.findByRole('table', { name: 'Deliveries' })).getAllByRole('row');
    await waitFor(() => expect(rows).toHaveLength(4));
    const [, refused, failed, delivered] = rows as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(refused).toHaveTextContent('Failed');
    expect(refused).toHaveTextContent('connect ECONNREFUSED 127.0.0.1:9');
    expect(refused).toHaveTextContent('Nov 24, 2026');
    expect(failed).toHaveTextContent('Failed · 500');
    expect(failed).toHaveTextContent('No more tries');
    expect(delivered).toHaveTextContent('Delivered · 204');
    expect(delivered).toHaveTextContent('42 ms');
    // Send again once per message, on its newest attempt.
    expect(within(failed).queryByRole('button', { name: /^Send/ })).toBeNull();
    await user.click(within(refused).getByRole('button', { name: 'Send msg_two again' }));
    expect(await screen.findByText('The message is sent again')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST' && r.path.endsWith('/msg_two/resend'))).toBe(true);
  });

  it('says when nothing was delivered yet, pages through a long log, and names a missing webhook', async () => {
    const user = userEvent.setup();
    const requests = mockApi(logRoutes([attempt({})], 30));
    render('/admin/users/webhooks/list?log=1');
    await user.click(await screen.findByRole('button', { name: /next page/i }));
    await waitFor(() => expect(requests.some((r) => r.query.get('skip') === '25')).toBe(true));

    mockApi(logRoutes([]));
    render('/admin/users/webhooks/list?log=1');
    expect(await screen.findByText(/No deliveries yet/)).toBeInTheDocument();
  });

  it('names a webhook that does not exist', async () => {
    expectConsoleErrors(1); // the refused read, logged as every failure is
    mockApi({
      'GET /api/webhook/7': () => ({
        status: 404,
        body: { statusCode: 404, error: 'Not Found', message: 'Webhook not found' },
      }),
    });
    render('/admin/users/webhooks/list?log=7');
    expect(await screen.findByText(/This webhook does not exist/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Webhooks' })).toHaveAttribute(
      'href',
      '/admin/users/webhooks/list',
    );
  });
});
