import { FORM_MAX_WIDTH } from '@dalil/contracts/constants';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FormEvent, ReactNode } from 'react';
import { RequestIdNote } from '../../../components/request-id-note';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { EditConflictDialog, type EditConflict } from './edit-conflict-dialog';

export interface FormPageProps {
  mode: 'create' | 'edit';
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitting: boolean;
  /** Edit mode while the record loads: placeholders instead of the fields. */
  loading?: boolean;
  loadError?: string | null;
  saveError?: string | null;
  /** The failed request's id, shown in small print under the load or save error. */
  loadRequestId?: string | null;
  saveRequestId?: string | null;
  cancelTo: string;
  /** Someone saved the record after the form loaded it (the save's 412): the choice to make. */
  conflict?: EditConflict | null;
  children: ReactNode;
}

/** Everything but the fields: what useResourceForm returns as `frame`. */
export type FormFrame = Omit<FormPageProps, 'children'>;

/**
 * The one admin form frame: at most FORM_MAX_WIDTH wide; the submit button reads Create, or Edit when
 * editing, and is disabled with a spinner while submitting; Cancel goes back to the list.
 */
export function FormPage(props: FormPageProps) {
  const { mode, submitting, loading, loadError, saveError, cancelTo } = props;
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ maxWidth: FORM_MAX_WIDTH, p: { xs: 2.5, sm: 3.5 }, borderRadius: 3 }}>
      {loadError ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="error" sx={{ width: '100%' }}>
            {t('admin.form.loadFailed')} {loadError}
            <RequestIdNote id={props.loadRequestId} />
          </Alert>
          <Button component={Link} to={cancelTo}>
            {t('admin.form.backToList')}
          </Button>
        </Stack>
      ) : loading ? (
        <Stack spacing={2.5} aria-busy="true">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={56} />
          ))}
          <Skeleton variant="rounded" height={112} />
        </Stack>
      ) : (
        <Stack component="form" noValidate spacing={2.5} onSubmit={props.onSubmit}>
          {props.children}
          {saveError && (
            <Alert severity="error" role="alert">
              {t('admin.form.saveFailed')} {saveError}
              <RequestIdNote id={props.saveRequestId} />
            </Alert>
          )}
          <EditConflictDialog conflict={props.conflict ?? null} />
          <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end', pt: 1 }}>
            <Button component={Link} to={cancelTo} color="inherit" disabled={submitting}>
              {t('admin.form.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={submitting} sx={{ minWidth: 120 }}>
              {mode === 'edit' ? t('admin.form.edit') : t('admin.form.create')}
            </Button>
          </Stack>
        </Stack>
      )}
    </Paper>
  );
}

/** A titled group of fields inside a form page. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.5, whiteSpace: 'nowrap' }}>
          {title}
        </Typography>
        <Divider sx={{ flex: 1 }} />
      </Stack>
      {children}
    </Stack>
  );
}
