import { normalizeSearchText } from '@dalil/contracts/search-text';
import { stemWord } from '@dalil/contracts/search-analysis';

/**
 * Words a shopper uses for one another that no stemmer joins: Arabic broken plurals of grocery words
 * (تمور is the plural of تمر, أجبان of جبن) and common alternative spellings. A query word matches the
 * words of its group as a stemmed word would (decision 0024). Written as a shopper writes them; they
 * are normalized and stemmed below, like every other word.
 */
const GROUPS: string[][] = [
  ['تمر', 'تمور'],
  ['جبن', 'جبنة', 'أجبان'],
  ['عصير', 'عصائر', 'عصاير'],
  ['حلوى', 'حلويات', 'حلاوة'],
  ['خضار', 'خضروات', 'خضراوات'],
  ['لبن', 'ألبان'],
  ['زيت', 'زيوت'],
  ['صلصة', 'صلصات'],
  ['معجون', 'معاجين'],
  ['كعك', 'كعكة'],
  ['بهار', 'بهارات', 'توابل'],
  ['حب', 'حبوب'],
  ['مشروب', 'مشروبات'],
  ['شراب', 'أشربة'],
  ['لوز', 'لوزيات'],
  ['مكسرات', 'مكسر'],
  ['بسكويت', 'بسكوت'],
  ['شوكولاتة', 'شوكولاته', 'شكولاتة', 'شيكولاتة'],
  ['yoghurt', 'yogurt', 'yoghourt'],
  ['halva', 'halwa', 'halawa'],
  ['ketchup', 'catsup'],
  ['chilli', 'chili'],
  ['cookie', 'biscuit'],
  ['hummus', 'houmous', 'humus'],
];

/** Synonyms by stem: each stem of a group gives the group's other stems. */
export type SynonymLookup = (stem: string) => string[];

/**
 * A lookup over groups of words as typed: each word normalized and stemmed like every other word
 * (a family's own groups, managed in the admin, go through this too).
 */
export function synonymLookup(groups: readonly (readonly string[])[]): SynonymLookup {
  const byStem = new Map<string, string[]>();
  for (const group of groups) {
    const stems = [...new Set(group.map((w) => stemWord(normalizeSearchText(w))).filter((s) => s !== ''))];
    for (const stem of stems) {
      const others = stems.filter((s) => s !== stem);
      byStem.set(stem, [...new Set([...(byStem.get(stem) ?? []), ...others])]);
    }
  }
  return (stem) => byStem.get(stem) ?? [];
}

/** The stems a stem is a synonym of in the built-in groups (not itself); empty when it is in none. */
export const synonymStems: SynonymLookup = synonymLookup(GROUPS);
