import type { BinEntry } from '@dalil/contracts/bin';
import DeleteForeverOutlined from '@mui/icons-material/DeleteForeverOutlined';
import RestoreFromTrashOutlined from '@mui/icons-material/RestoreFromTrashOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useTranslation } from '../../../lib/i18n';
import { reportError, useNotifications } from '../../../lib/notifications-store';
import { ChoiceName } from '../form-kit/choice-name';
import { binApi, kindOf } from './bin-api';
import { BinRecords } from './bin-records';
import { useBinTexts } from './bin-texts';
import { useAccount } from '../../../lib/account';

const PAGE_SIZE = 25;

type Pending = { action: 'restore' | 'remove'; entry: BinEntry } | { action: 'empty'; count: number };

/**
 * The recycle bin: each delete with what it took, restored whole after a confirmation that names what
 * comes back. Administrators also remove an entry for good or empty the bin.
 */
/**
 * On a phone each entry is a block of its own (name, contents, dates labelled, actions) instead of a
 * row wider than the screen, so Restore is never scrolled out of sight.
 */
const STACKED_ON_PHONES = {
  '@media (max-width: 599.95px)': {
    '& thead': { display: 'none' },
    '& tbody, & tr, & td': { display: 'block' },
    '& tr': { py: 1, borderBottom: 1, borderColor: 'divider' },
    '& td': { border: 0, py: 0.25, px: 0, textAlign: 'start' },
    '& td[data-label]::before': { content: 'attr(data-label) ": "', color: 'text.secondary' },
  },
} as const;

export function BinPage() {
  const { t, i18n } = useTranslation();
  const texts = useBinTexts();
  const account = useAccount();
  const isAdmin = account?.role === 'admin';
  const client = useQueryClient();
  const [page, setPage] = useState(0);
  const [pending, setPending] = useState<Pending | null>(null);
  const [opened, setOpened] = useState<number | null>(null);
  const list = useQuery({
    queryKey: ['bin', page],
    queryFn: ({ signal }) => binApi.list({ limit: PAGE_SIZE, skip: page * PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  const act = useMutation({
    mutationFn: (p: Pending) =>
      p.action === 'restore'
        ? binApi.restore(p.entry.id)
        : p.action === 'remove'
          ? binApi.remove(p.entry.id)
          : binApi.empty(),
    onSuccess: (_data, p) => {
      setPending(null);
      const messageKey = `admin.bin.${p.action === 'restore' ? 'restored' : p.action === 'remove' ? 'removed' : 'emptied'}`;
      useNotifications.getState().show({ severity: 'success', messageKey });
      // A restore brings records back into every list and count.
      void client.invalidateQueries();
    },
    onError: (error) => {
      setPending(null);
      reportError(error);
    },
  });
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const rows = list.data?.data ?? [];
  const total = list.data?.count ?? 0;
  const dialog = pending ? texts.dialog(pending) : null;
  return (
    <Paper sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {t('admin.bin.intro')}
        </Typography>
        {isAdmin && (
          <Button
            color="error"
            variant="outlined"
            startIcon={<DeleteForeverOutlined />}
            disabled={total === 0 || act.isPending}
            onClick={() => setPending({ action: 'empty', count: total })}
            sx={{ flexShrink: 0 }}
          >
            {t('admin.bin.empty')}
          </Button>
        )}
      </Stack>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('pages.bin')} sx={STACKED_ON_PHONES}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ minWidth: 160 }}>{t('admin.bin.deleted')}</TableCell>
              <TableCell>{t('admin.bin.holds')}</TableCell>
              <TableCell>{t('admin.bin.when')}</TableCell>
              <TableCell>{t('admin.bin.keptUntil')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((entry) => (
              <Fragment key={entry.id}>
                <TableRow>
                  <TableCell>
                    <Typography variant="body2" sx={{ fontWeight: 500 }}>
                      {texts.nameOf(entry)}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {t(`admin.bin.kinds.${kindOf(entry)}`)}
                      {entry.entity !== 'family' && (
                        <>
                          {' · '}
                          <ChoiceName resource="families" id={entry.family} />
                        </>
                      )}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    {texts.held(entry).join(' · ') || '—'}
                    {entry.movedProducts > 0 && (
                      <Typography variant="caption" color="text.secondary" component="div">
                        {t('admin.bin.movedProducts', { count: entry.movedProducts })}
                      </Typography>
                    )}
                    <Button
                      size="small"
                      sx={{ px: 0, minWidth: 0, display: 'flex' }}
                      aria-expanded={opened === entry.id}
                      onClick={() => setOpened(opened === entry.id ? null : entry.id)}
                    >
                      {t(opened === entry.id ? 'admin.bin.hideRecords' : 'admin.bin.showRecords')}
                    </Button>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }} data-label={t('admin.bin.when')}>
                    {when.format(new Date(entry.at))}
                    <Typography variant="caption" color="text.secondary" component="div">
                      {entry.actor.username}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }} data-label={t('admin.bin.keptUntil')}>
                    {day.format(new Date(entry.expiresAt))}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Button
                      size="small"
                      startIcon={<RestoreFromTrashOutlined />}
                      disabled={act.isPending}
                      onClick={() => setPending({ action: 'restore', entry })}
                      aria-label={`${t('admin.bin.restore')} ${texts.nameOf(entry)}`}
                    >
                      {t('admin.bin.restore')}
                    </Button>
                    {isAdmin && (
                      <Button
                        size="small"
                        color="error"
                        disabled={act.isPending}
                        onClick={() => setPending({ action: 'remove', entry })}
                        aria-label={`${t('admin.bin.remove')} ${texts.nameOf(entry)}`}
                      >
                        {t('admin.bin.remove')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
                {opened === entry.id && (
                  <TableRow>
                    <TableCell colSpan={5} sx={{ bgcolor: 'action.hover' }}>
                      <BinRecords
                        id={entry.id}
                        total={Object.values(entry.counts).reduce((a, b) => a + b, 0)}
                      />
                    </TableCell>
                  </TableRow>
                )}
              </Fragment>
            ))}
            {list.isSuccess && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={5}>{t('admin.bin.none')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </Box>
      {total > PAGE_SIZE && (
        <TablePagination
          component="div"
          count={total}
          page={page}
          rowsPerPage={PAGE_SIZE}
          rowsPerPageOptions={[PAGE_SIZE]}
          onPageChange={(_e, next) => setPage(next)}
        />
      )}
      <ConfirmDialog
        open={pending !== null}
        title={dialog?.title ?? ''}
        text={dialog?.text ?? ''}
        confirmLabel={dialog?.confirm ?? ''}
        busy={act.isPending}
        confirmColor={pending?.action === 'restore' ? 'primary' : 'error'}
        onConfirm={() => pending && act.mutate(pending)}
        onClose={() => setPending(null)}
      />
    </Paper>
  );
}
