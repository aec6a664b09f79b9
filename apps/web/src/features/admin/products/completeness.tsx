import type { Completeness } from '@dalil/contracts/attributes';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import type { ListColumn } from '../../../components/list-kit';
import { useListParams } from '../../../components/list-kit-params';
import { useTranslation, type TFunction } from '../../../lib/i18n';

/** The language marks on the chips: the same in both page languages, like a language switch. */
const MARKS = { ar: 'ع', en: 'EN' } as const;

/**
 * The product list's Complete column: one small chip a language with the percent of required fields
 * and attributes filled in it (full in the success colour, short of it in the warning colour).
 */
export function completenessColumn<T extends { completeness: Completeness }>(
  t: TFunction,
  language: string,
): ListColumn<T> {
  const percent = new Intl.NumberFormat(language, { style: 'percent' });
  return {
    id: 'completeness',
    label: t('attributes.product.completeness'),
    render: (row) => (
      <Tooltip title={t('attributes.product.completenessHint', row.completeness)}>
        <Stack direction="row" spacing={0.5} sx={{ width: 'fit-content' }}>
          {(['ar', 'en'] as const).map((lang) => (
            <Chip
              key={lang}
              size="small"
              variant="outlined"
              color={row.completeness[lang] >= 100 ? 'success' : 'warning'}
              label={`${MARKS[lang]} ${percent.format(row.completeness[lang] / 100)}`}
            />
          ))}
        </Stack>
      </Tooltip>
    ),
  };
}

const BY_COMPLETENESS = ['incomplete'] as const;

/** The list's filter on products not yet complete in a language, kept in the address as `incomplete`. */
export function useIncompleteFilter() {
  const { t } = useTranslation();
  const { filters, setFilter } = useListParams(BY_COMPLETENESS);
  const control = (
    <TextField
      select
      size="small"
      label={t('attributes.product.incomplete')}
      value={filters.incomplete ?? ''}
      onChange={(event) => setFilter('incomplete', event.target.value)}
      sx={{ width: { xs: 'auto', sm: 200 }, flex: { xs: '1 1 120px', sm: '0 0 auto' } }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{t('attributes.product.anyCompleteness')}</MenuItem>
      <MenuItem value="ar">{t('attributes.product.incompleteAr')}</MenuItem>
      <MenuItem value="en">{t('attributes.product.incompleteEn')}</MenuItem>
    </TextField>
  );
  return { filterKeys: BY_COMPLETENESS, control };
}
