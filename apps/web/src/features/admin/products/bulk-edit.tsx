import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DriveFileMove from '@mui/icons-material/DriveFileMove';
import PublishedWithChanges from '@mui/icons-material/PublishedWithChanges';
import Tune from '@mui/icons-material/Tune';
import type { PublicationStatus } from '@dalil/contracts/publication';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ListSelection } from '../../../components/list-kit-selection-state';
import { isApiError } from '../../../lib/api-error';
import { codeText } from '../../../lib/error-text';
import { useTranslation } from '../../../lib/i18n';
import { countOf } from '../../../lib/plural';
import { failureMessage } from '../form-kit/field-message';
import { RemoteChoice } from '../form-kit/remote-choice';
import { chosenId } from '../form-kit/remote-choice-api';
import { BulkAttributeChoice } from './bulk-attribute';
import { applyBulkChange, undoBulkChange, type BulkChange, type BulkOutcome } from './bulk-api';

type Kind = BulkChange['kind'];

/**
 * The product list's bulk actions: change the status, move to a category, set an attribute, delete to
 * the bin.
 */
export function ProductBulkActions({ selection }: { selection: ListSelection }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<Kind | null>(null);
  return (
    <>
      <Button size="small" startIcon={<PublishedWithChanges />} onClick={() => setKind('status')}>
        {t('bulk.status')}
      </Button>
      <Button size="small" startIcon={<DriveFileMove />} onClick={() => setKind('category')}>
        {t('bulk.category')}
      </Button>
      <Button size="small" startIcon={<Tune />} onClick={() => setKind('attribute')}>
        {t('bulk.attribute')}
      </Button>
      <Button size="small" color="error" startIcon={<DeleteOutlined />} onClick={() => setKind('delete')}>
        {t('bulk.delete')}
      </Button>
      {kind && <BulkChangeDialog kind={kind} selection={selection} onClose={() => setKind(null)} />}
    </>
  );
}

interface Progress {
  phase: 'reading' | 'writing';
  done: number;
  total: number;
}

type Step =
  | { at: 'choose' }
  | { at: 'running'; progress: Progress }
  | { at: 'done'; outcome: BulkOutcome }
  | { at: 'failed'; error: unknown };

type Undo = 'no' | 'busy' | 'done' | { conflicts: number } | { error: unknown };

/**
 * One bulk change from choice to result: the value, a confirmation naming how many products, a
 * progress bar while the requests go, then what was changed, what was not and why, and Undo.
 */
function BulkChangeDialog({
  kind,
  selection,
  onClose,
}: {
  kind: Kind;
  selection: ListSelection;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const client = useQueryClient();
  const [status, setStatus] = useState<PublicationStatus>('published');
  const [category, setCategory] = useState<number | null>(null);
  const [attribute, setAttribute] = useState<BulkChange | null>(null);
  const [step, setStep] = useState<Step>({ at: 'choose' });
  const [undo, setUndo] = useState<Undo>('no');
  const family = chosenId(selection.query.family);
  const products = (n: number) => countOf(t, i18n.language, 'products', n);
  const change: BulkChange | null =
    kind === 'status'
      ? { kind, status }
      : kind === 'category'
        ? category === null
          ? null
          : { kind, category }
        : kind === 'attribute'
          ? attribute
          : { kind };

  const apply = async () => {
    if (!change) return;
    setStep({ at: 'running', progress: { phase: 'reading', done: 0, total: selection.count } });
    try {
      const outcome = await applyBulkChange(selection, change, (phase, done, total) =>
        setStep({ at: 'running', progress: { phase, done, total } }),
      );
      setStep({ at: 'done', outcome });
    } catch (error) {
      setStep({ at: 'failed', error });
    }
    await client.invalidateQueries();
  };

  const takeBack = async (changeSet: number, skipConflicts: boolean) => {
    setUndo('busy');
    try {
      await undoBulkChange(changeSet, skipConflicts);
      setUndo('done');
    } catch (error) {
      const details = isApiError(error) ? error.body?.details : undefined;
      setUndo(
        isApiError(error) && error.status === 409 && details?.length
          ? { conflicts: details.length }
          : { error },
      );
    }
    await client.invalidateQueries();
  };

  const close = () => {
    if (step.at === 'done') selection.clear();
    onClose();
  };
  const running = step.at === 'running' || undo === 'busy';

  return (
    <Dialog open onClose={running ? undefined : close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t(`bulk.title.${kind}`)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {step.at === 'choose' && (
            <>
              {kind === 'status' && (
                <RadioGroup
                  aria-label={t('bulk.newStatus')}
                  value={status}
                  onChange={(event) => setStatus(event.target.value as PublicationStatus)}
                >
                  <FormControlLabel value="published" control={<Radio />} label={t('bulk.published')} />
                  <FormControlLabel value="draft" control={<Radio />} label={t('bulk.draft')} />
                </RadioGroup>
              )}
              {kind === 'attribute' &&
                (family === null ? (
                  <Alert severity="info">{t('bulk.chooseFamilyFirstAttribute')}</Alert>
                ) : (
                  <BulkAttributeChoice family={family} onChange={setAttribute} />
                ))}
              {kind === 'category' &&
                (family === null ? (
                  <Alert severity="info">{t('bulk.chooseFamilyFirst')}</Alert>
                ) : (
                  <RemoteChoice
                    resource="categories"
                    scope={{ family }}
                    label={t('bulk.newCategory')}
                    value={category}
                    onChange={setCategory}
                    fullWidth
                  />
                ))}
              <Typography>
                {t(`bulk.confirm.${kind}`, { products: products(selection.count) })} {t('bulk.undoable')}
              </Typography>
            </>
          )}
          {step.at === 'running' && (
            <>
              <Typography aria-live="polite">
                {t(`bulk.progress.${step.progress.phase}`, {
                  done: step.progress.done.toLocaleString(i18n.language),
                  products: products(step.progress.total),
                })}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={step.progress.total === 0 ? 0 : (100 * step.progress.done) / step.progress.total}
                aria-label={t('bulk.progressLabel')}
              />
            </>
          )}
          {step.at === 'failed' && (
            <Alert severity="error">{failureMessage(step.error, t, i18n.language)}</Alert>
          )}
          {step.at === 'done' && (
            <>
              <Alert severity={step.outcome.failed.length === 0 ? 'success' : 'warning'}>
                {t(`bulk.done.${kind}`, { products: products(step.outcome.changed) })}
                {step.outcome.failed.length > 0 &&
                  ` ${t('bulk.notChanged', { products: products(step.outcome.failed.length) })}`}
              </Alert>
              {step.outcome.failed.length > 0 && (
                <Stack component="ul" spacing={0.5} sx={{ m: 0, ps: 3, maxHeight: 200, overflow: 'auto' }}>
                  {step.outcome.failed.slice(0, 50).map((failure) => (
                    <Typography component="li" variant="body2" key={failure.id}>
                      {t('bulk.failure', {
                        id: failure.id,
                        reason: codeText(failure.code, failure.params, t) ?? failure.message,
                      })}
                    </Typography>
                  ))}
                </Stack>
              )}
              {undo === 'done' && <Alert severity="info">{t('bulk.undone')}</Alert>}
              {typeof undo === 'object' && 'conflicts' in undo && (
                <Alert severity="warning">
                  {t('bulk.undoConflicts', { products: products(undo.conflicts) })}
                </Alert>
              )}
              {typeof undo === 'object' && 'error' in undo && (
                <Alert severity="error">{failureMessage(undo.error, t, i18n.language)}</Alert>
              )}
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {step.at === 'choose' && (
          <>
            <Button onClick={close}>{t('admin.remove.cancel')}</Button>
            <Button
              variant="contained"
              color={kind === 'delete' ? 'error' : 'primary'}
              disabled={!change || selection.count === 0}
              onClick={() => void apply()}
            >
              {t(`bulk.apply.${kind}`, { products: products(selection.count) })}
            </Button>
          </>
        )}
        {step.at === 'done' && step.outcome.changeSet !== null && undo !== 'done' && (
          <Button
            disabled={undo === 'busy'}
            onClick={() =>
              void takeBack(step.outcome.changeSet!, typeof undo === 'object' && 'conflicts' in undo)
            }
          >
            {typeof undo === 'object' && 'conflicts' in undo ? t('bulk.undoRest') : t('bulk.undo')}
          </Button>
        )}
        {(step.at === 'done' || step.at === 'failed') && (
          <Button variant="contained" disabled={undo === 'busy'} onClick={close}>
            {t('bulk.close')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
