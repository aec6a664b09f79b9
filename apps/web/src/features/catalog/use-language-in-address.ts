import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { usePreferences } from '../../lib/preferences-store';

/**
 * A visitor page's address may name its language (`?lang=en`), which wins on the next load (and on
 * the server). When the visitor switches language, the address follows: English keeps `lang=en`,
 * Arabic is the bare address. An address without `lang` is left alone.
 */
export function useLanguageInAddress(): void {
  const language = usePreferences((s) => s.language);
  const [params, setParams] = useSearchParams();
  const named = params.get('lang');
  useEffect(() => {
    if (named === null || named === language) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (language === 'en') next.set('lang', 'en');
        else next.delete('lang');
        return next;
      },
      { replace: true },
    );
  }, [language, named, setParams]);
}
