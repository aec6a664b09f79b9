// The catalogue main screen keeps its filters in the address: a reload, a shared link and the
// browser's Back button all show the same results. The web app and the server's visitor pages read
// the address with this one parser.

/** The prefix of an attribute filter or facet in a search query or an address: `attr.<key>`. */
export const ATTRIBUTE_PARAM = 'attr.';

export interface CatalogQuery {
  family: number | null;
  search: string;
  category: number | null;
  page: number;
  /** Choice attribute filters (`attr.<key>=<option>`, repeated for several options); left out: none. */
  attributes?: Readonly<Record<string, readonly string[]>>;
}

const positiveInt = (raw: string | null): number | null => {
  if (raw === null || !/^[0-9]{1,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 ? n : null;
};

/** A product page's id from the address, as the catalogue reads ids: a positive whole number, else null. */
export const addressId = (raw: string): number | null => positiveInt(raw);

export function parseCatalogQuery(params: { get(name: string): string | null }): CatalogQuery {
  return {
    family: positiveInt(params.get('family')),
    search: params.get('search') ?? '',
    category: positiveInt(params.get('category')),
    page: positiveInt(params.get('page')) ?? 1,
  };
}
