// What an import run did, in words: its counts, or what a scheduled feed's run said.
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

type Rule = [RegExp, (t: TFunction, m: RegExpMatchArray, language: string) => string];

const number = (language: string, value: string | undefined) =>
  new Intl.NumberFormat(language).format(Number(value ?? 0));

/** The server's words for a feed run (docs/decisions/0052-scheduled-feeds.md), in the UI's language. */
const RULES: Rule[] = [
  [/^The file has not changed since the last import$/, (t) => t('feeds.text.unchanged')],
  [
    /^(\d+) rows? read; categories: (\d+) created, (\d+) updated; products: (\d+) created, (\d+) updated(?:; (\d+) row problems? left out)?$/,
    (t, m, language) =>
      [
        t('feeds.text.summary', {
          rows: countOf(t, language, 'rows', Number(m[1])),
          categoriesCreated: number(language, m[2]),
          categoriesUpdated: number(language, m[3]),
          productsCreated: number(language, m[4]),
          productsUpdated: number(language, m[5]),
        }),
        m[6] && t('feeds.text.leftOut', { n: number(language, m[6]) }),
      ]
        .filter(Boolean)
        .join(' · '),
  ],
  [
    /^(\d+) row problems?; nothing was imported$/,
    (t, m, language) => t('feeds.text.rejected', { n: number(language, m[1]) }),
  ],
  [
    /^The address answered HTTP (\d+) instead of the file$/,
    (t, m) => t('feeds.text.httpStatus', { status: m[1] }),
  ],
  [
    /^The file is larger than (\d+) MB$/,
    (t, m, language) => t('feeds.text.tooLarge', { mb: number(language, m[1]) }),
  ],
  [
    /^(\S+) resolves to a private or local address \(([^)]+)\)/,
    (t, m) => t('feeds.text.privateAddress', { host: `\u2068${m[1]}\u2069`, address: `\u2068${m[2]}\u2069` }),
  ],
  [/^The download was stopped or took too long$/, (t) => t('feeds.text.stopped')],
];

/**
 * What a feed's run said (its counts, or why it failed) in the UI's language; a reason the server
 * passed on from elsewhere (a network error) stays as it came.
 */
export function feedRunText(t: TFunction, language: string, message: string): string {
  for (const [pattern, say] of RULES) {
    const match = pattern.exec(message);
    if (match) return say(t, match, language);
  }
  return message;
}
