import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../lib/i18n';
import { useNotifications } from '../lib/notifications-store';
import { ConfirmDialog } from './confirm-dialog';
import { DeleteDialog } from './delete-dialog';

/** How a resource is deleted: the titled confirmation, or the modal with linked counts. */
export interface ListDeletion {
  remove: (id: number) => Promise<unknown>;
  /** Products and users: the titled dialog's text and button. */
  confirm?: { text: string; button: string };
  /** Families and categories: read the linked counts (GET one) and word them. */
  linked?: {
    load: (id: number, signal: AbortSignal) => Promise<Record<string, number>>;
    message: (counts: Record<string, number>) => string;
  };
}

interface ListKitDeleteProps {
  resource: string;
  id: number;
  deletion: ListDeletion;
  onClose: () => void;
}

/** Confirm, delete, refresh every cached list (a family takes its categories and products along), close. */
export function ListKitDelete({ resource, id, deletion, onClose }: ListKitDeleteProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { linked, confirm } = deletion;
  const counts = useQuery({
    queryKey: [resource, 'counts', id],
    queryFn: ({ signal }) => linked!.load(id, signal),
    enabled: Boolean(linked),
    staleTime: 0,
    gcTime: 0,
  });
  const mutation = useMutation({
    mutationFn: () => deletion.remove(id),
    onSuccess: async () => {
      await queryClient.invalidateQueries();
      useNotifications.getState().show({ severity: 'success', messageKey: 'admin.remove.deleted' });
      onClose();
    },
  });

  if (linked) {
    return (
      <DeleteDialog
        open
        message={
          counts.data
            ? linked.message(counts.data)
            : counts.isError
              ? t('admin.remove.countsFailed')
              : undefined
        }
        failed={counts.isError}
        busy={mutation.isPending}
        onConfirm={() => mutation.mutate()}
        onClose={onClose}
      />
    );
  }
  return (
    <ConfirmDialog
      open
      title={t('admin.remove.title')}
      text={confirm?.text ?? ''}
      confirmLabel={confirm?.button ?? t('admin.remove.confirm')}
      busy={mutation.isPending}
      onConfirm={() => mutation.mutate()}
      onClose={onClose}
    />
  );
}
