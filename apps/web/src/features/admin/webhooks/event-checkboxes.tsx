import type { WebhookEvent } from '@dalil/contracts/webhooks';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { useId, type Ref } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { EVENT_GROUPS } from './event-groups';

interface EventCheckboxesProps {
  value: WebhookEvent[];
  onChange: (events: WebhookEvent[]) => void;
  /** The first box, for focusing the field when it is refused. */
  inputRef?: Ref<HTMLInputElement>;
  error: boolean;
  helperText: string;
}

/**
 * The event types as one group of boxes per subject (products, categories, ...), each group with a
 * box that takes or leaves all of it; the type's name as the receiver sees it under each label.
 */
export function EventCheckboxes({ value, onChange, inputRef, error, helperText }: EventCheckboxesProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const toggle = (events: readonly WebhookEvent[], on: boolean) =>
    onChange(on ? [...new Set([...value, ...events])] : value.filter((e) => !events.includes(e)));
  return (
    <FormControl component="fieldset" error={error} aria-labelledby={labelId}>
      <FormLabel id={labelId} component="legend" required>
        {t('webhooks.events')}
      </FormLabel>
      <Box
        sx={{
          display: 'grid',
          // Two groups a row: the form page is narrower than the screen.
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
          columnGap: 2,
          rowGap: 1,
          mt: 1,
        }}
      >
        {EVENT_GROUPS.map(({ group, events }, index) => {
          const chosen = events.filter((e) => value.includes(e)).length;
          const name = t(`webhooks.groups.${group}`);
          return (
            <Box key={group} role="group" aria-label={name}>
              <FormControlLabel
                label={<Typography sx={{ fontWeight: 500 }}>{name}</Typography>}
                control={
                  <Checkbox
                    checked={chosen === events.length}
                    indeterminate={chosen > 0 && chosen < events.length}
                    onChange={(event) => toggle(events, event.target.checked)}
                    slotProps={{ input: { 'aria-label': t('webhooks.allOf', { group: name }) } }}
                  />
                }
              />
              <Box sx={{ display: 'flex', flexDirection: 'column', pl: 3.5 }}>
                {events.map((event, at) => (
                  <FormControlLabel
                    key={event}
                    sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.5 } }}
                    control={
                      <Checkbox
                        size="small"
                        checked={value.includes(event)}
                        onChange={(change) => toggle([event], change.target.checked)}
                        slotProps={{ input: { ref: index === 0 && at === 0 ? inputRef : undefined } }}
                      />
                    }
                    label={
                      <Box component="span" sx={{ display: 'block', pt: 0.5 }}>
                        <Typography component="span" variant="body2" sx={{ display: 'block' }}>
                          {t(`webhooks.event.${event}`)}
                        </Typography>
                        <Typography
                          component="code"
                          variant="caption"
                          color="text.secondary"
                          dir="ltr"
                          sx={{ fontFamily: 'monospace' }}
                        >
                          {event}
                        </Typography>
                      </Box>
                    }
                  />
                ))}
              </Box>
            </Box>
          );
        })}
      </Box>
      <FormHelperText>{helperText}</FormHelperText>
    </FormControl>
  );
}
