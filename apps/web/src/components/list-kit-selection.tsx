import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from '../lib/i18n';
import { countOf, type CountedNoun } from '../lib/plural';
import type { ListSelectionState } from './list-kit-selection-state';

interface SelectionBarProps {
  state: ListSelectionState;
  /** The rows on the page shown. */
  pageIds: readonly number[];
  matching: number;
  /** What the rows are, for "30 products selected". */
  noun: CountedNoun;
  /** The actions on the selection (change, move, delete). */
  actions: ReactNode;
}

/**
 * The bar over a list with ticked rows: how many, "Select all N matching" once the whole page is
 * ticked and more rows match, Clear, and the actions.
 */
export function SelectionBar({ state, pageIds, matching, noun, actions }: SelectionBarProps) {
  const { t, i18n } = useTranslation();
  const { selection, ticked } = state;
  if (selection.count === 0) return null;
  const wholePage = pageIds.length > 0 && pageIds.every((id) => ticked.has(id));
  const items = (n: number) => countOf(t, i18n.language, noun, n);
  return (
    <Paper
      variant="outlined"
      role="region"
      aria-label={t('bulk.region')}
      sx={{ px: 2, py: 1, borderRadius: 3, bgcolor: 'action.selected' }}
    >
      <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <Typography sx={{ fontWeight: 600 }} aria-live="polite">
          {selection.allMatching
            ? t('bulk.allMatching', { items: items(matching) })
            : t('bulk.selected', { items: items(selection.count) })}
        </Typography>
        {!selection.allMatching && wholePage && matching > ticked.size && (
          <Button size="small" onClick={state.selectAllMatching}>
            {t('bulk.selectAllMatching', { items: items(matching) })}
          </Button>
        )}
        <Button size="small" color="inherit" onClick={selection.clear}>
          {t('bulk.clear')}
        </Button>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, marginInlineStart: 'auto' }}>
          {actions}
        </Stack>
      </Stack>
    </Paper>
  );
}
