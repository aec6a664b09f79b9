import type { Feed } from '@dalil/contracts/feeds';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { codedMessage, failureMessage, fieldMessage, serverFieldErrors } from '../form-kit/field-message';
import { HintedRadios } from '../form-kit/hinted-radios';
import { RemoteChoice } from '../form-kit/remote-choice';
import { browserTimeZone, feedsApi, timeZones, type FeedBody } from './feeds-api';

type Field = 'family' | 'url' | 'schedule' | 'timeZone' | 'mode';
const FIELDS: readonly string[] = ['family', 'url', 'schedule', 'timeZone', 'mode'] satisfies Field[];
const MODES = ['all-or-nothing', 'valid-rows'] as const;
/** The schedule a new feed starts with, and the hint's example: every day at 03:00. */
const EXAMPLE_SCHEDULE = '0 3 * * *';

interface FeedDialogProps {
  /** The feed to change; null: a new feed (of `family` when one is chosen on the page). */
  editing: Feed | null;
  open: boolean;
  family: number | null;
  onClose: () => void;
  onSaved: (feed: Feed) => void;
}

const valuesOf = (feed: Feed | null, family: number | null) => ({
  family: feed?.family ?? family,
  url: feed?.url ?? '',
  schedule: feed?.schedule ?? EXAMPLE_SCHEDULE,
  timeZone: feed?.timeZone ?? browserTimeZone(),
  mode: feed?.mode ?? 'all-or-nothing',
});

/**
 * A feed's form: the company (fixed once made), the file's address, the schedule with its time zone,
 * and what rows with problems do. The server checks the address and the schedule; its refusals show
 * at their field, and what was typed stays.
 */
export function FeedDialog({ editing, open, family, onClose, onSaved }: FeedDialogProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const [values, setValues] = useState(() => valuesOf(editing, family));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const zones = useMemo(() => timeZones(), []);
  const set = <K extends Field>(field: K, value: (typeof values)[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Partial<Record<Field, string>> = {};
    const required = codedMessage({ code: 'field.required', params: {} });
    if (values.family === null) missing.family = required;
    for (const field of ['url', 'schedule', 'timeZone'] as const)
      if (values[field].trim() === '') missing[field] = required;
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setFailure(null);
    setSaving(true);
    try {
      const body: FeedBody = { ...values, family: values.family! };
      const { family: _family, ...change } = body;
      onSaved(editing ? await feedsApi.update(editing.id, change) : await feedsApi.create(body));
    } catch (error) {
      console.error(error);
      const atField: Partial<Record<Field, string>> = {};
      for (const { field, message } of serverFieldErrors(error, FIELDS)) atField[field as Field] = message;
      setErrors(atField);
      setFailure(
        Object.keys(atField).length > 0 ? t('feeds.saveFailed') : failureMessage(error, t, i18n.language),
      );
    } finally {
      setSaving(false);
    }
  };
  const message = (field: Field, hint?: string) => fieldMessage(errors[field], t) ?? hint;
  return (
    <Dialog
      open={open}
      onClose={saving ? undefined : onClose}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { borderRadius: 3, width: '100%', maxWidth: 600 } } }}
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
          {t(editing ? 'feeds.edit' : 'feeds.create')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {failure && <Alert severity="error">{failure}</Alert>}
            <RemoteChoice
              resource="families"
              label={t('feeds.family')}
              required
              fullWidth
              name="family"
              value={values.family}
              onChange={(id) => set('family', id)}
              disabled={editing !== null}
              error={Boolean(errors.family)}
              helperText={message('family', editing ? t('feeds.familyFixed') : undefined)}
            />
            <TextField
              label={t('feeds.url')}
              name="url"
              required
              fullWidth
              value={values.url}
              onChange={(event) => set('url', event.target.value)}
              error={Boolean(errors.url)}
              helperText={message('url', t('feeds.urlHint'))}
              autoComplete="off"
              slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'url', spellCheck: false } }}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label={t('feeds.schedule')}
                name="schedule"
                required
                value={values.schedule}
                onChange={(event) => set('schedule', event.target.value)}
                error={Boolean(errors.schedule)}
                helperText={
                  message('schedule') ?? (
                    <>
                      {t('feeds.scheduleHint')} <bdi dir="ltr">{EXAMPLE_SCHEDULE}</bdi>{' '}
                      {t('feeds.scheduleExample')}
                    </>
                  )
                }
                autoComplete="off"
                sx={{ flex: 1 }}
                slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false } }}
              />
              <Autocomplete
                freeSolo
                options={zones}
                value={values.timeZone}
                onInputChange={(_event, value) => set('timeZone', value)}
                sx={{ flex: 1 }}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label={t('feeds.timeZone')}
                    name="timeZone"
                    required
                    error={Boolean(errors.timeZone)}
                    helperText={message('timeZone', t('feeds.timeZoneHint'))}
                  />
                )}
              />
            </Stack>
            <HintedRadios
              label={t('feeds.mode')}
              name="mode"
              value={values.mode}
              onChange={(mode) => set('mode', mode)}
              options={MODES.map((mode) => ({
                value: mode,
                label: t(mode === 'valid-rows' ? 'feeds.modeValid' : 'feeds.modeAll'),
                hint: t(mode === 'valid-rows' ? 'feeds.modeValidHint' : 'feeds.modeAllHint'),
              }))}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
          <Button onClick={onClose} disabled={saving} color="inherit">
            {t('feeds.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={saving}>
            {t('feeds.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
