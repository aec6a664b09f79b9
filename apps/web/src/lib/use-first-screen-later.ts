import { startTransition, useEffect, useState } from 'react';

let firstScreenShown = false;

/**
 * For the app's very first screen: false during its first commit, then true from a task of its own.
 * A component renders what lies below the fold only once this is true, so the first commit (which
 * replaces index.html's static shell) stays small and the rest commits separately instead of in one
 * long main-thread task (docs/decisions/0007-boot-loads-the-app.md). Every later screen gets true at
 * once, so navigation and Back render in one pass as usual.
 */
export function useFirstScreenLater(): boolean {
  const [ready, setReady] = useState(() => firstScreenShown);
  useEffect(() => {
    firstScreenShown = true;
    if (ready) return;
    const timer = setTimeout(() => startTransition(() => setReady(true)), 0);
    return () => clearTimeout(timer);
  }, [ready]);
  return ready;
}
