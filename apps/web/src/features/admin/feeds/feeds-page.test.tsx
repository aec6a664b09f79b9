import type { Feed } from '@dalil/contracts/feeds';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { usePreferences } from '../../../lib/preferences-store';
import { expectConsoleErrors } from '../../../test/console-guard';
import { mockApi, type MockRequest } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { FeedsPage } from './feeds-page';

const FAMILIES = [{ id: 3, nameAr: 'ألفا', nameEn: 'Alpha Foods' }];

const feed = (over: Partial<Feed>): Feed => ({
  id: 1,
  family: 3,
  url: 'https://erp.example/alpha.csv',
  schedule: '0 3 * * *',
  timeZone: 'Asia/Riyadh',
  mode: 'all-or-nothing',
  nextRunAt: '2026-11-27T00:00:00.000Z',
  running: false,
  lastRun: {
    at: '2026-11-26T00:00:05.000Z',
    outcome: 'imported',
    importId: 12,
    // Words the client never shows: it words the run from its code and params.
    message: 'Rows read: 2; categories: 1 created, 0 updated; products: 2 created, 0 updated',
    code: 'feed.imported',
    params: { rows: 2, categoriesCreated: 1, categoriesUpdated: 0, productsCreated: 2, productsUpdated: 0 },
  },
  createdBy: { id: 1, username: 'admin' },
  createdAt: '2026-11-20T09:00:00.000Z',
  ...over,
});

const FEEDS = [
  feed({}),
  feed({
    id: 2,
    url: 'https://erp.example/broken.csv',
    lastRun: {
      at: '2026-11-26T00:00:05.000Z',
      outcome: 'failed',
      importId: 13,
      message: 'erp.example resolves to a private or local address (10.0.0.7)',
      code: 'webhook.resolvesPrivate',
      params: { host: 'erp.example', address: '10.0.0.7' },
    },
  }),
];

const familyRoutes = {
  'GET /api/family': () => ({ status: 200, body: { data: FAMILIES, count: 1 } }),
  'GET /api/family/3': () => ({ status: 200, body: FAMILIES[0] }),
};

const render = () =>
  renderRoutes([{ path: '/admin/upload/feeds', element: <FeedsPage /> }], '/admin/upload/feeds');
const rowOf = async (url: string) => (await screen.findByText(url)).closest('tr') as HTMLElement;

describe('scheduled feeds page', () => {
  it('lists each feed with its company, schedule, last run in words and next run', async () => {
    mockApi({ ...familyRoutes, 'GET /api/feed': () => ({ status: 200, body: { data: FEEDS, count: 2 } }) });
    render();
    const alpha = await rowOf('https://erp.example/alpha.csv');
    expect(await within(alpha).findByText('Alpha Foods')).toBeInTheDocument();
    expect(alpha).toHaveTextContent('0 3 * * *');
    expect(alpha).toHaveTextContent('Asia/Riyadh');
    expect(within(alpha).getByText('Imported')).toBeInTheDocument();
    expect(alpha).toHaveTextContent(
      '2 rows read; categories: 1 created, 0 updated; products: 2 created, 0 updated',
    );
    const broken = await rowOf('https://erp.example/broken.csv');
    expect(within(broken).getByText('Failed')).toBeInTheDocument();
    expect(broken).toHaveTextContent(
      'erp.example leads to a private or local network (10.0.0.7); only public addresses are allowed',
    );
  });

  it('says the last run in Arabic', async () => {
    usePreferences.setState({ language: 'ar' });
    mockApi({ ...familyRoutes, 'GET /api/feed': () => ({ status: 200, body: { data: FEEDS, count: 2 } }) });
    render();
    const broken = await rowOf('https://erp.example/broken.csv');
    expect(within(broken).getByText('فشل')).toBeInTheDocument();
    expect(broken).toHaveTextContent(
      'يقود erp.example إلى شبكة خاصة أو محلية (10.0.0.7)؛ العناوين العامة فقط مسموحة',
    );
    const alpha = await rowOf('https://erp.example/alpha.csv');
    expect(alpha).toHaveTextContent('قُرئ صفان؛ الفئات: 1 جديدة، 0 محدَّثة؛ المنتجات: 2 جديدة، 0 محدَّثة');
  });

  it('creates a feed; a schedule the server refuses is shown at its field, and what was typed stays', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const requests = mockApi({
      ...familyRoutes,
      'GET /api/feed': () => ({ status: 200, body: { data: [], count: 0 } }),
      'POST /api/feed': (request: MockRequest) => {
        if (refuse) {
          refuse = false;
          return {
            status: 400,
            body: {
              statusCode: 400,
              error: 'Bad Request',
              message: 'schedule: never runs: no date matches it',
              details: [
                {
                  path: 'body.schedule',
                  code: 'feed.neverRuns',
                  params: {},
                  message: 'never runs: no date matches it',
                },
              ],
            },
          };
        }
        return { status: 201, body: feed(request.body as Partial<Feed>) };
      },
    });
    expectConsoleErrors(1);
    render();
    await user.click(await screen.findByRole('button', { name: 'New feed' }));
    const dialog = await screen.findByRole('dialog', { name: 'New feed' });
    await user.click(within(dialog).getByRole('combobox', { name: /^Company/ }));
    await user.click(await screen.findByRole('option', { name: 'Alpha Foods' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: /^File address/ }),
      'https://erp.example/alpha.csv',
    );
    const schedule = within(dialog).getByRole('textbox', { name: /^Schedule/ });
    await user.clear(schedule);
    await user.type(schedule, '0 0 30 2 *');
    await user.click(within(dialog).getByRole('radio', { name: /^Import the valid rows/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('never runs: no date matches it')).toBeInTheDocument();
    expect(schedule).toHaveValue('0 0 30 2 *');

    await user.clear(schedule);
    await user.type(schedule, '0 3 * * *');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The feed was saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts.at(-1)!.body).toMatchObject({
      family: 3,
      url: 'https://erp.example/alpha.csv',
      schedule: '0 3 * * *',
      mode: 'valid-rows',
      timeZone: expect.any(String),
    });
  });

  it('runs a feed now', async () => {
    const user = userEvent.setup();
    const requests = mockApi({
      ...familyRoutes,
      'GET /api/feed': () => ({ status: 200, body: { data: [FEEDS[0]], count: 1 } }),
      'POST /api/feed/1/run': () => ({ status: 202, body: feed({ running: true }) }),
    });
    render();
    const alpha = await rowOf('https://erp.example/alpha.csv');
    await user.click(within(alpha).getByRole('button', { name: 'Run now' }));
    expect(await screen.findByText('The feed is running')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/api/feed/1/run']);
  });
});
