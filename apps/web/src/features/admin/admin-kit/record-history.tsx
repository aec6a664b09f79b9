import type { ActivityEntity } from '@dalil/contracts/activity';
import { FORM_MAX_WIDTH } from '@dalil/contracts/constants';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useParams, useSearchParams } from 'react-router';
import { HistoryPanel } from './history-panel';

const TABS = ['details', 'history'] as const;
type RecordTab = (typeof TABS)[number];

/**
 * An edit page's two views of its record: Details (the form, `children`) and History (who changed
 * which field, with Revert). The chosen view is in the address (`?tab=history`), so a link can open
 * the history. The form stays mounted while History shows: unsaved edits survive a look at it. A
 * create page has no history, so it gets the form alone.
 */
export function RecordTabs({ entity, children }: { entity: ActivityEntity; children: ReactNode }) {
  const { t } = useTranslation();
  const { id } = useParams();
  const [params, setParams] = useSearchParams();
  if (id === undefined) return children;
  const tab: RecordTab = params.get('tab') === 'history' ? 'history' : 'details';
  const choose = (next: RecordTab) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'history') updated.set('tab', 'history');
        else updated.delete('tab');
        return updated;
      },
      { replace: true },
    );
  const ids = (view: RecordTab) => ({ tab: `record-${view}-tab`, panel: `record-${view}-panel` });
  const label = { details: t('admin.history.details'), history: t('admin.history.title') };
  return (
    <Box>
      <Tabs
        value={tab}
        onChange={(_event, value: RecordTab) => choose(value)}
        aria-label={t('admin.history.views')}
        sx={{ mb: 2, maxWidth: FORM_MAX_WIDTH, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((view) => (
          <Tab
            key={view}
            value={view}
            label={label[view]}
            id={ids(view).tab}
            aria-controls={ids(view).panel}
          />
        ))}
      </Tabs>
      <div
        role="tabpanel"
        id={ids('details').panel}
        aria-labelledby={ids('details').tab}
        hidden={tab !== 'details'}
      >
        {children}
      </div>
      {/* The history takes the page's whole width: its Changes column needs the room. */}
      {tab === 'history' && (
        <Paper
          variant="outlined"
          role="tabpanel"
          id={ids('history').panel}
          aria-labelledby={ids('history').tab}
          sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}
        >
          <HistoryPanel filters={{ entity, entityId: Number(id) }} />
        </Paper>
      )}
    </Box>
  );
}
