import type { Activity } from '@dalil/contracts/activity';
import type { ImportRun } from '@dalil/contracts/import-runs';
import { WEBHOOK_EVENTS, type WebhookEvent } from '@dalil/contracts/webhooks';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { TFunction } from '../../../lib/i18n';
import { fieldLabel } from './history-labels';
import { useTranslation } from '../../../lib/i18n';
import { mediaUrl } from '../../../lib/media';
import { countOf } from '../../../lib/plural';
import { ChoiceName } from '../form-kit/choice-name';
import { importCountList } from './import-counts';

/** Fields holding a stored image's name: shown as thumbnails, not as file names. */
const IMAGE_FIELDS = new Set(['logo', 'image', 'cover', 'icon']);
const LEVELS = ['families', 'categories', 'products'];

function show(value: unknown, separator: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map((v) => show(v, separator)).join(separator);
  return JSON.stringify(value);
}

/** Fields holding the id of a family or category: shown by the record's name. */
const REFERENCES: Record<string, 'families' | 'categories'> = {
  family: 'families',
  families: 'families',
  category: 'categories',
  subCategory: 'categories',
  parent: 'categories',
};
const ROLES: Record<string, 'admin.fields.roleAdmin' | 'admin.users.roleEditor' | 'admin.fields.roleUser'> = {
  admin: 'admin.fields.roleAdmin',
  editor: 'admin.users.roleEditor',
  user: 'admin.fields.roleUser',
};

/** An instant as the API writes it (`2027-03-01T09:30:00.000Z`): shown as a date and time. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const isEvent = (value: unknown): value is WebhookEvent =>
  typeof value === 'string' && (WEBHOOK_EVENTS as readonly string[]).includes(value);

/**
 * A recorded value as a person reads it: names for ids, a role's name, a webhook's events by their
 * names, an instant in the screen's language, a list joined.
 */
function Value({ field, value }: { field: string; value: unknown }) {
  const { t, i18n } = useTranslation();
  const separator = t('admin.users.separator');
  const resource = REFERENCES[field];
  const ids = typeof value === 'number' ? [value] : Array.isArray(value) ? value : null;
  if (resource && ids?.length && ids.every((id) => typeof id === 'number'))
    return ids.map((id, index) => (
      <span key={id}>
        {index > 0 && separator}
        <ChoiceName resource={resource} id={id} />
      </span>
    ));
  const role = field === 'role' && typeof value === 'string' ? ROLES[value] : undefined;
  if (role) return t(role);
  // A setting (a family's GTIN rule): on or off in the screen's language.
  if (typeof value === 'boolean') return t(value ? 'admin.history.on' : 'admin.history.off');
  if (field === 'events' && Array.isArray(value) && value.every(isEvent))
    return value.map((event) => t(`webhooks.event.${event}`)).join(separator);
  if (typeof value === 'string' && INSTANT.test(value)) {
    const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
    return <time dateTime={value}>{format.format(new Date(value))}</time>;
  }
  return show(value, separator);
}

function Thumbnail({ name, label }: { name: unknown; label: string }) {
  const { t } = useTranslation();
  if (typeof name !== 'string' || name === '')
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        {t('admin.history.noImage')}
      </Typography>
    );
  return (
    <Box
      component="img"
      src={mediaUrl(name, 160)}
      alt={label}
      loading="lazy"
      sx={{
        width: 56,
        height: 56,
        objectFit: 'contain',
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'background.default',
        verticalAlign: 'middle',
      }}
    />
  );
}

/** An import's entry: what it created and updated, in words. */
function importSummary(t: TFunction, language: string, changes: Activity['changes']): string | null {
  const levels = LEVELS.filter((level) => level in changes);
  if (levels.length === 0) return null;
  const counts = Object.fromEntries(
    levels.map((level) => [level, changes[level]?.after]),
  ) as ImportRun['counts'];
  const created = importCountList(t, language, counts, 'created');
  const updated = importCountList(t, language, counts, 'updated');
  if (!created && !updated) return t('admin.imports.nothing');
  return [
    created && t('admin.imports.created', { list: created }),
    updated && t('admin.imports.updated', { list: updated }),
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * Each changed field of an entry: its name, the value before and after (images as thumbnails); an
 * import's counts and an undo's rows left alone in words.
 */
export function HistoryChanges({ entry }: { entry: Activity }) {
  const { t, i18n } = useTranslation();
  // Each value is isolated (its own direction, Arabic or Latin), so the arrow always points from the
  // value before to the value after in the page's reading direction.
  const arrow = useTheme().direction === 'rtl' ? ' ← ' : ' → ';
  const summary = entry.entity === 'import' ? importSummary(t, i18n.language, entry.changes) : null;
  if (summary) return <Typography variant="body2">{summary}</Typography>;
  // A create lists what the record was given, a delete what it had: empty fields say nothing there.
  const oneSided = entry.action === 'create' || entry.action === 'delete';
  const fields = Object.entries(entry.changes).filter(
    ([field, change]) => field !== 'kind' && !(oneSided && show(change.after ?? change.before, '') === '—'),
  );
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'minmax(0, auto) minmax(0, 1fr)',
        columnGap: 1.5,
        rowGap: 0.5,
      }}
    >
      {fields.map(([field, change]) => {
        const label = fieldLabel(t, field);
        const image = IMAGE_FIELDS.has(field);
        const only =
          entry.action === 'create'
            ? { value: change.after }
            : entry.action === 'delete'
              ? { value: change.before }
              : null;
        const value = (v: unknown) =>
          entry.entity === 'import' && field === 'skipped' && typeof v === 'number' ? (
            countOf(t, i18n.language, 'rows', v)
          ) : (
            <Value field={field} value={v} />
          );
        return (
          <Box key={field} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {only ? (
                // A create or a delete has one side only: the values themselves, without arrows.
                image ? (
                  <Thumbnail name={only.value} label={label} />
                ) : (
                  <Box component="span" dir="auto" sx={{ unicodeBidi: 'isolate' }}>
                    {value(only.value)}
                  </Box>
                )
              ) : image ? (
                <>
                  <Thumbnail name={change.before} label={`${label}: ${t('admin.history.imageBefore')}`} />
                  {arrow}
                  <Thumbnail name={change.after} label={`${label}: ${t('admin.history.imageAfter')}`} />
                </>
              ) : (
                <>
                  <Box
                    component="del"
                    dir="auto"
                    sx={{ color: 'error.main', unicodeBidi: 'isolate' }}
                    aria-label={t('admin.history.before')}
                  >
                    {value(change.before)}
                  </Box>
                  {arrow}
                  <Box
                    component="ins"
                    dir="auto"
                    sx={{ color: 'success.main', textDecoration: 'none', unicodeBidi: 'isolate' }}
                    aria-label={t('admin.history.after')}
                  >
                    {value(change.after)}
                  </Box>
                </>
              )}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
