import type { ActivityEntity } from '@dalil/contracts/activity';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { HistoryPanel } from './history-panel';

/** The History of the record an edit page shows: who changed which field, with Revert. */
export function RecordHistory({ entity }: { entity: ActivityEntity }) {
  const { t } = useTranslation();
  const { id } = useParams();
  if (id === undefined) return null;
  return (
    <Paper component="section" aria-labelledby="record-history" sx={{ p: 2, mt: 3 }}>
      <Typography id="record-history" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('admin.history.title')}
      </Typography>
      <HistoryPanel filters={{ entity, entityId: Number(id) }} />
    </Paper>
  );
}
