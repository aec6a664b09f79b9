import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { usePreferences } from '../../lib/preferences-store';

/**
 * A visitor page's address may name its language (`?lang=ar`, `?lang=en`), which wins on the next
 * load (and on the server). When the visitor switches language, the address follows, naming the new
 * one. An address without `lang` (answered in the visitor's own language) is left alone.
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
        next.set('lang', language);
        return next;
      },
      { replace: true },
    );
  }, [language, named, setParams]);
}
