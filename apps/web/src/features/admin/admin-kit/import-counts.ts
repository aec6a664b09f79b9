import type { ImportRun } from '@dalil/contracts/import-runs';
import type { TFunction } from '../../../lib/i18n';
import { countOf } from '../../../lib/plural';

const LEVELS = ['families', 'categories', 'products'] as const;

/** What an import created or updated, in words ("2 categories, 5 products"); '' for nothing. */
export function importCountList(
  t: TFunction,
  language: string,
  counts: ImportRun['counts'],
  kind: 'created' | 'updated',
): string {
  return LEVELS.filter((level) => (counts[level]?.[kind] ?? 0) > 0)
    .map((level) => countOf(t, language, level, counts[level]?.[kind] ?? 0))
    .join(t('admin.users.separator'));
}
