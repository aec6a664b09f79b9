import { SEARCH_SUGGESTIONS } from '@dalil/contracts/search';
import { searchWords, stemWord } from '@dalil/contracts/search-analysis';
import type { PlannedQuery } from './query-plan';
import type { FamilyVocabulary } from './vocabulary';

/**
 * Did-you-mean, for a text that matched nothing: each word that matched no word of the family replaced
 * by its nearest vocabulary words (the commoner first), or, when every word matched on its own but
 * not all together, each word alone.
 */
export function suggestionsFor(plan: PlannedQuery, vocabulary: FamilyVocabulary): string[] {
  const words = searchWords(plan.q);
  const failing = words.map((w, i) => (plan.words[i]!.size === 0 ? i : -1)).filter((i) => i >= 0);
  const out = new Set<string>();
  if (failing.length === 0) {
    if (words.length > 1) for (const w of words) out.add(w);
  } else {
    const options = new Map(
      failing.map((i) => [
        i,
        vocabulary.suggest({ word: words[i]!, stem: stemWord(words[i]!), digits: false }, SEARCH_SUGGESTIONS),
      ]),
    );
    if ([...options.values()].every((o) => o.length > 0)) {
      for (let k = 0; k < SEARCH_SUGGESTIONS; k++) {
        out.add(
          words
            .map((w, i) => {
              const o = options.get(i);
              return o ? (o[k] ?? o[0]!) : w;
            })
            .join(' '),
        );
      }
    }
  }
  return [...out].filter((s) => s !== plan.q).slice(0, SEARCH_SUGGESTIONS);
}
