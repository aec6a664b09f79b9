import { describe, expect, it } from 'vitest';
import { visitorAddress, visitorPath } from './visitor-addresses';

describe('visitor addresses', () => {
  it("gives each language its ?lang= and the address without one to the visitor's own", () => {
    expect(visitorPath({ kind: 'product', id: 5 }, 'ar')).toBe('/catalog/main/5?lang=ar');
    expect(visitorPath({ kind: 'product', id: 5 }, null)).toBe('/catalog/main/5');
    expect(visitorPath({ kind: 'product', id: 5 }, 'en')).toBe('/catalog/main/5?lang=en');
    expect(visitorPath({ kind: 'chooser' }, 'en')).toBe('/catalog/family?lang=en');
  });

  it("carries a catalogue page's family, search, category and page as the app reads them", () => {
    const page = { kind: 'catalog', family: 2, category: 7, search: ' شاي ', page: 3 } as const;
    expect(visitorAddress('https://c.example', page, 'en')).toBe(
      'https://c.example/catalog/main?family=2&search=%D8%B4%D8%A7%D9%8A&category=7&page=3&lang=en',
    );
    expect(visitorPath({ kind: 'catalog', family: 2, page: 1 }, null)).toBe('/catalog/main?family=2');
  });
});
