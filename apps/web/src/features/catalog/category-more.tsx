import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from '../../lib/i18n';

interface MoreCategoriesProps {
  /** The row's scroll container: the toggle loads the next page as it comes within reach there. */
  scroller: RefObject<HTMLElement | null>;
  loading: boolean;
  /** Asks for the next page; `focused` when the person was on this toggle (focus moves on to it). */
  onMore: (focused: boolean) => void;
}

/** How far before the row's end (either side, so in both directions) the next page is asked for. */
const AHEAD = '0px 240px';

/**
 * The end of a category row that has more on the server: the next page loads as the person scrolls
 * (or tabs) to it, or when the toggle is pressed (Enter or Space, or a tap).
 */
export function MoreCategories({ scroller, loading, onMore }: MoreCategoriesProps) {
  const { t } = useTranslation();
  const button = useRef<HTMLButtonElement>(null);
  // The observer outlives renders; it calls the latest onMore.
  const latest = useRef(onMore);
  useEffect(() => {
    latest.current = onMore;
  });

  useEffect(() => {
    const root = scroller.current;
    const target = button.current;
    if (loading || !root || !target || typeof IntersectionObserver === 'undefined') return;
    // Observed afresh after each page: still in reach once the page has arrived loads the next one.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current(document.activeElement === target);
      },
      { root, rootMargin: AHEAD },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [scroller, loading]);

  return (
    <Button
      ref={button}
      variant="outlined"
      aria-disabled={loading || undefined}
      onClick={() => {
        if (!loading) onMore(true);
      }}
      startIcon={loading ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
      sx={{
        flex: 'none',
        borderRadius: 999,
        // Solid and in the link colour: a dashed outline marks a category without matches.
        borderColor: 'divider',
        color: 'primary.main',
        bgcolor: 'background.paper',
        px: 2.25,
        py: 0.75,
        whiteSpace: 'nowrap',
        textTransform: 'none',
        fontWeight: 500,
      }}
    >
      {t('catalog.main.moreCategories')}
    </Button>
  );
}
