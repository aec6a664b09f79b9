// What bench/lighthouse audits: two pages, each for a first-time and a returning visitor.

export type Page = 'main' | 'product';
export type Visitor = 'first' | 'returning';

export interface Scenario {
  page: Page;
  visitor: Visitor;
  /** Path audited. */
  path: string;
  /** Local storage before the load: empty for a first-time visitor. */
  storage: Record<string, string>;
}

interface Catalogue {
  token: string;
  family: { id: number } & Record<string, unknown>;
  productId: number;
}

/** The demo catalogue's first family and its first product, read through the API as the guest. */
export async function readCatalogue(origin: string, token: string): Promise<Catalogue> {
  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${origin}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
    return (await response.json()) as T;
  };
  const families = await get<{ data: Catalogue['family'][] }>('/api/family?limit=1');
  const family = families.data[0];
  if (!family) throw new Error('the demo catalogue has no family');
  const products = await get<{ data: { id: number }[] }>(`/api/search?family=${family.id}&limit=1`);
  const product = products.data[0];
  if (!product) throw new Error('the demo family has no product');
  return { token, family, productId: product.id };
}

/**
 * A returning visitor has what the visitor login and the chooser leave in local storage: the
 * session token and the chosen family (and the interface language, Arabic). A first-time visitor has
 * nothing: the app signs them in as the guest first, then shows the page (the product) or, with no
 * family chosen yet, the chooser (the main screen's address).
 */
export function scenarios(catalogue: Catalogue, pages: Page[], visitors: Visitor[]): Scenario[] {
  const returning = {
    token: catalogue.token,
    family: String(catalogue.family.id),
    selectedFamily: JSON.stringify(catalogue.family),
    language: 'ar',
  };
  const paths: Record<Page, string> = {
    main: '/catalog/main',
    product: `/catalog/main/${catalogue.productId}`,
  };
  return pages.flatMap((page) =>
    visitors.map((visitor) => ({
      page,
      visitor,
      path: paths[page],
      storage: visitor === 'returning' ? returning : {},
    })),
  );
}
