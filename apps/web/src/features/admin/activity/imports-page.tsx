import { API_PATHS, withParams } from '@dalil/contracts/api-paths';
import type { ImportRun, ImportRunList } from '@dalil/contracts/import-runs';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { apiRequest } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/i18n';
import { reportError, useNotifications } from '../../../lib/notifications-store';
import { countOf } from '../../../lib/plural';
import { feedRunText, importCountList } from '../admin-kit/import-counts';

/**
 * The imports that wrote to the catalogue, newest first, each as a card (it fits a phone) with
 * "Undo import"; a scheduled feed's failed run says why, and has nothing to undo. Undoing asks first, naming the file and what it would take back; rows changed since
 * the import are left as they are only when the person agrees to it in a second question.
 */
export function ImportsPage() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [asking, setAsking] = useState<ImportRun | null>(null);
  const [conflicts, setConflicts] = useState<{ id: number; count: number } | null>(null);
  const list = useQuery({
    queryKey: ['imports'],
    queryFn: ({ signal }) => apiRequest<ImportRunList>(API_PATHS.imports, { query: { limit: 100 }, signal }),
  });
  const undo = useMutation({
    mutationFn: ({ id, skip }: { id: number; skip: boolean }) =>
      apiRequest(withParams(API_PATHS.importUndo, { id }), {
        method: 'POST',
        query: skip ? { skipConflicts: 'true' } : {},
      }),
    onSuccess: () => {
      setAsking(null);
      setConflicts(null);
      useNotifications.getState().show({ severity: 'success', messageKey: 'admin.imports.undoDone' });
      void client.invalidateQueries();
    },
    onError: (error, { id }) => {
      setAsking(null);
      const details = isApiError(error) ? error.body?.details : undefined;
      if (isApiError(error) && error.status === 409 && details?.length)
        setConflicts({ id, count: details.length });
      else reportError(error);
    },
  });
  const language = i18n.language;
  const when = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  // A bulk change set (the API's or the product list's) has no file of its own.
  const nameOf = (run: ImportRun) => (run.kind === 'bulk' ? t('admin.imports.bulkChange') : run.fileName);
  const listOf = (run: ImportRun, kind: 'created' | 'updated' | 'deleted') =>
    importCountList(t, language, run.counts, kind);
  const rows = list.data?.data ?? [];
  const confirmText = (run: ImportRun) =>
    [
      t('admin.imports.confirmText', { file: nameOf(run), when: when.format(new Date(run.at)) }),
      listOf(run, 'created') && t('admin.imports.confirmCreated', { list: listOf(run, 'created') }),
      listOf(run, 'updated') && t('admin.imports.confirmUpdated', { list: listOf(run, 'updated') }),
      listOf(run, 'deleted') && t('admin.imports.confirmDeleted', { list: listOf(run, 'deleted') }),
    ]
      .filter(Boolean)
      .join(' ');
  return (
    <Stack
      component="ul"
      aria-label={t('pages.imports')}
      spacing={1.5}
      sx={{ p: 0, m: 0, listStyle: 'none' }}
    >
      {rows.map((run) => (
        <Paper component="li" variant="outlined" key={run.id} sx={{ p: 2, borderRadius: 3 }}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
          >
            <Stack spacing={0.5} sx={{ minWidth: 0 }}>
              <Typography
                dir="auto"
                sx={{ fontWeight: 600, overflowWrap: 'anywhere', unicodeBidi: 'isolate' }}
              >
                {nameOf(run)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {when.format(new Date(run.at))} ·{' '}
                {run.feed ? (
                  // A scheduled feed's run: the server names it "feed: <host>".
                  t('feeds.byFeed', { host: `\u2068${run.actor.username.replace(/^feed: /, '')}\u2069` })
                ) : (
                  <bdi>{run.actor.username}</bdi>
                )}
              </Typography>
              {run.failure ? (
                <Typography variant="body2" color="error" dir="auto" sx={{ overflowWrap: 'anywhere' }}>
                  {t('feeds.text.failedRun', {
                    reason: feedRunText(t, language, {
                      message: run.failure,
                      code: run.failureCode,
                      params: run.failureParams,
                    }),
                  })}
                </Typography>
              ) : (
                <Typography variant="body2">
                  {listOf(run, 'created') || listOf(run, 'updated') || listOf(run, 'deleted')
                    ? [
                        listOf(run, 'created') &&
                          t('admin.imports.created', { list: listOf(run, 'created') }),
                        listOf(run, 'updated') &&
                          t('admin.imports.updated', { list: listOf(run, 'updated') }),
                        listOf(run, 'deleted') &&
                          t('admin.imports.deleted', { list: listOf(run, 'deleted') }),
                      ]
                        .filter(Boolean)
                        .join(' · ')
                    : t('admin.imports.nothing')}
                </Typography>
              )}
            </Stack>
            {run.failure ? null : run.undoneAt ? (
              <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
                {t('admin.imports.undone')}
              </Typography>
            ) : (
              <Button
                variant="outlined"
                size="small"
                disabled={undo.isPending}
                onClick={() => setAsking(run)}
                sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
              >
                {t('admin.imports.undo')}
              </Button>
            )}
          </Stack>
        </Paper>
      ))}
      {list.isSuccess && rows.length === 0 && (
        <Typography component="li" color="text.secondary">
          {t('admin.imports.empty')}
        </Typography>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={t('admin.imports.confirmTitle')}
        text={asking ? confirmText(asking) : ''}
        confirmLabel={t('admin.imports.undo')}
        busy={undo.isPending}
        onConfirm={() => asking && undo.mutate({ id: asking.id, skip: false })}
        onClose={() => setAsking(null)}
      />
      <ConfirmDialog
        open={conflicts !== null}
        title={t('admin.imports.conflictsTitle')}
        text={t('admin.imports.conflictsText', {
          rows: countOf(t, language, 'rows', conflicts?.count ?? 0),
        })}
        confirmLabel={t('admin.imports.skipAndUndo')}
        busy={undo.isPending}
        onConfirm={() => conflicts && undo.mutate({ id: conflicts.id, skip: true })}
        onClose={() => setConflicts(null)}
      />
    </Stack>
  );
}
