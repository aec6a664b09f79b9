import Add from '@mui/icons-material/Add';
import { ADMIN_PAGE_SIZE_OPTIONS } from '@dalil/contracts/constants';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../lib/i18n';
import { Link } from 'react-router';
import type { Access, CrudOperation } from '@dalil/contracts/resources';
import { mayUse, useAccount } from '../lib/account';
import type { CountedNoun } from '../lib/plural';
import type { ListDeletion } from './list-kit-delete';
import { ListKitDelete } from './list-kit-delete';
import { skipOf, useListParams } from './list-kit-params';
import type { ListRowLink } from './list-kit-row-menu';
import { ListKitSearch } from './list-kit-search';
import { ListKitTable, type ListColumn } from './list-kit-table';
import { SelectionBar } from './list-kit-selection';
import { useListSelection, type ListSelection } from './list-kit-selection-state';

export type { ListColumn } from './list-kit-table';

export interface ListQuery {
  limit: number;
  skip: number;
  search?: string;
  [filter: string]: string | number | undefined;
}

interface ListPage<T> {
  data: T[];
  count: number;
}

export interface ListKitProps<T extends { id: number }> {
  /** Query-key root; every write invalidates all cached lists anyway. */
  resource: string;
  columns: ListColumn<T>[];
  fetchPage: (query: ListQuery, signal: AbortSignal) => Promise<ListPage<T>>;
  /** URL query keys passed to fetchPage as filters (family, category). */
  filterKeys?: readonly string[];
  /** Filter controls for the toolbar; they read and write the same URL keys. */
  filters?: ReactNode;
  createPath: string;
  createLabel: string;
  /** Left out: a record that is never changed, with no Edit in its row menu. */
  editPath?: (id: number) => string;
  rowLabel: (row: T) => string;
  /** Left out: rows have no Delete (an API key is revoked instead, through its own row action). */
  deletion?: ListDeletion;
  /** Who the server lets create and delete; the list offers neither to anyone else. */
  access?: Partial<Record<CrudOperation, Access>>;
  /** Why this row cannot be deleted (your own account, the guest account): Delete is shown disabled with it. */
  deleteRefusal?: (row: T) => string | undefined;
  /** Row menu entries of this resource's own, between Edit and Delete. */
  rowLinks?: (row: T) => ListRowLink[];
  /**
   * Rows can be ticked, on any page or all matching at once; `actions` are what can be done to them
   * (shown over the list while any are ticked), and `noun` names them.
   */
  bulk?: { noun: CountedNoun; actions: (selection: ListSelection) => ReactNode };
}

/**
 * The one admin list, configured per resource: columns with a running number, search, paging (sizes
 * 10/25/50/100, skip = page size x page index), skeleton rows as many as the page size, a row menu.
 */
export function ListKit<T extends { id: number }>(props: ListKitProps<T>) {
  const { resource, columns, fetchPage, filterKeys = [], filters, deletion } = props;
  const { t } = useTranslation();
  const account = useAccount();
  const mayCreate = mayUse(account, props.access?.create ?? 'staff');
  const mayDelete = deletion !== undefined && mayUse(account, props.access?.delete ?? 'staff');
  const params = useListParams(filterKeys);
  const { pageIndex, pageSize, search, setPage } = params;
  const skip = skipOf(params);
  const query: ListQuery = { limit: pageSize, skip, search: search || undefined };
  for (const key of filterKeys) query[key] = params.filters[key] || undefined;
  const list = useQuery({
    queryKey: [resource, 'list', query],
    queryFn: ({ signal }) => fetchPage(query, signal),
  });
  const [deleting, setDeleting] = useState<number | null>(null);
  const count = list.data?.count ?? 0;
  const { limit: _limit, skip: _skip, ...matchingQuery } = query;
  const selection = useListSelection(matchingQuery, count);
  const pageIds = list.data?.data.map((row) => row.id) ?? [];

  // After a delete empties the last page, step back to the page that now is the last.
  useEffect(() => {
    if (list.data && list.data.data.length === 0 && count > 0 && pageIndex > 0) {
      setPage(Math.max(0, Math.ceil(count / pageSize) - 1));
    }
  }, [list.data, count, pageIndex, pageSize, setPage]);

  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center', justifyContent: 'space-between' }}
      >
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, flex: '1 1 auto', alignItems: 'center' }}>
          <ListKitSearch value={search} onSearch={params.setSearch} />
          {filters}
        </Stack>
        {mayCreate && (
          <Button component={Link} to={props.createPath} variant="contained" startIcon={<Add />}>
            {props.createLabel}
          </Button>
        )}
      </Stack>
      {props.bulk && (
        <SelectionBar
          state={selection}
          pageIds={pageIds}
          matching={count}
          noun={props.bulk.noun}
          actions={props.bulk.actions(selection.selection)}
        />
      )}
      <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
        <ListKitTable
          columns={columns}
          rows={list.data?.data}
          loading={list.isPending}
          failed={list.isError}
          onRetry={() => void list.refetch()}
          skeletonRows={pageSize}
          skip={skip}
          editPath={props.editPath}
          rowLabel={props.rowLabel}
          onDelete={mayDelete ? setDeleting : undefined}
          deleteRefusal={props.deleteRefusal}
          rowLinks={props.rowLinks}
          ticking={
            props.bulk && {
              ticked: selection.ticked,
              allMatching: selection.selection.allMatching,
              tick: selection.tick,
            }
          }
        />
        <TablePagination
          component="div"
          count={count}
          page={count === 0 ? 0 : Math.min(pageIndex, Math.max(0, Math.ceil(count / pageSize) - 1))}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[...ADMIN_PAGE_SIZE_OPTIONS]}
          onPageChange={(_event, page) => setPage(page)}
          onRowsPerPageChange={(event) => params.setPageSize(Number(event.target.value))}
          labelRowsPerPage={t('admin.list.rowsPerPage')}
          labelDisplayedRows={({ from, to, count: total }) =>
            t('admin.list.displayedRows', { from, to, count: total })
          }
          sx={{ borderTop: 1, borderColor: 'divider' }}
        />
      </Paper>
      {deleting !== null && deletion && (
        <ListKitDelete
          resource={resource}
          id={deleting}
          deletion={deletion}
          onClose={() => setDeleting(null)}
        />
      )}
    </Stack>
  );
}
