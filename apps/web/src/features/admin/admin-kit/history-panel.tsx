import type { Activity, ActivityList, ActivityQuery } from '@dalil/contracts/activity';
import { REVERTIBLE_ENTITIES } from '@dalil/contracts/admin-resources';
import { API_PATHS, withParams } from '@dalil/contracts/api-paths';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { apiRequest } from '../../../lib/api-client';
import { useTranslation, type TFunction } from '../../../lib/i18n';
import { reportError, useNotifications } from '../../../lib/notifications-store';
import { paths } from '../../../lib/paths';
import { ActorName } from './actor-name';
import { HistoryChanges } from './history-changes';
import { fieldLabel, recordLabel } from './history-labels';
import type { Language } from '../../../lib/preferences-store';

/** Entries a Revert puts back: a record's own create, update, delete or revert (not an import's). */
// The entities come from the resource declarations (`history.revertible`), as the server's targets do.
const REVERTIBLE_ACTIONS = ['create', 'update', 'delete', 'revert'];
const revertible = (entry: Activity) =>
  (REVERTIBLE_ENTITIES as readonly string[]).includes(entry.entity) &&
  REVERTIBLE_ACTIONS.includes(entry.action) &&
  entry.entityId !== null;
/** An image load is undone whole, from its own entry (the server refuses if a photo changed since). */
const undoable = (entry: Activity) =>
  entry.entity === 'imageJob' && entry.action === 'import' && entry.entityId !== null;

/** What reverting an entry will do, in words: the record and the fields that go back. */
function revertText(t: TFunction, language: Language, entry: Activity, when: string): string {
  const record = recordLabel(t, language, entry);
  if (undoable(entry)) return t('admin.history.undoImagesText', { record, when });
  if (entry.action === 'create') return t('admin.history.revertCreate', { record });
  if (entry.action === 'delete') return t('admin.history.revertDelete', { record });
  const fields = Object.keys(entry.changes)
    .map((field) => fieldLabel(t, field))
    .join(t('admin.users.separator'));
  return `${t('admin.history.revertText', { record, when })} ${t('admin.history.revertFields', { fields })}`;
}

/**
 * A page of the history, newest first, each entry a card (it fits a phone): when, who, what was done
 * to which record (by name), the field-level differences, and Revert, which asks first, naming the
 * record and the fields (the server refuses, naming the fields, when they changed again since).
 */
export function HistoryPanel({ filters }: { filters: Omit<ActivityQuery, 'limit' | 'skip'> }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const client = useQueryClient();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(10);
  const [asking, setAsking] = useState<Activity | null>(null);
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
    onSettled: () => setAsking(null),
  });
  const undo = useMutation({
    mutationFn: (id: number) =>
      apiRequest(withParams(API_PATHS.uploadImagesUndo, { id }), { method: 'POST' }),
    onSuccess: () => {
      useNotifications.getState().show({ severity: 'success', messageKey: 'admin.history.undone' });
      void client.invalidateQueries();
    },
    onError: reportError,
    onSettled: () => setAsking(null),
  });
  const when = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const entries = list.data?.data ?? [];
  return (
    <Box>
      <Stack
        component="ul"
        aria-label={t('admin.history.title')}
        spacing={1.5}
        sx={{ p: 0, m: 0, listStyle: 'none' }}
      >
        {entries.map((entry) => {
          const family = entry.familyName
            ? language === 'ar'
              ? entry.familyName.ar
              : entry.familyName.en
            : null;
          return (
            <Paper
              component="li"
              variant="outlined"
              key={entry.id}
              aria-label={recordLabel(t, language, entry)}
              sx={{ p: 2, borderRadius: 3 }}
            >
              <Stack
                direction="row"
                useFlexGap
                sx={{ flexWrap: 'wrap', columnGap: 1.5, rowGap: 1, alignItems: 'baseline', mb: 1 }}
              >
                <Typography
                  sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 0, flex: '1 1 12rem' }}
                >
                  {t(`admin.history.actions.${entry.action}`)} · {recordLabel(t, language, entry)}
                </Typography>
                {(revertible(entry) || undoable(entry)) && (
                  <Button
                    size="small"
                    variant="outlined"
                    disabled={revert.isPending || undo.isPending}
                    onClick={() => setAsking(entry)}
                  >
                    {undoable(entry) ? t('admin.history.undo') : t('admin.history.revert')}
                  </Button>
                )}
              </Stack>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
                {when.format(new Date(entry.at))} · <ActorName actor={entry.actor} />
                {family && (
                  <>
                    {' · '}
                    {t('admin.history.family')}: <bdi>{family}</bdi>
                  </>
                )}
              </Typography>
              <HistoryChanges entry={entry} />
              {entry.import && (
                <Link component={RouterLink} to={paths.imports} variant="body2" dir="auto">
                  {t('admin.history.openImport')}: {entry.import.fileName}
                </Link>
              )}
            </Paper>
          );
        })}
        {list.isSuccess && entries.length === 0 && (
          <Typography component="li" color="text.secondary">
            {t('admin.history.empty')}
          </Typography>
        )}
      </Stack>
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
        sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', px: 0 } }}
      />
      <ConfirmDialog
        open={asking !== null}
        title={
          asking && undoable(asking) ? t('admin.history.undoImagesTitle') : t('admin.history.revertTitle')
        }
        text={asking ? revertText(t, language, asking, when.format(new Date(asking.at))) : ''}
        confirmLabel={asking && undoable(asking) ? t('admin.history.undo') : t('admin.history.revert')}
        busy={revert.isPending || undo.isPending}
        onConfirm={() => {
          if (!asking) return;
          if (undoable(asking)) undo.mutate(asking.entityId!);
          else revert.mutate(asking.id);
        }}
        onClose={() => setAsking(null)}
      />
    </Box>
  );
}
