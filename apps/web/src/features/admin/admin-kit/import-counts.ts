// What an import run did, in words: its counts, or what a scheduled feed's run said.
import type { ImportRun } from '@dalil/contracts/import-runs';
import type { TFunction } from '../../../lib/i18n';
import { codeText, type ErrorParams } from '../../../lib/error-text';
import { countOf } from '../../../lib/plural';

const LEVELS = ['families', 'categories', 'products'] as const;

/**
 * What an import created or updated (or a bulk change set deleted), in words ("2 categories, 5
 * products"); '' for nothing.
 */
export function importCountList(
  t: TFunction,
  language: string,
  counts: ImportRun['counts'],
  kind: 'created' | 'updated' | 'deleted',
): string {
  return LEVELS.filter((level) => (counts[level]?.[kind] ?? 0) > 0)
    .map((level) => countOf(t, language, level, counts[level]?.[kind] ?? 0))
    .join(t('admin.users.separator'));
}

const number = (language: string, value: string | number | undefined) =>
  new Intl.NumberFormat(language).format(Number(value ?? 0));

/** What a feed's run said: its English sentence, with its code and params in the error catalogue. */
interface RunWords {
  message: string;
  code: string | null;
  params: ErrorParams | null;
}

/**
 * What a feed's run said (docs/decisions/0052-scheduled-feeds.md), in the UI's language by its code
 * and params: its counts, or why it failed. A code this client has no text for (a newer server's, or
 * a reason passed on from elsewhere, such as a network error) shows the sentence as it came.
 */
export function feedRunText(t: TFunction, language: string, run: RunWords): string {
  const params = run.params ?? {};
  if (run.code === 'feed.imported' || run.code === 'feed.importedLeftOut') {
    return [
      t('feeds.text.summary', {
        rows: countOf(t, language, 'rows', Number(params.rows ?? 0)),
        categoriesCreated: number(language, params.categoriesCreated),
        categoriesUpdated: number(language, params.categoriesUpdated),
        productsCreated: number(language, params.productsCreated),
        productsUpdated: number(language, params.productsUpdated),
      }),
      run.code === 'feed.importedLeftOut' &&
        t('feeds.text.leftOut', { n: number(language, params.problems) }),
    ]
      .filter(Boolean)
      .join(' · ');
  }
  if (run.code === 'feed.rejected' || run.code === 'import.rowProblems') {
    return t('feeds.text.rejected', { n: number(language, params.count) });
  }
  return codeText(run.code ?? undefined, params, t) ?? run.message;
}
