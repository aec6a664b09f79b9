import { describe, expect, it } from 'vitest';
import { catalogQueryString, pageCount, parseCatalogQuery, skipFor } from './catalog-query';

describe('catalogue paging', () => {
  it('has ceil(count / limit) pages, and none when the count is not a number', () => {
    expect(pageCount(40, 25)).toBe(2);
    expect(pageCount(50, 25)).toBe(2);
    expect(pageCount(51, 25)).toBe(3);
    expect(pageCount(0, 25)).toBe(0);
    expect(pageCount(undefined, 25)).toBe(0);
    expect(pageCount(Number.NaN, 25)).toBe(0);
  });

  it('skips limit x (page - 1) rows', () => {
    expect(skipFor(1, 25)).toBe(0);
    expect(skipFor(2, 25)).toBe(25);
    expect(skipFor(4, 25)).toBe(75);
    expect(skipFor(0, 25)).toBe(0);
  });

  it('reads and writes the filters in the URL, leaving defaults and nonsense out', () => {
    const query = parseCatalogQuery(new URLSearchParams('family=3&search=عجوه&category=7&page=2'));
    expect(query).toEqual({ family: 3, search: 'عجوه', category: 7, page: 2 });
    expect(new URLSearchParams(catalogQueryString(query)).get('search')).toBe('عجوه');
    expect(parseCatalogQuery(new URLSearchParams('family=x&page=-1&category=0'))).toEqual({
      family: null,
      search: '',
      category: null,
      page: 1,
    });
    expect(catalogQueryString({ family: 1, search: '  ', category: null, page: 1 })).toBe('?family=1');
  });
});
