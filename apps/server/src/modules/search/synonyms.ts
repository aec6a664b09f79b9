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

const BY_STEM = new Map<string, string[]>();
for (const group of GROUPS) {
  const stems = [...new Set(group.map((w) => stemWord(normalizeSearchText(w))))];
  for (const stem of stems) {
    const others = stems.filter((s) => s !== stem);
    BY_STEM.set(stem, [...new Set([...(BY_STEM.get(stem) ?? []), ...others])]);
  }
}

/** The stems a stem is a synonym of (not itself); empty when it is in no group. */
export function synonymStems(stem: string): string[] {
  return BY_STEM.get(stem) ?? [];
}
