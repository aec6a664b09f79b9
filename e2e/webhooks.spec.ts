import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { VIEWPORTS } from './support/catalog';
import { expect, test } from './support/fixtures';
import { ADMIN, openFromMenu, screenshot, setPreferences, signInAsAdmin } from './support/shell';

// Another system listens for catalogue changes: an administrator subscribes its address to product
// changes and copies the signing secret; a product changed in the admin arrives at the receiver
// signed (checked with the Standard Webhooks library, as a receiver would), and the delivery shows in
// the webhook's log. Then the receiver fails: the log shows the failed attempt, and Send again
// delivers the message once the receiver is back.

const TEXT = {
  en: {
    create: 'Create Webhook',
    url: /^Address/,
    event: 'Product changed',
    save: 'Create',
    done: 'I have copied it',
  },
  ar: { create: 'إنشاء خطاف', url: /^العنوان/, event: 'تعديل منتج', save: 'إنشاء', done: 'نسختُه' },
} as const;

const LIST = /\/admin\/users\/webhooks\/list$/;

interface Received {
  headers: IncomingHttpHeaders;
  raw: string;
}

/** A receiver on 127.0.0.1 that records each request and answers `status` (changeable). */
async function startReceiver() {
  const receiver = { url: '', status: 204, received: [] as Received[], close: () => {} };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      receiver.received.push({ headers: request.headers, raw: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(receiver.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/dalil`;
  receiver.close = () => {
    server.closeAllConnections();
    server.close();
  };
  return receiver;
}

/** Checks a request's signature with the secret, as a receiver would; answers the body it verified. */
function verify(secret: string, received: Received) {
  const header = (name: string) => String(received.headers[name]);
  const headers = Object.fromEntries(
    ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [name, header(name)]),
  );
  return new Webhook(secret).verify(received.raw, headers) as {
    type: string;
    data: { id: number; nameEn: string };
  };
}

interface Named {
  id: number;
  nameEn: string;
}

async function firstProduct(request: APIRequestContext): Promise<Named> {
  const login = await request.post('/api/admin/login', {
    data: { username: ADMIN.username, password: ADMIN.password },
  });
  const { token } = (await login.json()) as { token: string };
  const res = await request.get('/api/product?limit=1', { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: Named[] }).data[0]!;
}

/** Renames a product through its admin form, as a person would. */
async function renameProduct(page: Page, product: Named, from: string, to: string) {
  await page.goto(`/admin/products/edit/${product.id}`);
  const name = page.getByLabel(/^Name En/);
  await expect(name).toHaveValue(from);
  await name.fill(to);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/products\/list/);
}

/** Opens the new webhook's form from the list, fills it in the UI's language and sends it; answers the secret dialog. */
async function createWebhook(page: Page, language: 'en' | 'ar', url: string, shot?: string) {
  const text = TEXT[language];
  await page.getByRole('link', { name: text.create }).click();
  await expect(page).toHaveURL(/\/admin\/users\/webhooks\/create$/);
  const form = page.getByRole('main');
  await form.getByRole('textbox', { name: text.url }).fill(url);
  await form.getByRole('checkbox', { name: text.event }).check();
  if (shot) await screenshot(page, shot);
  await form.getByRole('button', { name: text.save, exact: true }).click();
  const shown = page.getByRole('dialog', { name: /The webhook is ready|الخطاف جاهز/ });
  await expect(shown).toBeVisible();
  return shown;
}

test('a product changed in the admin reaches a subscribed receiver, signed; failed deliveries are sent again', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(240_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const receiver = await startReceiver();
  try {
    const product = await firstProduct(request);
    await page.setViewportSize(VIEWPORTS.desktop);
    await signInAsAdmin(page);
    // In the Users menu group, after API keys.
    await openFromMenu(page, 'Users', 'Webhooks', LIST);
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await expect(page.getByRole('table')).toContainText('No results');

    // The server refuses an address outside the allowed hosts that is not https, at the field.
    await page.getByRole('link', { name: TEXT.en.create }).click();
    const form = page.getByRole('main');
    await form.getByRole('textbox', { name: TEXT.en.url }).fill('http://example.com/hook');
    await form.getByRole('checkbox', { name: 'All Products events' }).check();
    await expect(form.getByRole('checkbox', { name: 'Product deleted' })).toBeChecked();
    await form.getByRole('button', { name: TEXT.en.save, exact: true }).click();
    await expect(form.getByRole('textbox', { name: TEXT.en.url })).toHaveAccessibleDescription(
      'The address must start with https://',
    );
    await form.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(LIST);

    const shown = await createWebhook(page, 'en', receiver.url);
    await expect(shown).toContainText('it will not be shown again');
    const secret = await shown.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await expect(shown).toContainText(`new Webhook('${secret}')`);
    await shown.getByRole('button', { name: 'Copy' }).click();
    await expect(shown.getByRole('status')).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await shown.getByRole('button', { name: TEXT.en.done }).click();
    await expect(shown).toBeHidden();
    await expect(page).toHaveURL(LIST);
    const row = page.getByRole('row').filter({ hasText: receiver.url });
    await expect(row).toContainText('Product changed');
    await expect(row).toContainText('All families');
    await expect(row).toContainText('Active');
    await expect(row).toContainText('None yet');
    await expect(page.locator('body')).not.toContainText(secret);

    // A product changed in the admin arrives, signed with the secret.
    const renamed = `${product.nameEn} (webhook)`;
    await renameProduct(page, product, product.nameEn, renamed);
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(1);
    const first = receiver.received[0]!;
    const body = verify(secret, first);
    expect(body.type).toBe('product.updated');
    expect(body.data).toMatchObject({ id: product.id, nameEn: renamed });
    const messageId = String(first.headers['webhook-id']);

    // The list (also at the screen's old address) shows the delivery; its log, from the row menu, has
    // the attempt with the receiver's answer.
    await page.goto('/admin/users/webhooks');
    await expect(page).toHaveURL(LIST);
    await expect(row).toContainText('Delivered · 204');
    await row.getByRole('button', { name: `Actions for ${receiver.url}` }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Deliveries' }).click();
    await expect(page).toHaveURL(/\/admin\/users\/webhooks\/list\?log=\d+$/);
    const logUrl = page.url();
    const log = page.getByRole('table', { name: 'Deliveries' });
    const delivered = log.getByRole('row').filter({ hasText: messageId });
    await expect(delivered).toContainText('Product changed');
    await expect(delivered).toContainText('Delivered · 204');

    // The receiver fails: the next change's attempt shows failed, with its next try and Send again.
    receiver.status = 500;
    await renameProduct(page, product, renamed, product.nameEn);
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    const failedId = String(receiver.received[1]!.headers['webhook-id']);
    expect(failedId).not.toBe(messageId);
    await page.goto(logUrl);
    const failed = log.getByRole('row').filter({ hasText: failedId }).first();
    await expect(failed).toContainText('Failed · 500');
    const sendAgain = failed.getByRole('button', { name: `Send ${failedId} again` });
    await expect(sendAgain).toBeVisible();
    await screenshot(page, 'webhooks-log-en-light');

    // Back up, the message is sent again with the same webhook-id and delivered.
    receiver.status = 200;
    await sendAgain.click();
    await expect(page.getByText('The message is sent again')).toBeVisible();
    await expect(log.getByRole('row').filter({ hasText: failedId }).first()).toContainText('Delivered · 200');
    const again = receiver.received.filter((r) => r.headers['webhook-id'] === failedId).at(-1)!;
    expect(verify(secret, again).data).toMatchObject({ id: product.id, nameEn: product.nameEn });

    // Turned off and on from the list's row menu; the reason shows while it is off.
    await page.getByRole('main').getByRole('link', { name: 'Webhooks' }).click();
    await expect(page).toHaveURL(LIST);
    await row.getByRole('button', { name: `Actions for ${receiver.url}` }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Turn off' }).click();
    await expect(row).toContainText('Off');
    await expect(row).toContainText(/Turned off by .?admin/);
    await row.getByRole('button', { name: `Actions for ${receiver.url}` }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Turn on' }).click();
    await expect(row).toContainText('Active');

    // Edited through its form: another event, and the history records the change by its address.
    await row.getByRole('button', { name: `Actions for ${receiver.url}` }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/\/admin\/users\/webhooks\/edit\/\d+$/);
    const edit = page.getByRole('main');
    await expect(edit.getByRole('textbox', { name: TEXT.en.url })).toHaveValue(receiver.url);
    await edit.getByRole('checkbox', { name: /^Product created/ }).check();
    await screenshot(page, 'webhooks-edit-en-light');
    await edit.getByRole('button', { name: 'Edit', exact: true }).click();
    await expect(page).toHaveURL(LIST);
    await expect(row).toContainText('Product created');
    await page.goto('/admin/activity');
    const entries = page.getByRole('listitem').filter({ hasText: receiver.url });
    // The events by their names, before and after, not by their codes.
    await expect(entries.first()).toContainText('Product changed → Product created, Product changed');
    await expect(entries.first()).not.toContainText('product.updated');
    await expect(page.locator('body')).not.toContainText(secret);
    await screenshot(page, 'webhooks-activity-en-light');

    // Both languages and colour modes: the form, the secret, the list and a log.
    for (const language of ['en', 'ar'] as const) {
      for (const colourMode of ['light', 'dark'] as const) {
        await setPreferences(page, { language, colourMode, direction: null });
        await page.goto('/admin/users/webhooks/list');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const url = `${receiver.url}/${language}-${colourMode}`;
        const dialog = await createWebhook(page, language, url, `webhooks-form-${language}-${colourMode}`);
        await screenshot(page, `webhooks-secret-${language}-${colourMode}`);
        await dialog.getByRole('button', { name: TEXT[language].done }).click();
        await expect(dialog).toBeHidden();
        await expect(page.getByRole('row').filter({ hasText: url })).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
          true,
        );
        await screenshot(page, `webhooks-list-${language}-${colourMode}`);
        await page.getByRole('row').filter({ hasText: receiver.url }).last().getByRole('button').click();
        await page
          .getByRole('menu')
          .getByRole('menuitem', { name: /^(Deliveries|التسليمات)$/ })
          .click();
        await expect(page.getByRole('row').filter({ hasText: failedId }).first()).toBeVisible();
        await screenshot(page, `webhooks-log-${language}-${colourMode}`);
      }
    }

    // On a phone, in Arabic: the log scrolls sideways inside its card, not the page.
    await page.setViewportSize(VIEWPORTS.phone);
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: failedId }).first()).toBeAttached();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'webhooks-log-ar-dark-phone');

    // Deleted after a confirmation: the receiver gets no more.
    await page.setViewportSize(VIEWPORTS.desktop);
    await setPreferences(page, { language: 'en', colourMode: 'light', direction: null });
    await page.goto('/admin/users/webhooks/list');
    await page.getByRole('button', { name: `Actions for ${receiver.url}`, exact: true }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText('receives no more messages');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('Deleted.')).toBeVisible();
    await expect(page.getByRole('cell', { name: receiver.url, exact: true })).toHaveCount(0);
    await expect(page.getByRole('cell', { name: `${receiver.url}/ar-dark`, exact: true })).toBeVisible();
  } finally {
    receiver.close();
  }
});
