import { useEffect, useState } from 'react';
import { getToken } from '../../lib/session';
import { checkSession } from './session-api';

export type ExistingSession = 'checking' | 'valid' | 'none';

/**
 * Whether the browser already holds a token the catalogue accepts (an admin's, or a catalogue
 * user's). The visitor login then lets that account browse instead of signing in as the guest, which
 * would overwrite the one stored token and sign the admin out of the back office in another tab.
 */
export function useExistingSession(enabled: boolean): ExistingSession {
  const [state, setState] = useState<ExistingSession>(() => (enabled && getToken() ? 'checking' : 'none'));
  useEffect(() => {
    if (state !== 'checking') return;
    const controller = new AbortController();
    checkSession('user', controller.signal).then(
      () => setState('valid'),
      () => {
        if (!controller.signal.aborted) setState('none');
      },
    );
    return () => controller.abort();
  }, [state]);
  return state;
}
