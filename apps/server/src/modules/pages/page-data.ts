import type { FastifyInstance } from 'fastify';
import { API_BASE, API_PATHS, withParams } from '@dalil/contracts/api-paths';
import { catalogKeys, type SearchArgs } from '@dalil/contracts/catalog-keys';
import type { CategoryList } from '@dalil/contracts/categories';
import { CATALOGUE_PAGE_SIZE, CATEGORY_ROW_SIZE, MAX_LIST_LIMIT } from '@dalil/contracts/constants';
import type { FamilyDetail, FamilyList } from '@dalil/contracts/families';
import type { Product } from '@dalil/contracts/products';
import type { SearchResult } from '@dalil/contracts/search';
import type { VisitorPage } from '../../lib/visitor-addresses';
import { findUserByUsername } from '../users/users.repository';

/** One answer the page carries: the app's cache key for it and the API's answer. */
export type PageEntry = readonly [key: readonly unknown[], data: unknown];

/** What a visitor page shows, as the API answers the guest; null when the page has nothing to show. */
export type PageData =
  | { kind: 'chooser'; families: FamilyList; entries: PageEntry[] }
  | {
      kind: 'catalog';
      family: FamilyDetail;
      categories: CategoryList;
      results: SearchResult;
      args: SearchArgs;
      entries: PageEntry[];
    }
  | { kind: 'product'; product: Product; family: FamilyDetail; entries: PageEntry[] };

const api = (path: string, query: Record<string, string | number> = {}) => {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const text = params.toString();
  return `${API_BASE}${path}${text ? `?${text}` : ''}`;
};

/** A guest token is minted again after this long (tokens live at least five minutes). */
const TOKEN_REUSE_MS = 2 * 60_000;

/**
 * Reads a visitor page's data through the app's own API, as the guest: the page then carries exactly
 * what the web app would have been answered (the same access rules, caches and shapes), under the
 * app's cache keys. The guest's token is made here and never leaves the server.
 */
export function createPageReader(app: FastifyInstance) {
  const { db, config, tokens } = app.ctx;
  let minted: { token: string; at: number } | null = null;

  async function guestToken(): Promise<string | null> {
    if (minted && Date.now() - minted.at < TOKEN_REUSE_MS) return minted.token;
    if (!config.guest) return null;
    const guest = await findUserByUsername(db, config.guest.username);
    if (!guest?.isGuest) return null;
    const token = await tokens.sign({ userId: guest.id, role: guest.role, tokenVersion: guest.tokenVersion });
    minted = { token, at: Date.now() };
    return token;
  }

  /**
   * The API's answer to a GET as the guest, or null for anything but a 200. A refused token (the
   * guest's password or account changed) is made again once.
   */
  async function read<T>(url: string, again = true): Promise<T | null> {
    const token = await guestToken();
    if (!token) return null;
    const response = await app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    if (response.statusCode === 401 && again) {
      minted = null;
      return read<T>(url, false);
    }
    return response.statusCode === 200 ? response.json<T>() : null;
  }

  const family = (id: number) => read<FamilyDetail>(api(withParams(`${API_PATHS.families}/:id`, { id })));

  return async function pageData(page: VisitorPage): Promise<PageData | null> {
    if (page.kind === 'chooser') {
      const families = await read<FamilyList>(api(API_PATHS.families, { limit: MAX_LIST_LIMIT, skip: 0 }));
      return families && { kind: 'chooser', families, entries: [[catalogKeys.families(), families]] };
    }
    if (page.kind === 'product') {
      const product = await read<Product>(api(withParams(`${API_PATHS.products}/:id`, { id: page.id })));
      const owner = product && (await family(product.family));
      if (!product || !owner) return null;
      return {
        kind: 'product',
        product,
        family: owner,
        entries: [
          [catalogKeys.product(product.id), product],
          [catalogKeys.family(owner.id), owner],
        ],
      };
    }
    const pageNumber = page.page ?? 1;
    const args: SearchArgs = {
      family: page.family,
      category: page.category ?? null,
      search: page.search ?? '',
      limit: CATALOGUE_PAGE_SIZE,
      skip: CATALOGUE_PAGE_SIZE * (pageNumber - 1),
    };
    const [detail, categories, results, families] = await Promise.all([
      family(page.family),
      read<CategoryList>(
        api(API_PATHS.categories, { family: page.family, parent: 'none', limit: CATEGORY_ROW_SIZE, skip: 0 }),
      ),
      read<SearchResult>(
        api(API_PATHS.search, {
          family: args.family,
          ...(args.category !== null ? { category: args.category } : {}),
          ...(args.search.trim() ? { search: args.search.trim() } : {}),
          limit: args.limit,
          skip: args.skip,
        }),
      ),
      read<FamilyList>(api(API_PATHS.families, { limit: MAX_LIST_LIMIT, skip: 0 })),
    ]);
    if (!detail || !categories || !results || !families) return null;
    return {
      kind: 'catalog',
      family: detail,
      categories,
      results,
      args,
      entries: [
        [catalogKeys.family(detail.id), detail],
        [catalogKeys.families(), families],
        [catalogKeys.categoryRow(detail.id, 'none'), { pages: [categories], pageParams: [0] }],
        [catalogKeys.search(args), results],
      ],
    };
  };
}
