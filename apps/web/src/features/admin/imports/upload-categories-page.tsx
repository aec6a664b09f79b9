import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { FamilyChoice } from './target-fields';
import { UploadPage } from './upload-page';

/** Upload Data (categories): choose a Family, then a CSV. */
export function UploadCategoriesPage() {
  const { t } = useTranslation();
  const [family, setFamily] = useState<number | ''>('');
  return (
    <UploadPage
      kind="categories"
      targetFields={<FamilyChoice value={family} onChange={setFamily} />}
      target={family === '' ? null : { family }}
      notReadyText={t('upload.chooseTarget')}
    />
  );
}
