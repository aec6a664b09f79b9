import { act, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { usePreferences } from '../../lib/preferences-store';
import { renderRoutes } from '../../test/render';
import { useLanguageInAddress } from './use-language-in-address';

function Page() {
  useLanguageInAddress();
  const location = useLocation();
  return <output>{location.pathname + location.search}</output>;
}

const render = (path: string) => renderRoutes([{ path: '/catalog/main/:id', element: <Page /> }], path);

describe("the address's language", () => {
  it('follows a switch of language, naming the new one', async () => {
    usePreferences.setState({ language: 'en' });
    const { router } = render('/catalog/main/5?lang=en');
    expect(await screen.findByText('/catalog/main/5?lang=en')).toBeInTheDocument();
    act(() => usePreferences.getState().setLanguage('ar'));
    expect(await screen.findByText('/catalog/main/5?lang=ar')).toBeInTheDocument();
    // Replaced, not pushed: Back does not return to the other language.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('leaves an address without a language alone', async () => {
    usePreferences.setState({ language: 'ar' });
    render('/catalog/main/5?x=1');
    act(() => usePreferences.getState().setLanguage('en'));
    expect(await screen.findByText('/catalog/main/5?x=1')).toBeInTheDocument();
  });
});
