import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { RemoteChoice } from '../form-kit/remote-choice';
import { choiceListQuery } from '../form-kit/remote-choice-api';

interface ChoiceProps {
  value: number | '';
  onChange: (value: number | '') => void;
}

const toChoice = (value: number | '') => (value === '' ? null : value);

/** The Family an upload of categories or products goes to. */
export function FamilyChoice({ value, onChange }: ChoiceProps) {
  const { t } = useTranslation();
  return (
    <RemoteChoice
      resource="families"
      label={t('upload.family')}
      required
      fullWidth
      value={toChoice(value)}
      onChange={(id) => onChange(id ?? '')}
    />
  );
}

/** Then a Category of that family (upload products). */
export function CategoryChoice({ family, value, onChange }: ChoiceProps & { family: number | '' }) {
  const { t } = useTranslation();
  // The same first page the choice asks for: a family without categories says so instead.
  const first = useQuery({
    ...choiceListQuery('categories', { family: family === '' ? 0 : family }, ''),
    enabled: family !== '',
  });
  const empty = family !== '' && first.data?.count === 0;
  return (
    <RemoteChoice
      resource="categories"
      scope={{ family: family === '' ? undefined : family }}
      label={t('upload.category')}
      required
      fullWidth
      value={toChoice(value)}
      onChange={(id) => onChange(id ?? '')}
      disabled={family === '' || empty}
      helperText={
        family === '' ? t('upload.chooseFamilyFirst') : empty ? t('upload.noCategories') : undefined
      }
    />
  );
}
