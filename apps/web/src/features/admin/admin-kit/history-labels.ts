import type { Activity, ActivityEntity } from '@dalil/contracts/activity';
import { ADMIN_RESOURCES } from '@dalil/contracts/admin-resources';
import type { TFunction } from '../../../lib/i18n';
import type { Language } from '../../../lib/preferences-store';

type ResourceEntity = (typeof ADMIN_RESOURCES)[number]['history']['entity'];
const resourceOf = (entity: ActivityEntity) => ADMIN_RESOURCES.find((r) => r.history.entity === entity);

/**
 * What the history calls a record of this kind: an admin resource's own word (its declaration's),
 * or the texts' name of the other kinds (imports, image loads).
 */
export function entityLabel(t: TFunction, language: Language, entity: ActivityEntity): string {
  const resource = resourceOf(entity);
  if (resource) return resource.words[language].one;
  return t(`admin.history.entities.${entity as Exclude<ActivityEntity, ResourceEntity>}`);
}

/** The fields of API keys and webhooks, labelled as their lists' columns are. */
const INTEGRATION_FIELDS = {
  name: 'apiKeys.name',
  prefix: 'apiKeys.prefix',
  createdAt: 'apiKeys.created',
  expiresAt: 'apiKeys.expires',
  lastUsedAt: 'apiKeys.lastUsed',
  revokedAt: 'apiKeys.revoked',
  url: 'webhooks.url',
  events: 'webhooks.events',
  enabled: 'webhooks.enabled',
  disabledAt: 'webhooks.disabled',
  disabledReason: 'webhooks.disabledReason',
} as const;

/** A field's label in the UI language (the server names fields as the API does). */
export function fieldLabel(t: TFunction, field: string): string {
  if (field === 'words') return t('admin.synonyms.words');
  if (field === 'number') return t('admin.fields.code');
  if (field in INTEGRATION_FIELDS) return t(INTEGRATION_FIELDS[field as keyof typeof INTEGRATION_FIELDS]);
  return t(`admin.fields.${field}`, { defaultValue: field });
}

/** "Product «Mint Tea»": the record's kind and name (its id while the name is unknown). */
export function recordLabel(t: TFunction, language: Language, entry: Activity): string {
  const entity = entityLabel(t, language, entry.entity);
  const name = entry.name ? (language === 'ar' ? entry.name.ar : entry.name.en) : null;
  // An import is named by its file alone: "Imported · «spring.csv»", not "Imported · Import «…»".
  if (name && entry.entity === 'import') return `«\u2068${name}\u2069»`;
  if (name) return t('admin.history.record', { entity, name: `«\u2068${name}\u2069»` });
  return entry.entityId === null ? entity : `${entity} #${entry.entityId}`;
}
