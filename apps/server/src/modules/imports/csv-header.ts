import {
  codedWarning,
  MAX_LISTED_PROBLEMS,
  CSV_COLUMNS,
  IMPORT_COLUMNS,
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

const byLowerName = new Map(CSV_COLUMNS.map((c) => [c.toLowerCase(), c]));

/**
 * Matches header cells to the import's columns (`CSV_COLUMNS` in the contracts) by name, in any
 * order and any letter case; attribute columns (`attr.<key>`) are kept apart, checked against the
 * family's attributes by the caller. Empty header cells (the examples' leading empty column) are ignored; other unknown names, and
 * columns this kind of file does not use, are ignored with a warning.
 */
export function matchHeader(cells: string[], kind: ImportKind): Header {
  const allowed = new Set<CsvColumn>(IMPORT_COLUMNS[kind]);
  const index = new Map<CsvColumn, number>();
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
      if (index.has(column)) {
        throw badRequest('import.columnTwice', { column }, [
          { path: `header.${column}`, code: 'import.appearsTwice' },
        ]);
      }
      index.set(column, i);
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
    attributeIndex,
    attributePlans: attributePlans([...attributeIndex.keys()]),
    width: cells.length,
    warnings,
    warningCount,
  };
}
