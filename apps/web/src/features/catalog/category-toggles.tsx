import type { Category } from '@dalil/contracts/categories';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useEffect, useRef } from 'react';
import { countOf } from '../../lib/plural';
import { useTranslation } from '../../lib/i18n';
import { mediaUrl } from '../../lib/media';
import { usePreferences } from '../../lib/preferences-store';
import { useSidewaysWheel } from '../../lib/use-sideways-wheel';
import { MoreCategories } from './category-more';

interface CategoryTogglesProps {
  categories: Category[] | undefined;
  value: number | null;
  onChange: (category: number | null) => void;
  /** Products matching the current text in each category; categories without any are dimmed. */
  counts?: ReadonlyMap<number, number> | undefined;
  /** The group's accessible name; the categories row by default (a second row lists sub-categories). */
  label?: string;
  /** The server has more categories for this row: its end loads them. */
  hasMore?: boolean;
  loadingMore?: boolean;
  onMore?: () => void;
}

/** The category's logo, small and decorative (the toggle is named by its text). */
function Logo({ name }: { name: string }) {
  return (
    <Box
      component="img"
      src={mediaUrl(name, 160)}
      alt=""
      loading="lazy"
      sx={{ width: 22, height: 22, borderRadius: '50%', objectFit: 'cover', mr: 1, flex: 'none' }}
    />
  );
}

/**
 * A toggle's product count, in the toggle's own colours. Hidden from the accessible name (the toggle
 * is named by its category); its title reads the count.
 */
function Count({ n }: { n: number }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        ml: 1,
        px: 0.75,
        borderRadius: 5,
        fontSize: '0.8em',
        bgcolor: 'action.selected',
        lineHeight: 1.6,
      }}
    >
      {n.toLocaleString()}
    </Box>
  );
}

const ALL = 'all';
/** A category with no match: quieter text and a dashed outline (still legible, still choosable). */
const DIMMED = { color: 'text.secondary', borderStyle: 'dashed !important' } as const;

/**
 * A horizontal row of category toggles that scrolls sideways (from the right in Arabic), also with a
 * mouse wheel; choosing the active one clears it. A row with more on the server ends in a toggle that loads them.
 */
export function CategoryToggles(props: CategoryTogglesProps) {
  const { categories, value, onChange, counts, label, hasMore, loadingMore = false, onMore } = props;
  const { t } = useTranslation();
  const language = usePreferences((s) => s.language);
  const scroller = useRef<HTMLDivElement>(null);
  const group = useRef<HTMLDivElement>(null);
  // The toggle to focus when the next page arrives: the person pressed "more", which then goes away
  // or moves on; they continue at the first new category.
  const focusFrom = useRef<number | null>(null);
  const count = categories?.length ?? 0;
  useSidewaysWheel(scroller, categories !== undefined);
  const more = (focused: boolean) => {
    if (loadingMore || !onMore) return;
    focusFrom.current = focused ? count : null;
    onMore();
  };
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || count <= from) return;
    focusFrom.current = null;
    // The first toggle is "All".
    group.current?.querySelectorAll('button')[from + 1]?.focus();
  }, [count]);
  if (!categories) {
    return (
      <Box sx={{ display: 'flex', gap: 1, height: 40 }} aria-hidden>
        {[96, 120, 88, 140].map((w) => (
          <Skeleton key={w} variant="rounded" width={w} height={40} sx={{ borderRadius: 5 }} />
        ))}
      </Box>
    );
  }
  return (
    <Box
      ref={scroller}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        overflowX: 'auto',
        overscrollBehaviorX: 'contain',
        mx: { xs: -2, sm: 0 },
        px: { xs: 2, sm: 0 },
        pb: 0.5,
        scrollbarWidth: 'thin',
      }}
    >
      <ToggleButtonGroup
        ref={group}
        exclusive
        aria-busy={loadingMore || undefined}
        value={value === null ? ALL : String(value)}
        onChange={(_event, next: string | null) =>
          onChange(next === null || next === ALL ? null : Number(next))
        }
        aria-label={label ?? t('catalog.main.categories')}
        sx={{
          flex: 'none',
          gap: 1,
          flexWrap: 'nowrap',
          '& .MuiToggleButtonGroup-grouped': {
            border: 1,
            borderColor: 'divider',
            borderRadius: '999px !important',
            m: 0,
            px: 2.25,
            py: 0.75,
            whiteSpace: 'nowrap',
            bgcolor: 'background.paper',
            color: 'text.primary',
            fontWeight: 500,
            textTransform: 'none',
          },
          '& .MuiToggleButton-root.Mui-selected, & .MuiToggleButton-root.Mui-selected:hover': {
            bgcolor: (theme) =>
              theme.palette.mode === 'light' ? theme.palette.primary.dark : theme.palette.primary.main,
            color: 'primary.contrastText',
            borderColor: 'transparent',
          },
        }}
      >
        <ToggleButton value={ALL}>{t('catalog.main.allCategories')}</ToggleButton>
        {categories.map((category) => {
          const n = counts?.get(category.id) ?? 0;
          return (
            <ToggleButton
              key={category.id}
              value={String(category.id)}
              lang={language}
              sx={counts && n === 0 && value !== category.id ? DIMMED : undefined}
              title={counts ? countOf(t, language, 'products', n) : undefined}
            >
              {category.logo && <Logo name={category.logo} />}
              {category.name[language]}
              {counts && <Count n={n} />}
            </ToggleButton>
          );
        })}
      </ToggleButtonGroup>
      {hasMore && <MoreCategories scroller={scroller} loading={loadingMore} onMore={more} />}
    </Box>
  );
}
