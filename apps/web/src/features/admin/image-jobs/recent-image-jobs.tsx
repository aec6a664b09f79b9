import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { ImageJobSummary } from '@dalil/contracts/image-upload';
import { useTranslation } from '../../../lib/i18n';
import { ChoiceName } from '../form-kit/choice-name';

const COUNTED = ['new', 'replace', 'unchanged', 'unmatched', 'ambiguous', 'invalid'] as const;

/**
 * The latest image imports, newest first: when, for which family, how it ended and what it stored.
 * Choosing one shows its progress or its report, so a job run from another tab or by another
 * administrator stays readable after a newer one.
 */
export function RecentImageJobs({
  jobs,
  chosen,
  onChoose,
}: {
  jobs: ImageJobSummary[];
  chosen: number | null;
  onChoose: (id: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const count = new Intl.NumberFormat(i18n.language);
  return (
    <nav aria-labelledby="recent-image-jobs">
      <Typography id="recent-image-jobs" variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {t('images.recent')}
      </Typography>
      <List dense disablePadding>
        {jobs.map((job) => (
          <ListItemButton
            key={job.id}
            selected={job.id === chosen}
            aria-current={job.id === chosen ? 'true' : undefined}
            onClick={() => onChoose(job.id)}
            sx={{ borderRadius: 2 }}
          >
            <ListItemText
              primary={
                <>
                  {when.format(new Date(job.startedAt))}
                  {' · '}
                  {job.family === null ? (
                    t('images.allFamilies')
                  ) : (
                    <ChoiceName resource="families" id={job.family} />
                  )}
                  {' · '}
                  {t(`images.jobStates.${job.state}`)}
                </>
              }
              secondary={COUNTED.filter((status) => job.counts[status] > 0)
                .map((status) => `${t(`images.statuses.${status}`)} ${count.format(job.counts[status])}`)
                .join(' · ')}
            />
          </ListItemButton>
        ))}
      </List>
    </nav>
  );
}
