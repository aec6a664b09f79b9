import SearchOff from '@mui/icons-material/SearchOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from '../lib/i18n';
import { ListKitRowMenu, type ListRowLink } from './list-kit-row-menu';

export interface ListColumn<T> {
  id: string;
  label: string;
  render: (row: T) => ReactNode;
  /** Text direction of the cell's content (Arabic names stay RTL in an English layout). */
  dir?: 'rtl' | 'ltr' | 'auto';
}

interface ListKitTableProps<T extends { id: number }> {
  columns: ListColumn<T>[];
  rows: T[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  skeletonRows: number;
  skip: number;
  /** Left out: rows have no Edit. */
  editPath?: ((id: number) => string) | undefined;
  rowLabel: (row: T) => string;
  /** Left out when the account may not delete: the row menu then has no Delete. */
  onDelete: ((id: number) => void) | undefined;
  deleteRefusal?: ((row: T) => string | undefined) | undefined;
  rowLinks?: ((row: T) => ListRowLink[]) | undefined;
  /** Rows can be ticked for a bulk action: a box on each row and one in the head for the page. */
  ticking?:
    | {
        ticked: ReadonlySet<number>;
        /** Every matching row is chosen: every box shows ticked. */
        allMatching: boolean;
        tick: (ids: readonly number[], on: boolean) => void;
      }
    | undefined;
}

const headSx = {
  fontWeight: 700,
  color: 'text.secondary',
  bgcolor: 'action.hover',
  whiteSpace: 'nowrap',
} as const;

/** The rows: skeletons while loading, the empty-list text, or the data with running numbers. */
export function ListKitTable<T extends { id: number }>(props: ListKitTableProps<T>) {
  const { columns, rows, loading, failed, skip } = props;
  const { t } = useTranslation();
  const { ticking } = props;
  const span = columns.length + (ticking ? 3 : 2);
  const pageIds = rows?.map((row) => row.id) ?? [];
  const isTicked = (id: number) => Boolean(ticking && (ticking.allMatching || ticking.ticked.has(id)));
  const tickedOnPage = pageIds.filter(isTicked).length;
  return (
    <TableContainer>
      <Table size="medium" aria-busy={loading}>
        <TableHead>
          <TableRow>
            {ticking && (
              <TableCell padding="checkbox" sx={headSx}>
                <Checkbox
                  checked={pageIds.length > 0 && tickedOnPage === pageIds.length}
                  indeterminate={tickedOnPage > 0 && tickedOnPage < pageIds.length}
                  disabled={loading || pageIds.length === 0}
                  onChange={(event) => ticking.tick(pageIds, event.target.checked)}
                  slotProps={{ input: { 'aria-label': t('bulk.tickPage') } }}
                />
              </TableCell>
            )}
            <TableCell sx={{ ...headSx, width: 72 }}>{t('admin.list.id')}</TableCell>
            {columns.map((column) => (
              <TableCell key={column.id} sx={headSx}>
                {column.label}
              </TableCell>
            ))}
            <TableCell align="right" sx={{ ...headSx, width: 96 }}>
              {t('admin.list.actions')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {loading &&
            Array.from({ length: props.skeletonRows }, (_, i) => (
              <TableRow key={`skeleton-${i}`} data-testid="skeleton-row">
                {ticking && <TableCell padding="checkbox" />}
                <TableCell>
                  <Skeleton width={24} />
                </TableCell>
                {columns.map((column) => (
                  <TableCell key={column.id}>
                    <Skeleton width={`${55 + ((i * 7) % 30)}%`} />
                  </TableCell>
                ))}
                <TableCell align="right">
                  <Skeleton variant="circular" width={28} height={28} sx={{ display: 'inline-block' }} />
                </TableCell>
              </TableRow>
            ))}
          {failed && !loading && (
            <TableRow>
              <TableCell colSpan={span}>
                <Alert
                  severity="error"
                  action={
                    <Button color="inherit" size="small" onClick={props.onRetry}>
                      {t('admin.list.retry')}
                    </Button>
                  }
                >
                  {t('admin.list.loadFailed')}
                </Alert>
              </TableCell>
            </TableRow>
          )}
          {!loading && !failed && rows?.length === 0 && (
            <TableRow>
              <TableCell colSpan={span} sx={{ borderBottom: 0 }}>
                <Box sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>
                  <SearchOff sx={{ fontSize: 40, mb: 1, opacity: 0.6 }} />
                  <Typography sx={{ fontWeight: 500, color: 'text.primary' }}>
                    {t('admin.list.noResults')}
                  </Typography>
                  <Typography variant="body2">{t('admin.list.noResultsHint')}</Typography>
                </Box>
              </TableCell>
            </TableRow>
          )}
          {!loading &&
            rows?.map((row, index) => (
              <TableRow key={row.id} hover selected={isTicked(row.id)}>
                {ticking && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={isTicked(row.id)}
                      onChange={(event) => ticking.tick([row.id], event.target.checked)}
                      slotProps={{ input: { 'aria-label': t('bulk.tick', { name: props.rowLabel(row) }) } }}
                    />
                  </TableCell>
                )}
                <TableCell sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}>
                  {skip + index + 1}
                </TableCell>
                {columns.map((column) => (
                  <TableCell key={column.id} dir={column.dir}>
                    {column.render(row)}
                  </TableCell>
                ))}
                <TableCell align="right" sx={{ py: 0.5 }}>
                  <ListKitRowMenu
                    label={props.rowLabel(row)}
                    editTo={props.editPath?.(row.id)}
                    onDelete={props.onDelete && (() => props.onDelete?.(row.id))}
                    deleteRefusal={props.deleteRefusal?.(row)}
                    links={props.rowLinks?.(row)}
                  />
                </TableCell>
              </TableRow>
            ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
