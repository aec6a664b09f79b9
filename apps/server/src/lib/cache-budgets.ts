/**
 * The byte budgets of the process's in-process caches (lib/versioned-cache.ts), beside their entry
 * counts. Anonymous visitors choose what the visitor pages and search caches hold (any family, search
 * text, page or filter), so each must be bounded by what it holds, not only by how many: counted by
 * entries alone, 2,000 pages and 1,000 search answers grew a server by about 1.5 GB. Together these
 * budgets hold the caches to 97 MB, well under 200 MB above the process's own 350 MB or so (PGlite
 * included), so a server with 1 GB of memory keeps room for a large import while its caches are full.
 * The caches count each value's text at two bytes a character and its compressed copies; Map slots and
 * object headers add about 100 bytes an entry, under 2 MB for all of them.
 */
export const CACHE_BUDGETS = {
  /** Visitor pages: a rendered page of 25 cards with its data is 40-80 KB in memory. */
  pages: { entries: 2_000, bytes: 48 * 1024 * 1024 },
  /** Search answers: one page of 25 cards is 15-30 KB in memory, one of 100 cards about four times that. */
  search: { entries: 1_000, bytes: 32 * 1024 * 1024 },
  /** The guard's verdicts: a credential and the account it names, under 2 KB each. */
  session: { entries: 10_000, bytes: 16 * 1024 * 1024 },
  /** The sitemap's record counts: a few numbers for one catalogue version. */
  sitemap: { entries: 1, bytes: 1024 * 1024 },
} as const;
