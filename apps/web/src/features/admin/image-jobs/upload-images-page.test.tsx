import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { UploadImagesPage } from './upload-images-page';

const counts = (over: Partial<Record<string, number>>) => ({
  new: 0,
  replace: 0,
  unchanged: 0,
  unmatched: 0,
  ambiguous: 0,
  invalid: 0,
  ...over,
});
const summary = (
  id: number,
  family: number | null,
  state: string,
  over: Partial<Record<string, number>>,
) => ({
  id,
  family,
  state,
  done: 3,
  total: 3,
  counts: counts(over),
  error: state === 'failed' ? 'The job stopped on an unexpected error' : null,
  startedAt: `2026-11-2${id}T09:30:00.000Z`,
  updatedAt: `2026-11-2${id}T09:31:00.000Z`,
  changed: 0,
  undoneAt: null,
});
const tea = {
  id: 4,
  nameEn: 'Tea Co',
  nameAr: 'شركة الشاي',
  name: { en: 'Tea Co', ar: 'شركة الشاي' },
};
const report = (name: string, status: string) => ({
  name,
  status,
  slot: 'image',
  product: { id: 9, family: 4, nameAr: 'شاي', nameEn: 'Green tea', current: null },
  reason: null,
});

describe('upload images, reopened', () => {
  it('shows the newest job’s report and lists the latest jobs, whose reports stay readable', async () => {
    // The newest job was another administrator's, for one family; the one before it was ours.
    const newest = summary(3, 4, 'done', { new: 2, unmatched: 1 });
    const older = summary(2, null, 'failed', { replace: 1 });
    const requests = mockApi({
      'GET /api/upload/images': () => ({ status: 200, body: { data: [newest, older] } }),
      'GET /api/upload/images/3': () => ({
        status: 200,
        body: { ...newest, files: [report('6281.jpg', 'new'), report('6282.jpg', 'new')] },
      }),
      'GET /api/upload/images/2': () => ({
        status: 200,
        body: { ...older, files: [report('old/6281.jpg', 'replace')] },
      }),
      'GET /api/family/4': () => ({ status: 200, body: tea }),
      'GET /api/family': () => ({ status: 200, body: { data: [tea], count: 1 } }),
    });
    renderRoutes([{ path: '/admin/upload/images', element: <UploadImagesPage /> }], '/admin/upload/images');

    expect(await screen.findByText('Import finished')).toBeVisible();
    expect(screen.getAllByText('6282.jpg')[0]).toBeVisible();
    const recent = screen.getByRole('navigation', { name: 'Recent imports' });
    const [first, second] = within(recent).getAllByRole('button');
    expect(first).toHaveAttribute('aria-current', 'true');
    expect(first).toHaveTextContent(/Tea Co · Finished/);
    expect(first).toHaveTextContent('New 2 · Unmatched 1');
    expect(second).toHaveTextContent(/All families · Stopped/);
    expect(second).toHaveTextContent('Replace 1');

    await userEvent.click(second!);
    expect(await screen.findByText('The import stopped')).toBeVisible();
    expect(screen.getByText('The job stopped on an unexpected error')).toBeVisible();
    expect(screen.getAllByText('old/6281.jpg')[0]).toBeVisible();
    expect(second).toHaveAttribute('aria-current', 'true');
    expect(requests.some((r) => r.path === '/api/upload/images/2')).toBe(true);
  });
});
