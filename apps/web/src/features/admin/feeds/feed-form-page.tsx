import { FeedCreateBodySchema, type Feed } from '@dalil/contracts/feeds';
import { RefSchema } from '@dalil/contracts/refs';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import type { z } from 'zod';
import { Controller } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { fieldMessage } from '../form-kit/field-message';
import { FormTextField } from '../form-kit/form-fields';
import { FormPage, FormSection } from '../form-kit/form-page';
import { FormRemoteChoice } from '../form-kit/form-remote-choice';
import { HintedRadios } from '../form-kit/hinted-radios';
import { useResourceForm } from '../form-kit/use-resource-form';
import { resourceApis } from '../resource-kit/resource-api';

const api = resourceApis.feeds;
const MODES = ['all-or-nothing', 'valid-rows'] as const;
/** The schedule a new feed starts with, and the hint's example: every day at 03:00. */
const EXAMPLE_SCHEDULE = '0 3 * * *';

/** The contract's body; an empty company choice says "This field is required". */
const FeedFormSchema = FeedCreateBodySchema.extend({ family: RefSchema });

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
export function FeedFormPage() {
  const { t } = useTranslation();
  const zones = useMemo(() => timeZones(), []);
  const { control, mode, frame } = useResourceForm('feeds', {
    schema: FeedFormSchema,
    empty: {
      family: '',
      url: '',
      schedule: EXAMPLE_SCHEDULE,
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
        <FormTextField
          control={control}
          name="schedule"
          label={t('feeds.schedule')}
          helperText={
            <>
              {t('feeds.scheduleHint')} <bdi dir="ltr">{EXAMPLE_SCHEDULE}</bdi> {t('feeds.scheduleExample')}
            </>
          }
          inputDir="ltr"
          required
          autoComplete="off"
          slotProps={{ htmlInput: { spellCheck: false } }}
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
