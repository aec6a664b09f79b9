import {
  codedWarning,
  MAX_LISTED_PROBLEMS,
  CSV_COLUMNS,
  IMPORT_COLUMNS,
  OLD_COLUMN_NAMES,
  REQUIRED_COLUMNS,
  type CsvColumn,
  type ImportKind,
  type ImportWarning,
} from '@dalil/contracts/imports';
import { badRequest } from '../../lib/errors';
import { ATTR_COLUMN, attributePlans, type AttributePlans } from './attribute-cells';

export interface Header {
  /** Cell index of each column the file has. */
  index: Map<CsvColumn, number>;
  /** The name the file gives each column, where it is a former one (productExpDate): problems use it. */
  fileNames: Map<CsvColumn, string>;
  /** Cell index of each attribute column (`attr.<key>`, `attr.<key>.ar|en`), by lower-case name. */
  attributeIndex: Map<string, number>;
  /** What each row's attribute cells are read as, by the row's family. */
  attributePlans: AttributePlans;
  /** Number of header cells: a row with more non-empty cells has a stray separator. */
  width: number;
  /** At most MAX_LISTED_PROBLEMS warnings are kept; warningCount counts them all. */
  warnings: ImportWarning[];
  warningCount: number;
}

const byLowerName = new Map<string, CsvColumn>([
  ...CSV_COLUMNS.map((c) => [c.toLowerCase(), c] as const),
  ...Object.entries(OLD_COLUMN_NAMES).map(([old, c]) => [old.toLowerCase(), c] as const),
]);
const oldNames = new Map(Object.entries(OLD_COLUMN_NAMES).map(([old, c]) => [c, old]));

/** A column as a problem names it (its name in `CSV_COLUMNS` or a former one) back to its column. */
export const columnOf = (name: string): CsvColumn | undefined => byLowerName.get(name.toLowerCase());

/**
 * Matches header cells to the import's columns (`CSV_COLUMNS` in the contracts) by name, in any
 * order and any letter case, a renamed column under its new or former name (`OLD_COLUMN_NAMES`, not
 * both); attribute columns (`attr.<key>`) are kept apart, checked against the
 * family's attributes by the caller. Empty header cells (the leading empty column of older templates
 * and example files) are ignored; other unknown names, and
 * columns this kind of file does not use, are ignored with a warning.
 */
export function matchHeader(cells: string[], kind: ImportKind): Header {
  const allowed = new Set<CsvColumn>(IMPORT_COLUMNS[kind]);
  const index = new Map<CsvColumn, number>();
  const fileNames = new Map<CsvColumn, string>();
  const attributeIndex = new Map<string, number>();
  const warnings: ImportWarning[] = [];
  let known = 0;
  let warningCount = 0;
  cells.forEach((raw, i) => {
    const name = raw.trim();
    if (name === '') return;
    if (ATTR_COLUMN.test(name)) {
      const lower = name.toLowerCase();
      if (attributeIndex.has(lower)) {
        throw badRequest('import.columnTwice', { column: lower }, [
          { path: `header.${lower}`, code: 'import.appearsTwice' },
        ]);
      }
      attributeIndex.set(lower, i);
      return;
    }
    const column = byLowerName.get(name.toLowerCase());
    if (column) known++;
    if (column && allowed.has(column)) {
      const old = oldNames.get(column);
      const former = old !== undefined && name.toLowerCase() === old.toLowerCase();
      if (index.has(column) && old !== undefined && former !== fileNames.has(column)) {
        throw badRequest('import.columnTwoNames', { column, oldName: old }, [
          { path: `header.${column}`, code: 'import.alsoFormerName', params: { oldName: old } },
        ]);
      }
      if (index.has(column)) {
        throw badRequest('import.columnTwice', { column }, [
          { path: `header.${column}`, code: 'import.appearsTwice' },
        ]);
      }
      index.set(column, i);
      if (former) fileNames.set(column, old);
      return;
    }
    warningCount++;
    if (warnings.length < MAX_LISTED_PROBLEMS) {
      const at = { kind: 'unknownColumn' as const, column: name, lines: [1] };
      warnings.push(
        column
          ? codedWarning(at, 'importWarning.columnNotUsed', {
              column,
              what: kind === 'all' ? 'everything' : kind,
            })
          : codedWarning(at, 'importWarning.unknownColumn', { column: name }),
      );
    }
  });
  if (known === 0) {
    throw badRequest('import.notCatalogue', { columns: IMPORT_COLUMNS[kind].join(', ') }, [
      { path: 'header', code: 'import.noExpectedColumns' },
    ]);
  }
  const missing = REQUIRED_COLUMNS[kind].filter((c) => !index.has(c));
  if (missing.length > 0) {
    const details = missing.map((c) => ({ path: `header.${c}`, code: 'field.missing' as const }));
    const columns = missing.join(', ');
    throw missing.length > 1
      ? badRequest('import.missingColumns', { columns }, details)
      : badRequest('import.missingColumn', { columns }, details);
  }
  return {
    index,
    fileNames,
    attributeIndex,
    attributePlans: attributePlans([...attributeIndex.keys()]),
    width: cells.length,
    warnings,
    warningCount,
  };
}
