import type { Feed } from '@dalil/contracts/feeds';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { usePreferences } from '../../../lib/preferences-store';
import { expectConsoleErrors } from '../../../test/console-guard';
import { mockApi, type MockRequest } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { FeedFormPage } from './feed-form-page';
import { FeedListPage } from './feed-list-page';

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

const LIST = '/admin/upload/feeds/list';
const routes = [
  { path: LIST, element: <FeedListPage /> },
  { path: '/admin/upload/feeds/create', element: <FeedFormPage /> },
  { path: '/admin/upload/feeds/edit/:id', element: <FeedFormPage /> },
];
const render = (path = LIST) => renderRoutes(routes, path);
const rowOf = async (url: string) => (await screen.findByText(url)).closest('tr') as HTMLElement;
/** Picks an option of a select field by their names. */
async function choose(user: ReturnType<typeof userEvent.setup>, field: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}
const setTime = (value: string) => fireEvent.change(screen.getByLabelText('Time'), { target: { value } });

/** Fills in a new feed's company and address, schedules it with `schedule`, and answers the body sent. */
async function createWith(schedule: (user: ReturnType<typeof userEvent.setup>) => Promise<void>) {
  const user = userEvent.setup();
  const requests = mockApi({
    ...familyRoutes,
    'GET /api/feed': listed([]),
    'POST /api/feed': (request: MockRequest) => ({ status: 201, body: feed(request.body as Partial<Feed>) }),
  });
  render('/admin/upload/feeds/create');
  await user.click(await screen.findByRole('combobox', { name: /^Company/ }));
  await user.click(await screen.findByRole('option', { name: 'Alpha Foods' }));
  await user.type(screen.getByRole('textbox', { name: /^File address/ }), 'https://erp.example/alpha.csv');
  await schedule(user);
  await user.click(screen.getByRole('button', { name: 'Create' }));
  expect(await screen.findByRole('link', { name: 'New feed' })).toBeInTheDocument();
  return requests.filter((r) => r.method === 'POST').at(-1)!.body as Record<string, unknown>;
}
const listed = (data: Feed[]) => () => ({ status: 200, body: { data, count: data.length } });

describe('scheduled feeds list', () => {
  it('lists each feed with its company, schedule and time zone, mode, last run in words and next run', async () => {
    const requests = mockApi({ ...familyRoutes, 'GET /api/feed': listed(FEEDS) });
    render();
    const alpha = await rowOf('https://erp.example/alpha.csv');
    expect(await within(alpha).findByText('Alpha Foods')).toBeInTheDocument();
    expect(alpha).toHaveTextContent('0 3 * * *');
    expect(alpha).toHaveTextContent('Asia/Riyadh');
    expect(alpha).toHaveTextContent('Rows with problems: Import nothing');
    expect(within(alpha).getByText('Imported')).toBeInTheDocument();
    expect(alpha).toHaveTextContent(
      '2 rows read; categories: 1 created, 0 updated; products: 2 created, 0 updated',
    );
    const broken = await rowOf('https://erp.example/broken.csv');
    expect(within(broken).getByText('Failed')).toBeInTheDocument();
    expect(broken).toHaveTextContent(
      'erp.example leads to a private or local network (10.0.0.7); only public addresses are allowed',
    );
    // A page at a time, as every admin list.
    const query = requests.find((r) => r.path === '/api/feed')!.query;
    expect([query.get('limit'), query.get('skip')]).toEqual(['10', '0']);
  });

  it('says the last run in Arabic', async () => {
    usePreferences.setState({ language: 'ar' });
    mockApi({ ...familyRoutes, 'GET /api/feed': listed(FEEDS) });
    render();
    const broken = await rowOf('https://erp.example/broken.csv');
    expect(within(broken).getByText('فشل')).toBeInTheDocument();
    expect(broken).toHaveTextContent(
      'يقود erp.example إلى شبكة خاصة أو محلية (10.0.0.7)؛ العناوين العامة فقط مسموحة',
    );
    const alpha = await rowOf('https://erp.example/alpha.csv');
    expect(alpha).toHaveTextContent('قُرئ صفان؛ الفئات: 1 جديدة، 0 محدَّثة؛ المنتجات: 2 جديدة، 0 محدَّثة');
  });

  it('runs a feed now, and reads the list again until the run has ended', async () => {
    const user = userEvent.setup();
    let runs = 0;
    let reads = 0;
    const requests = mockApi({
      ...familyRoutes,
      'GET /api/feed': () => {
        reads++;
        // Running from the run's answer until the list has been read twice more.
        const running = runs > 0 && reads < 4;
        return listed([feed({ running, ...(runs > 0 && !running ? { lastRun: null } : {}) })])();
      },
      'POST /api/feed/1/run': () => {
        runs++;
        return { status: 202, body: feed({ running: true }) };
      },
    });
    render();
    const alpha = await rowOf('https://erp.example/alpha.csv');
    await user.click(within(alpha).getByRole('button', { name: 'Run now' }));
    expect(await screen.findByText('The feed is running')).toBeInTheDocument();
    expect(
      await within(await rowOf('https://erp.example/alpha.csv')).findByText('Running…'),
    ).toBeInTheDocument();
    expect(
      within(await rowOf('https://erp.example/alpha.csv')).getByRole('button', {
        name: 'Run now',
      }),
    ).toBeDisabled();
    // No one reloads the page: the list is read again while the run is under way, and shows its end.
    expect(
      await within(await rowOf('https://erp.example/alpha.csv')).findByText(
        'Not run yet',
        {},
        { timeout: 8000 },
      ),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/api/feed/1/run']);
  }, 15_000);

  it('says in Arabic that a feed is running already when the server refuses a second run', async () => {
    usePreferences.setState({ language: 'ar' });
    const user = userEvent.setup();
    mockApi({
      ...familyRoutes,
      'GET /api/feed': listed([feed({})]),
      'POST /api/feed/1/run': () => ({
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          code: 'feed.running',
          params: {},
          message: 'This feed is running already',
        },
      }),
    });
    // The refused run is reported to the console twice.
    expectConsoleErrors(2);
    render();
    const alpha = await rowOf('https://erp.example/alpha.csv');
    await user.click(within(alpha).getByRole('button', { name: 'تشغيل الآن' }));
    expect(await screen.findByText('هذا الاستيراد المجدول قيد التشغيل')).toBeInTheDocument();
  });

  it('filters by company', async () => {
    const user = userEvent.setup();
    const requests = mockApi({ ...familyRoutes, 'GET /api/feed': listed(FEEDS) });
    render();
    await rowOf('https://erp.example/alpha.csv');
    await user.click(screen.getByRole('combobox', { name: /Family/ }));
    await user.click(await screen.findByRole('option', { name: 'Alpha Foods' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.path === '/api/feed').map((r) => r.query.get('family'))).toContain('3'),
    );
  });

  it('deletes a feed only once asked', async () => {
    const user = userEvent.setup();
    let deleted = false;
    const requests = mockApi({
      ...familyRoutes,
      'GET /api/feed': () => listed(deleted ? [FEEDS[1]!] : FEEDS)(),
      'DELETE /api/feed/1': () => {
        deleted = true;
        return { status: 204 };
      },
    });
    render();
    await rowOf('https://erp.example/alpha.csv');
    await user.click(screen.getByRole('button', { name: 'Actions for https://erp.example/alpha.csv' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'The feed will no longer be fetched. Its past runs stay with the imports.',
    );
    expect(requests.filter((r) => r.method === 'DELETE')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('https://erp.example/alpha.csv')).toBeNull());
    expect(screen.getByText('https://erp.example/broken.csv')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/api/feed/1']);
  });
});

describe('scheduled feed form', () => {
  it('creates a feed; a schedule the server refuses is shown at its field, and what was typed stays', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const requests = mockApi({
      ...familyRoutes,
      'GET /api/feed': listed([]),
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
    render('/admin/upload/feeds/create');
    await user.click(await screen.findByRole('combobox', { name: /^Company/ }));
    await user.click(await screen.findByRole('option', { name: 'Alpha Foods' }));
    await user.type(screen.getByRole('textbox', { name: /^File address/ }), 'https://erp.example/alpha.csv');
    await choose(user, 'Repeat', 'Custom (cron expression)');
    const schedule = screen.getByRole('textbox', { name: /^Schedule/ });
    await user.clear(schedule);
    await user.type(schedule, '0 0 30 2 *');
    await user.click(screen.getByRole('radio', { name: /^Import the valid rows/ }));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('never runs: no date matches it')).toBeInTheDocument();
    expect(schedule).toHaveValue('0 0 30 2 *');

    await user.clear(schedule);
    await user.type(schedule, '0 3 * * *');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    // Back on the list.
    expect(await screen.findByRole('link', { name: 'New feed' })).toBeInTheDocument();
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts.at(-1)!.body).toEqual({
      family: 3,
      url: 'https://erp.example/alpha.csv',
      schedule: '0 3 * * *',
      mode: 'valid-rows',
      timeZone: expect.any(String),
    });
  });

  it('asks for the company and the address before sending anything', async () => {
    const user = userEvent.setup();
    const requests = mockApi({ ...familyRoutes });
    render('/admin/upload/feeds/create');
    await user.click(await screen.findByRole('button', { name: 'Create' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('changes a feed with a PATCH of its fields; its company stays', async () => {
    const user = userEvent.setup();
    const requests = mockApi({
      ...familyRoutes,
      'GET /api/feed': listed(FEEDS),
      'GET /api/feed/1': () => ({ status: 200, body: FEEDS[0] }),
      'PATCH /api/feed/1': (request: MockRequest) => ({
        status: 200,
        body: feed(request.body as Partial<Feed>),
      }),
    });
    render('/admin/upload/feeds/edit/1');
    const address = await screen.findByRole('textbox', { name: /^File address/ });
    expect(address).toHaveValue('https://erp.example/alpha.csv');
    expect(screen.getByRole('combobox', { name: /^Company/ })).toBeDisabled();
    expect(screen.getByText('A feed stays with its company')).toBeInTheDocument();
    await user.clear(address);
    await user.type(address, 'https://erp.example/alpha-2.csv');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(await screen.findByRole('link', { name: 'New feed' })).toBeInTheDocument();
    const patches = requests.filter((r) => r.method === 'PATCH');
    expect(patches.map((r) => r.path)).toEqual(['/api/feed/1']);
    expect(patches[0]!.body).toEqual({
      url: 'https://erp.example/alpha-2.csv',
      schedule: '0 3 * * *',
      timeZone: 'Asia/Riyadh',
      mode: 'all-or-nothing',
    });
  });
});

describe('the schedule picker', () => {
  it('writes every day at 06:00 as 0 6 * * *, and says so', async () => {
    const body = await createWith(async (user) => {
      await choose(user, 'Repeat', 'Every day');
      setTime('06:00');
      expect(screen.getByText('Runs every day at 6:00 AM')).toBeInTheDocument();
    });
    expect(body.schedule).toBe('0 6 * * *');
  });

  it('writes Sunday and Thursday at 07:30 as 30 7 * * 0,4', async () => {
    const body = await createWith(async (user) => {
      await choose(user, 'Repeat', 'On days of the week');
      // Sunday is chosen first; Thursday is added.
      expect(screen.getByRole('checkbox', { name: 'Sun' })).toBeChecked();
      await user.click(screen.getByRole('checkbox', { name: 'Thu' }));
      setTime('07:30');
      expect(screen.getByText('Runs every Sunday and Thursday at 7:30 AM')).toBeInTheDocument();
    });
    expect(body.schedule).toBe('30 7 * * 0,4');
  });

  it('writes every 6 hours at minute 15 as 15 */6 * * *', async () => {
    const body = await createWith(async (user) => {
      await choose(user, 'Repeat', 'Every few hours');
      await choose(user, 'Every', '6 hours');
      const minute = screen.getByRole('spinbutton', { name: 'Minute past the hour' });
      await user.clear(minute);
      await user.type(minute, '15');
      expect(screen.getByText('Runs every 6 hours from midnight, at minute 15')).toBeInTheDocument();
    });
    expect(body.schedule).toBe('15 */6 * * *');
  });

  it('says the schedule in Arabic', async () => {
    usePreferences.setState({ language: 'ar' });
    const user = userEvent.setup();
    mockApi({ ...familyRoutes });
    render('/admin/upload/feeds/create');
    await choose(user, 'التكرار', 'في أيام من الأسبوع');
    await user.click(screen.getByRole('checkbox', { name: 'الخميس' }));
    expect(await screen.findByText(/^يعمل كل الأحد والخميس الساعة/)).toBeInTheDocument();
  });

  it('opens a stored schedule in its shape, and its next run; another cron opens as custom and is kept', async () => {
    const user = userEvent.setup();
    const requests = mockApi({
      ...familyRoutes,
      'GET /api/feed': listed(FEEDS),
      'GET /api/feed/1': () => ({
        status: 200,
        body: feed({ schedule: '30 7 * * 0,4', nextRunAt: '2026-12-10T04:30:00.000Z' }),
      }),
      'GET /api/feed/2': () => ({ status: 200, body: feed({ id: 2, schedule: '0 9-17/2 1 * 1-5' }) }),
      'PATCH /api/feed/2': (request: MockRequest) => ({
        status: 200,
        body: feed(request.body as Partial<Feed>),
      }),
    });
    const { unmount } = render('/admin/upload/feeds/edit/1');
    expect(await screen.findByRole('checkbox', { name: 'Thu' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Sun' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Mon' })).not.toBeChecked();
    expect(screen.getByLabelText('Time')).toHaveValue('07:30');
    // 04:30 UTC is 07:30 in Riyadh.
    expect(screen.getByText(/^Next run: Thursday, December 10, 2026 at 7:30/)).toBeInTheDocument();
    unmount();

    render('/admin/upload/feeds/edit/2');
    const cron = await screen.findByRole('textbox', { name: /^Schedule/ });
    await waitFor(() => expect(cron).toHaveValue('0 9-17/2 1 * 1-5'));
    expect(screen.getByRole('combobox', { name: 'Repeat' })).toHaveTextContent('Custom (cron expression)');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await screen.findByRole('link', { name: 'New feed' });
    expect(requests.find((r) => r.method === 'PATCH')!.body).toMatchObject({ schedule: '0 9-17/2 1 * 1-5' });
  });
});

describe('the time zone', () => {
  it("starts a new feed in the browser's time zone, and offers every known zone by search", async () => {
    const user = userEvent.setup();
    // A browser in Cairo: the form reads its zone as the page loads.
    const browser = new Intl.DateTimeFormat().resolvedOptions();
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...browser,
      timeZone: 'Africa/Cairo',
    });
    mockApi({ ...familyRoutes });
    render('/admin/upload/feeds/create');
    const zone = await screen.findByRole('combobox', { name: /^Time zone/ });
    expect(zone).toHaveValue('Africa/Cairo');
    vi.restoreAllMocks();
    await user.clear(zone);
    await user.type(zone, 'Riyadh');
    expect(await screen.findByRole('option', { name: 'Asia/Riyadh' })).toBeInTheDocument();
  });
});
