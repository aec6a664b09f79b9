import { API_PATHS } from '@dalil/contracts/api-paths';
import { AttributeSetResultSchema } from '@dalil/contracts/attributes';
import PlaylistAddOutlined from '@mui/icons-material/PlaylistAddOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { failureMessage } from '../form-kit/field-message';
import { RemoteChoices } from '../form-kit/remote-choices';

/** Posts the food-labelling set to a family, with the categories to assign it to. */
async function addFoodSet(family: number, categories: number[]) {
  const answer = await apiRequest<unknown>(API_PATHS.attributeFoodSet, {
    method: 'POST',
    body: { family, categories },
  });
  return AttributeSetResultSchema.parse(answer);
}

/**
 * "Add food-labelling set": a dialog that adds the standard food attributes to the chosen family
 * (assigned to the categories picked, if any) and says how many were added and how many the family
 * already had.
 */
export function FoodSetButton({ family }: { family: number }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [categories, setCategories] = useState<number[]>([]);
  const add = useMutation({
    mutationFn: () => addFoodSet(family, categories),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['attributes'] }),
    onError: (error) => console.error(error),
  });
  const close = () => {
    setOpen(false);
    setCategories([]);
    add.reset();
  };
  return (
    <>
      <Button variant="outlined" startIcon={<PlaylistAddOutlined />} onClick={() => setOpen(true)}>
        {t('attributes.foodSet.button')}
      </Button>
      <Dialog
        open={open}
        onClose={add.isPending ? undefined : close}
        aria-labelledby={titleId}
        slotProps={{ paper: { sx: { borderRadius: 3, width: '100%', maxWidth: 520 } } }}
      >
        <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
          {t('attributes.foodSet.title')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{t('attributes.foodSet.text')}</DialogContentText>
            {!add.isSuccess && (
              <RemoteChoices
                resource="categories"
                scope={{ family }}
                label={t('attributes.foodSet.categories')}
                value={categories}
                onChange={setCategories}
              />
            )}
            {add.isSuccess && (
              <Alert severity="success" role="status">
                {t('attributes.foodSet.result', {
                  added: add.data.data.length,
                  skipped: add.data.skipped.length,
                })}
              </Alert>
            )}
            {add.isError && (
              <Alert severity="error" role="alert">
                {t('attributes.foodSet.failed')} {failureMessage(add.error, t, i18n.language)}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={close} disabled={add.isPending}>
            {t(add.isSuccess ? 'attributes.foodSet.close' : 'admin.form.cancel')}
          </Button>
          {!add.isSuccess && (
            <Button variant="contained" loading={add.isPending} onClick={() => add.mutate()}>
              {t('attributes.foodSet.add')}
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
