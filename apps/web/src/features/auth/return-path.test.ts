import { describe, expect, it } from 'vitest';
import { returnPath } from './return-path';

describe('returnPath', () => {
  it('returns to a page of the same area', () => {
    expect(returnPath({ from: '/catalog/main/42' }, '/catalog/family')).toBe('/catalog/main/42');
    expect(returnPath({ from: '/catalog/print?family=3' }, '/catalog/family')).toBe(
      '/catalog/print?family=3',
    );
    expect(returnPath({ from: '/admin/product/list?page=2' }, '/admin/family/list')).toBe(
      '/admin/product/list?page=2',
    );
  });

  it('lands on the default page for another area, a login page, or no state', () => {
    expect(returnPath({ from: '/admin/user/list' }, '/catalog/family')).toBe('/catalog/family');
    expect(returnPath({ from: '/catalog/main' }, '/admin/family/list')).toBe('/admin/family/list');
    expect(returnPath({ from: '/catalog/login' }, '/catalog/family')).toBe('/catalog/family');
    expect(returnPath({ from: 'https://example.com/catalog/x' }, '/catalog/family')).toBe('/catalog/family');
    expect(returnPath(null, '/catalog/family')).toBe('/catalog/family');
    expect(returnPath({ from: 7 }, '/catalog/family')).toBe('/catalog/family');
  });
});
