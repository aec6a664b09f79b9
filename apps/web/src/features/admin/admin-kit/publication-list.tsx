import type { ShownStatus } from '@dalil/contracts/publication';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useListParams } from '../../../components/list-kit-params';
import type { ListColumn } from '../../../components/list-kit';
import { useTranslation, type TFunction } from '../../../lib/i18n';

/**
 * A list's Status column: a chip on drafts, and on scheduled drafts (as the server shows a draft whose
 * publish date is ahead) with the date they become published.
 */
export function statusColumn<T extends { status: ShownStatus; publishAt: string | null }>(
  t: TFunction,
  language: string,
): ListColumn<T> {
  return {
    id: 'status',
    label: t('admin.list.status'),
    render: (row) =>
      row.status !== 'published' ? (
        <Chip
          size="small"
          color="warning"
          variant="outlined"
          label={
            row.status === 'draft' || row.publishAt === null
              ? t('admin.list.draft')
              : t('admin.list.scheduled', {
                  date: new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
                    new Date(row.publishAt),
                  ),
                })
          }
        />
      ) : null,
  };
}

const BY_STATUS = ['status'] as const;

/** A list's status filter (draft or published, empty for any): spread `filterKeys`, show `control`. */
export function useStatusFilter() {
  const { t } = useTranslation();
  const { filters, setFilter } = useListParams(BY_STATUS);
  const control = (
    <TextField
      select
      size="small"
      label={t('admin.list.status')}
      value={filters.status ?? ''}
      onChange={(event) => setFilter('status', event.target.value)}
      sx={{ width: { xs: 'auto', sm: 160 }, flex: { xs: '1 1 120px', sm: '0 0 auto' } }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{t('admin.list.allStatuses')}</MenuItem>
      <MenuItem value="draft">{t('admin.list.draft')}</MenuItem>
      <MenuItem value="published">{t('admin.list.published')}</MenuItem>
    </TextField>
  );
  return { filterKeys: BY_STATUS, control };
}
