import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { CategoryChoice, FamilyChoice } from './target-fields';
import { UploadPage } from './upload-page';

/** Upload Data (products): choose a Family, then a Category of it, then a CSV. */
export function UploadProductsPage() {
  const { t } = useTranslation();
  const [family, setFamily] = useState<number | ''>('');
  const [category, setCategory] = useState<number | ''>('');
  const pickFamily = (value: number | '') => {
    setFamily(value);
    setCategory('');
  };
  return (
    <UploadPage
      kind="products"
      targetFields={
        <>
          <FamilyChoice value={family} onChange={pickFamily} />
          <CategoryChoice family={family} value={category} onChange={setCategory} />
        </>
      }
      target={family === '' || category === '' ? null : { family, category }}
      notReadyText={t('upload.chooseTargetProducts')}
    />
  );
}
