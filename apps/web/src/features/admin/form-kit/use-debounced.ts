import { useEffect, useState } from 'react';

/** How long typing pauses before a choice asks the server again. */
const SEARCH_PAUSE_MS = 250;

/** `value` once it has stayed the same for `delay` ms (what is typed, asked of the server once). */
export function useDebounced<T>(value: T, delay = SEARCH_PAUSE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
