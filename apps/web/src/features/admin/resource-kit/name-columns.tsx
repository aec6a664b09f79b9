import type { TFunction } from '../../../lib/i18n';
import type { ListColumn } from '../../../components/list-kit';

interface Named {
  nameAr: string;
  nameEn: string;
}

/** Families, categories and products list Name Ar and Name En. */
export function nameColumns<T extends Named>(t: TFunction): ListColumn<T>[] {
  return [
    { id: 'nameAr', label: t('admin.list.nameAr'), dir: 'rtl', render: (row) => row.nameAr },
    { id: 'nameEn', label: t('admin.list.nameEn'), dir: 'ltr', render: (row) => row.nameEn },
  ];
}

/** The record's name in the UI language (row menus, choices). */
export const nameOf = (row: Named, language: string) => (language === 'ar' ? row.nameAr : row.nameEn);
