import type { ImportReport } from '@dalil/contracts/imports';

const none = { created: 0, updated: 0, unchanged: 0 };

/** Test data: a products preview, clean or with problems. */
export function productsReport(overrides: Partial<ImportReport> = {}): ImportReport {
  return {
    kind: 'products',
    format: 'csv',
    dryRun: true,
    imported: false,
    rows: 4,
    families: none,
    categories: none,
    products: { created: 3, updated: 1, unchanged: 0 },
    problemCount: 0,
    problems: [],
    warningCount: 0,
    warnings: [],
    ...overrides,
  };
}

export const withProblems = productsReport({
  products: { created: 2, updated: 0, unchanged: 0 },
  problemCount: 2,
  problems: [
    {
      line: 3,
      column: 'productBarcode',
      reason: 'must contain digits only',
      code: 'field.digitsOnly',
      params: {},
    },
    {
      line: 4,
      column: 'productNameAr',
      reason: 'This field is required',
      code: 'field.required',
      params: {},
    },
  ],
});

/** A preview where line 3 has two mistakes: both are listed, each on its column. */
export const twoMistakesInOneRow = productsReport({
  products: { created: 1, updated: 0, unchanged: 0 },
  problemCount: 3,
  problems: [
    withProblems.problems[0]!,
    {
      line: 3,
      column: 'productCost',
      reason: 'must be 0 or more',
      code: 'field.notNegative',
      params: {},
    },
    withProblems.problems[1]!,
  ],
});
