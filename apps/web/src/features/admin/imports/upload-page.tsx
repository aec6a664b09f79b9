import type { ImportKind } from '@dalil/contracts/imports';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { UploadTarget } from './import-api';
import { UploadFlow } from './upload-flow';

interface UploadPageProps {
  kind: ImportKind;
  /** The family (and category) choices of the categories and products screens. */
  targetFields?: ReactNode;
  target: UploadTarget | null;
  notReadyText?: string;
  /** More cards under the upload (the export on Upload All). */
  children?: ReactNode;
}

const targetKey = (target: UploadTarget | null) => `${target?.family ?? ''}/${target?.category ?? ''}`;

/** The Upload Data screens' shared frame (all, categories, products). */
export function UploadPage({ kind, targetFields, target, notReadyText, children }: UploadPageProps) {
  const { t } = useTranslation();
  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3.5 }, borderRadius: 3 }}>
        <Stack spacing={3}>
          <Typography color="text.secondary">{t(`upload.intro.${kind}`)}</Typography>
          {targetFields && (
            <Stack spacing={2}>
              <Typography component="h2" variant="overline" color="text.secondary">
                {t('upload.steps.target')}
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                {targetFields}
              </Stack>
            </Stack>
          )}
          {/* A new family or category starts over: the preview was for the old one. */}
          <UploadFlow key={targetKey(target)} kind={kind} target={target} notReadyText={notReadyText} />
        </Stack>
      </Paper>
      {children}
    </Stack>
  );
}
