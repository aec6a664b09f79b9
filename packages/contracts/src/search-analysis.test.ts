import { describe, expect, it } from 'vitest';
import {
  allowedTypos,
  analyzeSearchText,
  editDistance,
  searchWords,
  stemWord,
  stripArabicPrefix,
  withinOneEdit,
} from './search-analysis';
import { normalizeSearchText } from './search-text';

const stem = (word: string) => stemWord(normalizeSearchText(word));

describe('searchWords', () => {
  it.each([
    ['تمر مجدول medjool dates', ['تمر', 'مجدول', 'medjool', 'dates']],
    ['apricot nectar (qamar al-din)', ['apricot', 'nectar', 'qamar', 'al', 'din']],
    ["ka'ak with sesame", ['kaak', 'with', 'sesame']],
    ['شوكولاته داكنه 70٪', ['شوكولاته', 'داكنه', '70']],
    ['عصير، برتقال؛ طازج؟', ['عصير', 'برتقال', 'طازج']],
    ['%%%', []],
    ['a_b 1.5', ['a', 'b', '1', '5']],
  ])('splits %s', (text, words) => {
    expect(searchWords(text)).toEqual(words);
  });
});

describe('stemWord: Arabic prefixes', () => {
  it.each([
    ['الحمص', 'حمص'],
    ['والتمر', 'تمر'],
    ['بالتمر', 'تمر'],
    ['كالعسل', 'عسل'],
    ['فالعسل', 'عسل'],
    ['للعسل', 'عسل'],
    ['وعسل', 'عسل'],
  ])('%s becomes %s', (word, expected) => {
    expect(stem(word)).toBe(expected);
  });

  it('leaves at least two letters after an article and three after و', () => {
    expect(stem('الم')).toBe('الم');
    expect(stem('ورق')).toBe('ورق');
    expect(stripArabicPrefix('ورق')).toBe('ورق');
    expect(stripArabicPrefix('وحليب')).toBe('حليب');
  });

  it('removes one prefix only', () => {
    expect(stem('والبال')).toBe('بال');
  });
});

describe('stemWord: Arabic suffixes', () => {
  it.each([
    ['علبها', 'علب'],
    ['مربيان', 'مرب'],
    ['معلبات', 'معلب'],
    ['مستوردون', 'مستورد'],
    ['مستوردين', 'مستورد'],
    ['طبيعيه', 'طبيع'],
    ['طبيعية', 'طبيع'],
    ['جبنه', 'جبن'],
    ['جبنة', 'جبن'],
    ['طبيعي', 'طبيع'],
  ])('%s becomes %s', (word, expected) => {
    expect(stem(word)).toBe(expected);
  });

  it('removes a prefix and suffixes together', () => {
    expect(stem('بالفراولة')).toBe(stem('فراولة'));
    expect(stem('الحلويات')).toBe('حلو');
  });

  it('keeps at least two letters', () => {
    expect(stem('ذرة')).toBe('ذر');
    expect(stem('يه')).toBe('يه');
    expect(stem('تين')).toBe('تين');
  });
});

describe('stemWord: English plurals', () => {
  it.each([
    ['dates', 'date'],
    ['boxes', 'box'],
    ['cherries', 'cherry'],
    ['cookies', 'cookie'],
    ['cheeses', 'cheese'],
    ['tomatoes', 'tomato'],
    ['peaches', 'peach'],
    ['dishes', 'dish'],
    ['juices', 'juice'],
    ['sizes', 'size'],
    ['oranges', 'orange'],
    ['pickles', 'pickle'],
    ['movies', 'movie'],
  ])('%s and %s share a stem', (plural, singular) => {
    expect(stem(plural)).toBe(stem(singular));
  });

  it('keeps a final e that no plural explains apart', () => {
    expect(stem('chocolate')).not.toBe(stem('chocolat'));
    expect(stem('dates')).toBe('date');
  });

  it('lower-cases and leaves -ss, -us, -is and short words alone', () => {
    expect(stem('GLASS')).toBe('glass');
    expect(stem('hummus')).toBe('hummus');
    expect(stem('basis')).toBe('basis');
    expect(stem('gas')).toBe('gas');
  });

  it('keeps digits and words in other scripts', () => {
    expect(stem('٦٢٨١')).toBe('6281');
    expect(stem('ﬁsh')).toBe('fish');
  });
});

describe('analyzeSearchText', () => {
  it('normalizes, splits and stems, keeping each word as typed', () => {
    expect(analyzeSearchText('الحُمّص  Dates ٧٠')).toEqual([
      { word: 'الحمص', stem: 'حمص', digits: false },
      { word: 'dates', stem: 'date', digits: false },
      { word: '70', stem: '70', digits: true },
    ]);
  });
});

describe('allowedTypos', () => {
  it.each([
    ['tea', 0],
    ['juce', 1],
    ['mejdool', 1],
    ['biscuits', 2],
    ['تمور', 1],
  ])('%s allows %i', (word, n) => {
    expect(allowedTypos(word)).toBe(n);
  });
});

describe('editDistance', () => {
  it.each([
    ['juce', 'juice', 1],
    ['mejdool', 'medjool', 1],
    ['medjool', 'medjool', 0],
    ['biscuts', 'biscuits', 1],
    ['bsicuts', 'biscuits', 2],
    ['تمور', 'تمر', 1],
    ['حمس', 'حمص', 1],
    ['ab', 'ba', 1],
    ['kitten', 'sitting', 3],
  ])('%s to %s is %i', (a, b, d) => {
    expect(editDistance(a, b, 3)).toBe(d);
    expect(editDistance(b, a, 3)).toBe(d);
  });

  it.each([
    ['juce', 'juice'],
    ['juice', 'juce'],
    ['mejdool', 'medjool'],
    ['medjool', 'medjool'],
    ['biscuts', 'biscuits'],
    ['bsicuts', 'biscuits'],
    ['abcd', 'abdc'],
    ['abcd', 'bacd'],
    ['abcd', 'acbe'],
    ['abcd', 'xbcd'],
    ['abcd', 'abc'],
    ['abcd', 'bcd'],
    ['abcd', 'abxcd'],
    ['abcd', 'ab'],
    ['تمور', 'تمر'],
    ['حمس', 'حمص'],
  ])('withinOneEdit(%s, %s) agrees with editDistance(…, 1)', (a, b) => {
    expect(withinOneEdit(a, b)).toBe(editDistance(a, b, 1));
  });

  it('stops at max + 1', () => {
    expect(editDistance('kitten', 'sitting', 1)).toBe(2);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });
});
