import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import { API_PATHS, withParams } from '@dalil/contracts/api-paths';
import type { SynonymImportResult } from '@dalil/contracts/synonyms';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { reportError, useNotifications } from '../../../lib/notifications-store';
import { uploadWithProgress } from '../../../lib/upload-with-progress';
import { saveFromApi } from '../../../lib/save-file';

type Mode = 'merge' | 'replace';

/**
 * A family's synonym groups as CSV: export them (header `words`, one group a line), or import a file
 * that adds to them or replaces them. The server checks the whole file first and names each bad line;
 * a refused file changes nothing.
 */
export function SynonymCsv({ family }: { family: string | undefined }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [mode, setMode] = useState<Mode>('merge');
  const [busy, setBusy] = useState(false);
  if (!family) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('admin.synonyms.chooseFamily')}
      </Typography>
    );
  }
  const exportCsv = async () => {
    setBusy(true);
    try {
      await saveFromApi(`${API_PATHS.synonymsExport}?family=${family}`, {
        fallbackName: `dalil-synonyms-${family}.csv`,
      });
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  };
  const importCsv = async (file: File) => {
    const body = new FormData();
    body.append('file', file, file.name);
    setBusy(true);
    try {
      await uploadWithProgress<SynonymImportResult>(withParams(API_PATHS.synonymsImport, { family }), body, {
        query: { mode },
      });
      await queryClient.invalidateQueries();
      useNotifications.getState().show({ severity: 'success', messageKey: 'admin.form.saved' });
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
      <Typography variant="overline" color="text.secondary">
        {t('admin.synonyms.csv')}
      </Typography>
      <Button
        variant="outlined"
        startIcon={<FileDownloadOutlined />}
        disabled={busy}
        onClick={() => void exportCsv()}
      >
        {t('admin.synonyms.export')}
      </Button>
      <TextField
        select
        size="small"
        label={t('admin.synonyms.mode')}
        value={mode}
        onChange={(event) => setMode(event.target.value as Mode)}
        sx={{ minWidth: 200 }}
      >
        <MenuItem value="merge">{t('admin.synonyms.merge')}</MenuItem>
        <MenuItem value="replace">{t('admin.synonyms.replace')}</MenuItem>
      </TextField>
      <Button
        variant="outlined"
        startIcon={<FileUploadOutlined />}
        disabled={busy}
        onClick={() => input.current?.click()}
      >
        {t('admin.synonyms.import')}
      </Button>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        hidden
        data-testid="synonym-csv-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void importCsv(file);
        }}
      />
    </Stack>
  );
}
