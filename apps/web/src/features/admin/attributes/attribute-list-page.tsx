import Add from '@mui/icons-material/Add';
import { attributeResource, type Attribute } from '@dalil/contracts/attributes';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { MAX_LIST_LIMIT } from '@dalil/contracts/constants';
import { ListKitDelete } from '../../../components/list-kit-delete';
import type { ListReturn } from '../../../components/list-kit-row-menu';
import { useListParams } from '../../../components/list-kit-params';
import { useTranslation } from '../../../lib/i18n';
import { useNotifications } from '../../../lib/notifications-store';
import { adminPaths } from '../resource-kit/admin-paths';
import { ListFilter } from '../admin-kit/list-filters';
import { chosenId } from '../form-kit/remote-choice-api';
import { resourceApis } from '../resource-kit/resource-api';
import { attributeBody, moveItem, positionChanges } from './attribute-order';
import { AttributeTable } from './attribute-table';
import { FoodSetButton } from './food-set-dialog';

const api = resourceApis.attributes;
const BY_FAMILY = ['family'] as const;

/**
 * Attribute List: one family's attributes in their order (the order of the product form and page),
 * reordered by dragging or with the Up and Down buttons; each move saves the new positions of the
 * attributes it shifted.
 */
export function AttributeListPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { search } = useLocation();
  const { filters, setFilter } = useListParams(BY_FAMILY);
  const family = chosenId(filters.family);
  const [deleting, setDeleting] = useState<number | null>(null);
  // The order shown while a move is being saved, ahead of the stored one.
  const [moved, setMoved] = useState<Attribute[] | null>(null);
  const list = useQuery({
    queryKey: ['attributes', 'list', { family, limit: MAX_LIST_LIMIT, skip: 0 }],
    queryFn: ({ signal }) =>
      api.list({ family: family ?? undefined, limit: MAX_LIST_LIMIT, skip: 0 }, signal),
    enabled: family !== null,
  });
  const reorder = useMutation({
    mutationFn: async (ordered: Attribute[]) => {
      for (const { attribute, position } of positionChanges(ordered)) {
        await api.update(attribute.id, attributeBody(attribute, position));
      }
    },
    onError: (error) => {
      console.error(error);
      useNotifications.getState().show({ severity: 'error', messageKey: 'attributes.list.reorderFailed' });
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['attributes'] });
      setMoved(null);
    },
  });
  const rows = moved ?? list.data?.data ?? [];
  const move = (from: number, to: number) => {
    const ordered = moveItem(rows, from, to);
    setMoved(ordered);
    reorder.mutate(ordered);
  };

  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center', justifyContent: 'space-between' }}
      >
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
          <ListFilter
            label={t('admin.list.filterFamily')}
            allLabel={t('admin.fields.chooseFamilyFirst')}
            resource="families"
            value={filters.family ?? ''}
            onChange={(value) => setFilter('family', value)}
          />
          {family !== null && <FoodSetButton family={family} />}
        </Stack>
        <Button
          component={Link}
          to={`${adminPaths.attributes.create}${family === null ? '' : `?family=${family}`}`}
          // After saving, back to this family's list.
          state={{ listSearch: search } satisfies ListReturn}
          variant="contained"
          startIcon={<Add />}
        >
          {attributeResource.words[i18n.language].create}
        </Button>
      </Stack>
      <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
        {family === null ? (
          <Typography sx={{ p: 3, color: 'text.secondary' }}>{t('attributes.list.chooseFamily')}</Typography>
        ) : list.isPending ? (
          <Stack spacing={1} sx={{ p: 2 }} aria-busy="true">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} variant="rounded" height={40} />
            ))}
          </Stack>
        ) : list.isError ? (
          <Alert
            severity="error"
            sx={{ m: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void list.refetch()}>
                {t('admin.list.retry')}
              </Button>
            }
          >
            {t('admin.list.loadFailed')}
          </Alert>
        ) : rows.length === 0 ? (
          <Typography sx={{ p: 3, color: 'text.secondary' }}>{t('admin.list.noResults')}</Typography>
        ) : (
          <AttributeTable rows={rows} onMove={reorder.isPending ? undefined : move} onDelete={setDeleting} />
        )}
      </Paper>
      {deleting !== null && (
        <ListKitDelete
          resource="attributes"
          id={deleting}
          deletion={{
            remove: api.remove,
            confirm: { text: t('attributes.list.removeText'), button: t('attributes.list.removeButton') },
          }}
          onClose={() => setDeleting(null)}
        />
      )}
    </Stack>
  );
}
