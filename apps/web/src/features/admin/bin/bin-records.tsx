import { BIN_RECORDS_SHOWN, type BinRecord } from '@dalil/contracts/bin';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { binApi } from './bin-api';

const KIND_OF_RECORD = {
  family: 'families',
  category: 'categories',
  product: 'products',
  synonym: 'synonyms',
} as const;
type Kind = (typeof KIND_OF_RECORD)[keyof typeof KIND_OF_RECORD] | 'subCategories';

/** The names an entry holds, by kind (the first BIN_RECORDS_SHOWN; the counts have them all). */
export function BinRecords({ id, total }: { id: number; total: number }) {
  const { t, i18n } = useTranslation();
  const detail = useQuery({
    queryKey: ['bin', 'entry', id],
    queryFn: ({ signal }) => binApi.one(id, signal),
  });
  if (!detail.data) return <CircularProgress size={20} aria-label={t('admin.bin.showRecords')} />;
  const groups = new Map<Kind, BinRecord[]>();
  for (const record of detail.data.records) {
    const kind: Kind =
      record.entity === 'category' && record.parent !== null
        ? 'subCategories'
        : KIND_OF_RECORD[record.entity];
    groups.set(kind, [...(groups.get(kind) ?? []), record]);
  }
  const name = (r: BinRecord) => (i18n.language === 'ar' ? r.name.ar : r.name.en) || `#${r.id}`;
  return (
    <>
      {[...groups].map(([kind, records]) => (
        <Typography key={kind} variant="body2" sx={{ mb: 0.5 }}>
          <strong>{t(`admin.bin.counts.${kind}`)}:</strong>{' '}
          {records.map(name).join(i18n.language === 'ar' ? '، ' : ', ')}
        </Typography>
      ))}
      {total > BIN_RECORDS_SHOWN && (
        <Typography variant="caption" color="text.secondary">
          {t('admin.bin.firstShown', { shown: BIN_RECORDS_SHOWN, count: total })}
        </Typography>
      )}
    </>
  );
}
