import type { Activity } from '@dalil/contracts/activity';
import type { TFunction } from '../../../lib/i18n';

/** A field's label in the UI language (the server names fields as the API does). */
export function fieldLabel(t: TFunction, field: string): string {
  if (field === 'words') return t('admin.synonyms.words');
  if (field === 'number') return t('admin.fields.code');
  return t(`admin.fields.${field}`, { defaultValue: field });
}

/** "Product «Mint Tea»": the record's kind and name (its id while the name is unknown). */
export function recordLabel(t: TFunction, language: string, entry: Activity): string {
  const entity = t(`admin.history.entities.${entry.entity}`);
  const name = entry.name ? (language === 'ar' ? entry.name.ar : entry.name.en) : null;
  // An import is named by its file alone: "Imported · «spring.csv»", not "Imported · Import «…»".
  if (name && entry.entity === 'import') return `«\u2068${name}\u2069»`;
  if (name) return t('admin.history.record', { entity, name: `«\u2068${name}\u2069»` });
  return entry.entityId === null ? entity : `${entity} #${entry.entityId}`;
}
