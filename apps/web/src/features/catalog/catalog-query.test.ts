import { describe, expect, it } from 'vitest';
import {
  attributeParams,
  catalogQueryString,
  pageCount,
  parseCatalogAddress,
  parseCatalogQuery,
  queryForFamily,
  skipFor,
} from './catalog-query';

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

  it('keeps attribute filters in the address, a key repeated for several options', () => {
    const address = 'family=3&category=7&attr.origin=sa&attr.allergens=milk&attr.origin=eg';
    const query = parseCatalogAddress(new URLSearchParams(address));
    expect(query).toEqual({
      family: 3,
      search: '',
      category: 7,
      page: 1,
      attributes: { origin: ['sa', 'eg'], allergens: ['milk'] },
    });
    // Written back grouped by key.
    expect(catalogQueryString({ ...query, page: 2 })).toBe(
      '?family=3&category=7&attr.origin=sa&attr.origin=eg&attr.allergens=milk&page=2',
    );
    // The search asks for each key once, its options comma-separated.
    expect(attributeParams(query.attributes)).toEqual({ 'attr.origin': 'sa,eg', 'attr.allergens': 'milk' });
    expect(parseCatalogAddress(new URLSearchParams('family=3'))).not.toHaveProperty('attributes');
    // Coming back to the family shows its last filters.
    expect(queryForFamily(`?${address}`, 3).attributes).toEqual(query.attributes);
  });
});
