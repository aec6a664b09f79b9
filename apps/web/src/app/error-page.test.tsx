import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectConsoleErrors } from '../test/console-guard';
import { mockApi } from '../test/fetch-mock';
import { renderRoutes } from '../test/render';
import { ErrorPage } from './error-page';

function Broken(): never {
  throw new Error('The shelf collapsed');
}

describe('error page', () => {
  it('says "Oops!", apologises, shows the message and logs the error', async () => {
    // React reports the caught render error too; the page itself logs it once more.
    expectConsoleErrors(3);
    renderRoutes([{ path: '/broken', Component: Broken, ErrorBoundary: ErrorPage }], '/broken');
    expect(await screen.findByRole('heading', { name: 'Oops!' })).toBeInTheDocument();
    expect(screen.getByText('Sorry, an unexpected error has occurred.')).toBeInTheDocument();
    expect(screen.getByText('The shelf collapsed')).toBeInTheDocument();
    expect(vi.mocked(console.error)).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'The shelf collapsed' }),
    );
  });

  it("says the server cannot be reached when a screen's code cannot be downloaded; Retry asks again", async () => {
    expectConsoleErrors(1); // the route error is logged
    const requests = mockApi({
      'GET /api/health': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const asked = () => requests.filter((r) => r.path === '/api/health').length;
    const offline = new TypeError('Failed to fetch dynamically imported module: /assets/page-1a2b.js');
    renderRoutes(
      [
        {
          ErrorBoundary: ErrorPage,
          children: [{ path: '/admin/users/list', lazy: () => Promise.reject(offline) }],
        },
      ],
      '/admin/users/list',
    );
    expect(await screen.findByRole('heading', { name: 'The server cannot be reached' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Oops!' })).not.toBeInTheDocument();
    // It asks at once, and again on Retry (the page reloads once the server answers: a browser's part).
    await waitFor(() => expect(asked()).toBe(1));
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(asked()).toBe(2));
  });
});
