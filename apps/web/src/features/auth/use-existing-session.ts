import { useEffect, useState } from 'react';
import { isUnreachable, onRetryRequest } from '../../lib/server-reach';
import { getToken } from '../../lib/session';
import { checkSession } from './session-api';

export type ExistingSession = 'checking' | 'valid' | 'none';

/**
 * Whether the browser already holds a token the catalogue accepts (an admin's, or a catalogue
 * user's). The visitor login then lets that account browse instead of signing in as the guest, which
 * would overwrite the one stored token and sign the admin out of the back office in another tab.
 * An unreachable server leaves it 'checking' until an answer says which.
 */
export function useExistingSession(enabled: boolean): ExistingSession {
  const [state, setState] = useState<ExistingSession>(() => (enabled && getToken() ? 'checking' : 'none'));
  // Asked again on each retry while the server is out of reach: an unanswered check is not a refusal.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (state !== 'checking') return;
    const controller = new AbortController();
    let stopListening = () => {};
    checkSession('user', controller.signal).then(
      () => setState('valid'),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (!isUnreachable(error)) setState('none');
        else stopListening = onRetryRequest(() => setAttempt((previous) => previous + 1));
      },
    );
    return () => {
      controller.abort();
      stopListening();
    };
  }, [state, attempt]);
  return state;
}
