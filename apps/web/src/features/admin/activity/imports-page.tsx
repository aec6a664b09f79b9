import { API_PATHS, withParams } from '@dalil/contracts/api-paths';
import type { ImportRunList } from '@dalil/contracts/import-runs';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { apiRequest } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { reportError, useNotifications } from '../../../lib/notifications-store';

/** The imports that wrote to the catalogue, newest first, each with Undo. */
export function ImportsPage() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
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
      setConflicts(null);
      useNotifications.getState().show({ severity: 'success', messageKey: 'admin.imports.undoDone' });
      void client.invalidateQueries();
    },
    onError: (error, { id }) => {
      const details = isApiError(error) ? error.body?.details : undefined;
      if (isApiError(error) && error.status === 409 && details?.length)
        setConflicts({ id, count: details.length });
      else reportError(error);
    },
  });
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const rows = list.data?.data ?? [];
  return (
    <Paper sx={{ p: 2, overflowX: 'auto' }}>
      <Table size="small" aria-label={t('pages.imports')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('admin.imports.when')}</TableCell>
            <TableCell>{t('admin.imports.who')}</TableCell>
            <TableCell>{t('admin.imports.file')}</TableCell>
            <TableCell>{t('admin.imports.counts')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((run) => (
            <TableRow key={run.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{when.format(new Date(run.at))}</TableCell>
              <TableCell>{run.actor.username}</TableCell>
              <TableCell dir="ltr">{run.fileName}</TableCell>
              <TableCell>
                {(['families', 'categories', 'products'] as const)
                  .map(
                    (level) =>
                      `${t(`nav.${level}`)} ${run.counts[level]?.created ?? 0} / ${run.counts[level]?.updated ?? 0}`,
                  )
                  .join(' · ')}
              </TableCell>
              <TableCell>
                {run.undoneAt ? (
                  t('admin.imports.undone')
                ) : (
                  <Button
                    size="small"
                    disabled={undo.isPending}
                    onClick={() => undo.mutate({ id: run.id, skip: false })}
                  >
                    {t('admin.imports.undo')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
          {list.isSuccess && rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={5}>{t('admin.imports.empty')}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      <ConfirmDialog
        open={conflicts !== null}
        title={t('admin.imports.conflictsTitle')}
        text={t('admin.imports.conflictsText', { count: conflicts?.count ?? 0 })}
        confirmLabel={t('admin.imports.skipAndUndo')}
        busy={undo.isPending}
        onConfirm={() => conflicts && undo.mutate({ id: conflicts.id, skip: true })}
        onClose={() => setConflicts(null)}
      />
    </Paper>
  );
}
