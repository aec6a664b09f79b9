import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectConsoleErrors } from '../test/console-guard';
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
});
