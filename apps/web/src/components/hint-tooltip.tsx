import type Tooltip from '@mui/material/Tooltip';
import { cloneElement, useState, type ReactElement } from 'react';

// MUI's Tooltip brings Popper (about 10 KB compressed); the header's buttons show it on every
// screen, so its code loads on the first hover or focus instead of with the page
// (docs/performance.md, "First visit").
let loaded: typeof Tooltip | null = null;
const load = () =>
  import('@mui/material/Tooltip').then((module) => {
    loaded = module.default;
  });

interface Hooks {
  onPointerEnter?: () => void;
  onPointerLeave?: () => void;
  onFocus?: () => void;
  onBlur?: () => void;
}

interface HintTooltipProps {
  title: string;
  /** The control; it must carry its own accessible name (the hint is visual only). */
  children: ReactElement<Hooks>;
}

/**
 * A Tooltip whose code loads when first wanted. Wrapping the control in it re-creates the control's
 * element, which would swallow a click under way, so the wrap happens when the pointer leaves or
 * focus moves on: the first hover loads the code, the next ones show the hint.
 */
export function HintTooltip({ title, children }: HintTooltipProps) {
  const [Hint, setHint] = useState<typeof Tooltip | null>(() => loaded);
  if (Hint) return <Hint title={title}>{children}</Hint>;
  const done = () => {
    if (loaded) setHint(() => loaded);
  };
  return cloneElement(children, {
    onPointerEnter: () => void load().catch(() => undefined),
    onFocus: () => void load().catch(() => undefined),
    onPointerLeave: done,
    onBlur: done,
  });
}
