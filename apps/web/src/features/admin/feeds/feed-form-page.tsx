import { FeedCreateBodySchema, type Feed } from '@dalil/contracts/feeds';
import { RefSchema } from '@dalil/contracts/refs';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import type { z } from 'zod';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { fieldMessage } from '../form-kit/field-message';
import { FormTextField } from '../form-kit/form-fields';
import { FormPage, FormSection } from '../form-kit/form-page';
import { FormRemoteChoice } from '../form-kit/form-remote-choice';
import { HintedRadios } from '../form-kit/hinted-radios';
import { useResourceForm } from '../form-kit/use-resource-form';
import { resourceApis } from '../resource-kit/resource-api';
import { SchedulePicker } from './schedule-picker';

const api = resourceApis.feeds;
const MODES = ['all-or-nothing', 'valid-rows'] as const;
/** The schedule a new feed starts with: every day at 03:00. */
const FIRST_SCHEDULE = '0 3 * * *';

/** The contract's body; an empty company choice says "This field is required". */
const FeedFormSchema = FeedCreateBodySchema.extend({ family: RefSchema });
type FeedFormValues = z.input<typeof FeedFormSchema>;

/** This browser's time zone, a new feed's first choice. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Every time zone this browser knows, for the field's suggestions. */
const timeZones = (): string[] => {
  const known = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone');
  return known && known.length > 0 ? ['UTC', ...known.filter((zone) => zone !== 'UTC')] : ['UTC'];
};

/**
 * Create or edit a scheduled feed: the company (fixed once made), the file's address, the schedule
 * with its time zone, and what rows with problems do. An edit saves through the feed's `change` (a
 * PATCH of those fields; a feed stays with its company). The server checks the address and the
 * schedule; its refusals show at their field, and what was typed stays.
 */
/** The next run the server set for the stored schedule, in its time zone; nothing once either changes. */
function NextRun({
  control,
  stored,
}: {
  control: Control<FeedFormValues, unknown, z.output<typeof FeedFormSchema>>;
  stored: Feed | undefined;
}) {
  const { t, i18n } = useTranslation();
  const [schedule, timeZone] = useWatch({ control, name: ['schedule', 'timeZone'] });
  if (!stored || stored.schedule !== schedule.trim() || stored.timeZone !== timeZone) return null;
  const when = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: stored.timeZone,
  }).format(new Date(stored.nextRunAt));
  return (
    <Typography variant="body2">
      {t('feeds.picker.nextRun', { when })} <bdi dir="ltr">({stored.timeZone})</bdi>
    </Typography>
  );
}

export function FeedFormPage() {
  const { t } = useTranslation();
  const zones = useMemo(() => timeZones(), []);
  const id = useParams().id;
  // The stored feed as the form loaded it (this only reads what the form's own read keeps): its next
  // run is said while its schedule is unchanged.
  const stored = useQuery({
    queryKey: ['feeds', 'one', id === undefined ? undefined : Number(id)],
    queryFn: ({ signal }) => api.show({ params: { id: Number(id) }, signal }),
    enabled: false,
  });
  const { control, mode, frame } = useResourceForm('feeds', {
    schema: FeedFormSchema,
    empty: {
      family: '',
      url: '',
      schedule: FIRST_SCHEDULE,
      timeZone: browserTimeZone(),
      mode: 'all-or-nothing',
    },
    toValues: (feed: Feed) => ({
      family: feed.family,
      url: feed.url,
      schedule: feed.schedule,
      timeZone: feed.timeZone,
      mode: feed.mode,
    }),
    calls: {
      one: (id, signal) => api.show({ params: { id }, signal }),
      update: (id, body) => {
        const { family: _family, ...change } = body as z.output<typeof FeedFormSchema>;
        return api.change({ params: { id }, body: change });
      },
    },
  });
  return (
    <FormPage {...frame}>
      <FormSection title={t('admin.form.details')}>
        <FormRemoteChoice
          control={control}
          name="family"
          resource="families"
          label={t('feeds.family')}
          required
          disabled={mode === 'edit'}
          helperText={mode === 'edit' ? t('feeds.familyFixed') : undefined}
        />
        <FormTextField
          control={control}
          name="url"
          label={t('feeds.url')}
          helperText={t('feeds.urlHint')}
          inputDir="ltr"
          required
          autoComplete="off"
          slotProps={{ htmlInput: { inputMode: 'url', spellCheck: false } }}
        />
      </FormSection>
      <FormSection title={t('feeds.when')}>
        <Controller
          control={control}
          name="schedule"
          render={({ field, fieldState }) => (
            <SchedulePicker
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              name={field.name}
              inputRef={field.ref}
              error={fieldMessage(fieldState.error?.message, t)}
            />
          )}
        />
        <Controller
          control={control}
          name="timeZone"
          render={({ field, fieldState }) => (
            <Autocomplete
              freeSolo
              options={zones}
              value={field.value}
              inputValue={field.value}
              onInputChange={(_event, value) => field.onChange(value)}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('feeds.timeZone')}
                  name={field.name}
                  inputRef={field.ref}
                  onBlur={field.onBlur}
                  required
                  error={Boolean(fieldState.error)}
                  helperText={fieldMessage(fieldState.error?.message, t) ?? t('feeds.timeZoneHint')}
                />
              )}
            />
          )}
        />
        <NextRun control={control} stored={stored.data} />
      </FormSection>
      <Controller
        control={control}
        name="mode"
        render={({ field }) => (
          <HintedRadios
            label={t('feeds.mode')}
            name={field.name}
            value={field.value ?? 'all-or-nothing'}
            onChange={field.onChange}
            options={MODES.map((value) => ({
              value,
              label: t(value === 'valid-rows' ? 'feeds.modeValid' : 'feeds.modeAll'),
              hint: t(value === 'valid-rows' ? 'feeds.modeValidHint' : 'feeds.modeAllHint'),
            }))}
          />
        )}
      />
    </FormPage>
  );
}
