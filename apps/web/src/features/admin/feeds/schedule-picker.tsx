import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation, type TFunction } from '../../../lib/i18n';
import { HOUR_STEPS, readSchedule, writeSchedule, type PickedSchedule } from './schedule-shapes';

const KINDS = ['hours', 'daily', 'weekly', 'custom'] as const;
/** Sunday to Saturday, as cron numbers them. */
const WEEK = [0, 1, 2, 3, 4, 5, 6] as const;
/** 1 January 2023 was a Sunday: the day names are read from that week. */
const dayOf = (day: number) => new Date(Date.UTC(2023, 0, 1 + day));
const two = (n: number) => String(n).padStart(2, '0');

/** What a picked kind starts from when the admin switches to it, keeping the time already chosen. */
function switchTo(kind: PickedSchedule['kind'], from: PickedSchedule, cron: string): PickedSchedule {
  const hour = 'hour' in from ? from.hour : 3;
  const minute = 'minute' in from ? from.minute : 0;
  switch (kind) {
    case 'hours':
      return { kind, every: 6, minute };
    case 'daily':
      return { kind, hour, minute };
    case 'weekly':
      return { kind, days: from.kind === 'weekly' ? from.days : [0], hour, minute };
    case 'custom':
      return { kind, cron };
  }
}

/** The schedule in words, in the screen's language; null for a cron expression of the admin's own. */
function scheduleWords(picked: PickedSchedule, t: TFunction, language: string): string | null {
  if (picked.kind === 'custom') return null;
  if (picked.kind === 'hours') {
    return t('feeds.picker.saysHours', { count: picked.every, n: picked.every, minute: two(picked.minute) });
  }
  const time = new Intl.DateTimeFormat(language, { timeStyle: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2023, 0, 1, picked.hour, picked.minute)),
  );
  if (picked.kind === 'daily') return t('feeds.picker.saysDaily', { time });
  const names = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' });
  const days = new Intl.ListFormat(language, { type: 'conjunction' }).format(
    picked.days.map((d) => names.format(dayOf(d))),
  );
  return t('feeds.picker.saysWeekly', { days, time });
}

interface SchedulePickerProps {
  /** The cron expression the form holds. */
  value: string;
  onChange: (cron: string) => void;
  onBlur: () => void;
  name: string;
  inputRef: (element: HTMLInputElement | null) => void;
  /** The form's or the server's word on the schedule. */
  error: string | undefined;
}

/**
 * The feed's schedule as a choice: every N hours at a minute, every day at a time, or on chosen days
 * of the week at a time; each writes its cron expression. An expression of none of these shapes is
 * shown, and stays editable, as a custom one.
 */
export function SchedulePicker({ value, onChange, onBlur, name, inputRef, error }: SchedulePickerProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [chosen, setPicked] = useState<PickedSchedule>(() => readSchedule(value));
  // A value set from outside (the stored feed, once it has loaded) is read again; what the admin
  // picked stays as picked (a custom expression being typed that matches a shape stays custom).
  const picked = writeSchedule(chosen) === value ? chosen : readSchedule(value);
  const pick = (next: PickedSchedule) => {
    setPicked(next);
    onChange(writeSchedule(next));
  };
  const time =
    picked.kind === 'daily' || picked.kind === 'weekly' ? `${two(picked.hour)}:${two(picked.minute)}` : '';
  const setTime = (text: string) => {
    const match = /^(\d{2}):(\d{2})/.exec(text);
    if (!match || (picked.kind !== 'daily' && picked.kind !== 'weekly')) return;
    pick({ ...picked, hour: Math.min(23, Number(match[1])), minute: Math.min(59, Number(match[2])) });
  };
  const dayNames = new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' });
  const words = scheduleWords(picked, t, language);
  return (
    <Stack spacing={2}>
      <TextField
        select
        label={t('feeds.picker.repeat')}
        value={picked.kind}
        onChange={(event) =>
          pick(switchTo(event.target.value as PickedSchedule['kind'], picked, writeSchedule(picked)))
        }
        fullWidth
      >
        {KINDS.map((kind) => (
          <MenuItem key={kind} value={kind}>
            {t(`feeds.picker.kind.${kind}`)}
          </MenuItem>
        ))}
      </TextField>
      {picked.kind === 'hours' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            select
            label={t('feeds.picker.every')}
            value={picked.every}
            onChange={(event) => pick({ ...picked, every: Number(event.target.value) })}
            fullWidth
          >
            {HOUR_STEPS.map((every) => (
              <MenuItem key={every} value={every}>
                {t('feeds.picker.hours', { count: every, n: every })}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="number"
            label={t('feeds.picker.minute')}
            helperText={t('feeds.picker.minuteHint')}
            value={picked.minute}
            onChange={(event) => {
              const minute = Number(event.target.value);
              if (Number.isInteger(minute) && minute >= 0 && minute <= 59) pick({ ...picked, minute });
            }}
            slotProps={{ htmlInput: { min: 0, max: 59, step: 1, dir: 'ltr' } }}
            fullWidth
          />
        </Stack>
      )}
      {picked.kind === 'weekly' && (
        <FormControl component="fieldset">
          <FormLabel component="legend">{t('feeds.picker.days')}</FormLabel>
          <FormGroup row>
            {WEEK.map((day) => {
              const ticked = picked.days.includes(day);
              return (
                <FormControlLabel
                  key={day}
                  label={dayNames.format(dayOf(day))}
                  control={
                    <Checkbox
                      checked={ticked}
                      // The last chosen day stays: a weekly schedule runs on at least one.
                      disabled={ticked && picked.days.length === 1}
                      onChange={() =>
                        pick({
                          ...picked,
                          days: ticked
                            ? picked.days.filter((d) => d !== day)
                            : [...picked.days, day].sort((a, b) => a - b),
                        })
                      }
                    />
                  }
                />
              );
            })}
          </FormGroup>
        </FormControl>
      )}
      {(picked.kind === 'daily' || picked.kind === 'weekly') && (
        <TextField
          type="time"
          label={t('feeds.picker.time')}
          value={time}
          onChange={(event) => setTime(event.target.value)}
          slotProps={{ htmlInput: { step: 60, dir: 'ltr' }, inputLabel: { shrink: true } }}
          fullWidth
        />
      )}
      {picked.kind === 'custom' && (
        <TextField
          label={t('feeds.schedule')}
          name={name}
          inputRef={inputRef}
          value={value}
          onChange={(event) => pick({ kind: 'custom', cron: event.target.value })}
          onBlur={onBlur}
          required
          fullWidth
          autoComplete="off"
          error={Boolean(error)}
          helperText={
            error ?? (
              <>
                {t('feeds.scheduleHint')} <bdi dir="ltr">0 3 * * *</bdi> {t('feeds.scheduleExample')}
              </>
            )
          }
          slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false } }}
        />
      )}
      {picked.kind !== 'custom' && error && <FormHelperText error>{error}</FormHelperText>}
      {words && (
        <Typography variant="body2" color="text.secondary">
          {words}
        </Typography>
      )}
    </Stack>
  );
}
