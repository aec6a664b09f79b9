import { FORM_MAX_WIDTH } from '@dalil/contracts/constants';
import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { chosenId } from '../form-kit/remote-choice-api';
import { resourceApis } from '../resource-kit/resource-api';

/**
 * An edited family's products complete in each language ("complete in Arabic: 8 of 12, in English:
 * 12 of 12"), from the family's detail as the form loaded it: this only reads that query's answer
 * (never asking itself), so there is one request and the form's own handling of its failure.
 */
export function FamilyCompleteness() {
  const { t, i18n } = useTranslation();
  const id = chosenId(useParams().id);
  const detail = useQuery({
    queryKey: ['families', 'one', id ?? undefined],
    queryFn: ({ signal }) => resourceApis.families.one(id!, signal),
    enabled: false,
  });
  if (!detail.data) return null;
  const { products, complete } = detail.data.counts;
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Alert severity="info" variant="outlined" icon={false} sx={{ mb: 2, maxWidth: FORM_MAX_WIDTH }}>
      {t('attributes.family.complete', {
        ar: number.format(complete.ar),
        en: number.format(complete.en),
        total: number.format(products),
      })}
    </Alert>
  );
}
