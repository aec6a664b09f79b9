import { ACTIVITY_ACTIONS, ACTIVITY_ENTITIES } from '@dalil/contracts/activity';
import { API_BASE, API_PATHS } from '@dalil/contracts/api-paths';
import type { User } from '@dalil/contracts/users';
import Download from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { getToken } from '../../../lib/session';
import { reportError } from '../../../lib/notifications-store';
import { HistoryPanel } from '../admin-kit/history-panel';
import { entityLabel } from '../admin-kit/history-labels';
import { RemoteChoice } from '../form-kit/remote-choice';
import { chosenId } from '../form-kit/remote-choice-api';
import { PersonPicker } from './person-picker';

interface Filters {
  actor: string;
  family: string;
  entity: string;
  action: string;
  from: string;
  to: string;
}
const NONE: Filters = { actor: '', family: '', entity: '', action: '', from: '', to: '' };

/** Downloads the filtered history as CSV (with the bearer token, so not a plain link). */
async function downloadCsv(filters: Filters) {
  const query = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== ''));
  const res = await fetch(`${API_BASE}${API_PATHS.activityCsv}?${query.toString()}`, {
    headers: { authorization: `Bearer ${getToken() ?? ''}` },
  });
  if (!res.ok) throw new Error(`export failed: ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: 'dalil-activity.csv' });
  link.click();
  URL.revokeObjectURL(url);
}

/** Who changed what and when, filtered by person, family, kind and dates; paged; exportable as CSV. */
export function ActivityPage() {
  const { t, i18n } = useTranslation();
  const [filters, setFilters] = useState<Filters>(NONE);
  const [person, setPerson] = useState<User | null>(null);
  const set = (key: keyof Filters) => (event: { target: { value: string } }) =>
    setFilters((f) => ({ ...f, [key]: event.target.value }));
  const choice = (key: keyof Filters, label: string, options: { value: string; label: string }[]) => (
    <TextField
      select
      size="small"
      label={label}
      value={filters[key]}
      onChange={set(key)}
      sx={{ minWidth: 150 }}
    >
      <MenuItem value="">{t('admin.history.any')}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Paper sx={{ p: 2 }}>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', mb: 2, alignItems: 'center' }}>
        <PersonPicker
          value={person}
          onChange={(user) => {
            setPerson(user);
            setFilters((f) => ({ ...f, actor: user ? String(user.id) : '' }));
          }}
        />
        <RemoteChoice
          resource="families"
          size="small"
          label={t('admin.history.family')}
          value={chosenId(filters.family)}
          onChange={(id) => setFilters((f) => ({ ...f, family: id === null ? '' : String(id) }))}
          sx={{ width: 200 }}
        />
        {choice(
          'entity',
          t('admin.history.entity'),
          ACTIVITY_ENTITIES.map((e) => ({ value: e, label: entityLabel(t, i18n.language, e) })),
        )}
        {choice(
          'action',
          t('admin.history.kind'),
          ACTIVITY_ACTIONS.map((a) => ({ value: a, label: t(`admin.history.actions.${a}`) })),
        )}
        <TextField
          size="small"
          type="date"
          label={t('admin.history.from')}
          value={filters.from}
          onChange={set('from')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          type="date"
          label={t('admin.history.to')}
          value={filters.to}
          onChange={set('to')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button startIcon={<Download />} onClick={() => void downloadCsv(filters).catch(reportError)}>
          {t('admin.history.exportCsv')}
        </Button>
      </Stack>
      <HistoryPanel
        key={JSON.stringify(filters)}
        filters={Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== ''))}
      />
    </Paper>
  );
}
