import type { Activity, ActivityList, ActivityQuery } from '@dalil/contracts/activity';
import { API_PATHS, withParams } from '@dalil/contracts/api-paths';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { apiRequest } from '../../lib/api-client';
import { reportError, useNotifications } from '../../lib/notifications-store';
import { paths } from '../../lib/paths';

/** Entries a Revert puts back: a record's own create, update, delete or revert (not an import's). */
const REVERTIBLE_ENTITIES = ['family', 'category', 'product', 'synonym'];
const REVERTIBLE_ACTIONS = ['create', 'update', 'delete', 'revert'];
const revertible = (entry: Activity) =>
  REVERTIBLE_ENTITIES.includes(entry.entity) && REVERTIBLE_ACTIONS.includes(entry.action);
/** An image load is undone whole, from its own entry (the server refuses if a photo changed since). */
const undoable = (entry: Activity) => entry.entity === 'imageJob' && entry.action === 'import';

const show = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? '—'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

/** Each changed field of an entry: its name, the value before and after. */
function Changes({ entry }: { entry: Activity }) {
  const { t } = useTranslation();
  // Each value is isolated (its own direction, Arabic or Latin), so the arrow always points from the
  // value before to the value after in the page's reading direction.
  const arrow = useTheme().direction === 'rtl' ? ' ← ' : ' → ';
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25 }}
    >
      {Object.entries(entry.changes).map(([field, change]) => (
        <Box key={field} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
            {t(`admin.fields.${field}`, { defaultValue: field })}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            <Box
              component="del"
              dir="auto"
              sx={{ color: 'error.main', unicodeBidi: 'isolate' }}
              aria-label={t('admin.history.before')}
            >
              {show(change.before)}
            </Box>
            {arrow}
            <Box
              component="ins"
              dir="auto"
              sx={{ color: 'success.main', textDecoration: 'none', unicodeBidi: 'isolate' }}
              aria-label={t('admin.history.after')}
            >
              {show(change.after)}
            </Box>
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * A page of the history, newest first, with each entry's field-level differences and a Revert
 * button (the server refuses, naming the fields, when they changed again since).
 */
export function HistoryPanel({ filters }: { filters: Omit<ActivityQuery, 'limit' | 'skip'> }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(10);
  const query = { ...filters, limit: pageSize, skip: page * pageSize } as Record<
    string,
    string | number | undefined
  >;
  const list = useQuery({
    queryKey: ['activity', query],
    queryFn: ({ signal }) => apiRequest<ActivityList>(API_PATHS.activity, { query, signal }),
  });
  const revert = useMutation({
    mutationFn: (id: number) =>
      apiRequest<Activity>(withParams(API_PATHS.activityRevert, { id }), { method: 'POST' }),
    onSuccess: () => {
      useNotifications.getState().show({ severity: 'success', messageKey: 'admin.history.reverted' });
      void client.invalidateQueries();
    },
    onError: reportError,
  });
  const undo = useMutation({
    mutationFn: (id: number) =>
      apiRequest(withParams(API_PATHS.uploadImagesUndo, { id }), { method: 'POST' }),
    onSuccess: () => {
      useNotifications.getState().show({ severity: 'success', messageKey: 'admin.history.undone' });
      void client.invalidateQueries();
    },
    onError: reportError,
  });
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const entries = list.data?.data ?? [];
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('admin.history.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('admin.history.when')}</TableCell>
            <TableCell>{t('admin.history.who')}</TableCell>
            <TableCell>{t('admin.history.action')}</TableCell>
            <TableCell>{t('admin.history.entity')}</TableCell>
            <TableCell>{t('admin.history.changes')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => (
            <TableRow key={entry.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{when.format(new Date(entry.at))}</TableCell>
              <TableCell>{entry.actor.username}</TableCell>
              <TableCell>{t(`admin.history.actions.${entry.action}`)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {t(`admin.history.entities.${entry.entity}`)} {entry.entityId ?? ''}
              </TableCell>
              <TableCell>
                <Changes entry={entry} />
                {entry.import && (
                  <Link component={RouterLink} to={paths.imports} variant="body2" dir="auto">
                    {t('admin.history.openImport')}: {entry.import.fileName}
                  </Link>
                )}
              </TableCell>
              <TableCell>
                {revertible(entry) && (
                  <Button size="small" disabled={revert.isPending} onClick={() => revert.mutate(entry.id)}>
                    {t('admin.history.revert')}
                  </Button>
                )}
                {undoable(entry) && entry.entityId !== null && (
                  <Button size="small" disabled={undo.isPending} onClick={() => undo.mutate(entry.entityId!)}>
                    {t('admin.history.undo')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
          {list.isSuccess && entries.length === 0 && (
            <TableRow>
              <TableCell colSpan={6}>{t('admin.history.empty')}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={list.data?.count ?? 0}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[10, 25, 50, 100]}
        labelRowsPerPage={t('admin.list.rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) => t('admin.list.displayedRows', { from, to, count })}
        onPageChange={(_, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setPageSize(Number(event.target.value));
          setPage(0);
        }}
      />
    </Box>
  );
}
