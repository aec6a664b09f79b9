import type { Account } from '@dalil/contracts/auth';
import { escapeCsvCell, unescapeCsvCell } from '@dalil/contracts/csv-cells';
import { stringify } from 'csv-stringify/sync';
import { eq } from 'drizzle-orm';
import {
  SYNONYM_CSV_HEADER,
  SynonymWordsSchema,
  synonymKey,
  type SynonymImportResult,
} from '@dalil/contracts/synonyms';
import type { Db } from '../../db/client';
import { synonymGroups } from '../../db/schema';
import type { DataContext } from '../../core/context';
import { publishChange } from '../../core/domain-events';
import { HttpError, type DetailInput as Detail } from '../../lib/errors';
import { csvRecords } from '../imports/imports.service';
import { clash, lockFamily, takenWords } from './synonyms.service';

/** Most groups one file may hold: a family's synonyms are counted in hundreds. */
const MAX_SYNONYM_LINES = 5000;
/** Problems listed in a refusal; the count in its message covers them all. */
const LISTED = 100;

/**
 * A family's groups as CSV, UTF-8 with a byte order mark (spreadsheets then read Arabic right): the
 * header `words`, then one group a line, one word a cell, in id order. A word a spreadsheet would run
 * as a formula is escaped as in the catalogue export. Importing the file again gives the same groups.
 */
export async function exportSynonymsCsv(db: Db, family: number): Promise<string> {
  const rows = await db
    .select({ words: synonymGroups.words })
    .from(synonymGroups)
    .where(eq(synonymGroups.familyId, family))
    .orderBy(synonymGroups.id);
  return stringify([[SYNONYM_CSV_HEADER], ...rows.map((r) => r.words.map(escapeCsvCell))], {
    bom: true,
    record_delimiter: 'windows',
  });
}

interface Line {
  line: number;
  words: string[];
}

/** Reads the file's groups; every problem is named by its line. */
async function readLines(path: string): Promise<{ lines: Line[]; problems: Detail[] }> {
  const lines: Line[] = [];
  const problems: Detail[] = [];
  let header = true;
  for await (const record of csvRecords(path)) {
    const cells = record.cells.map((c) => unescapeCsvCell(c).trim()).filter((c) => c !== '');
    if (header) {
      header = false;
      if (cells.length !== 1 || cells[0]!.toLowerCase() !== SYNONYM_CSV_HEADER) {
        problems.push({
          path: `line ${record.line}`,
          message: `must be the header "${SYNONYM_CSV_HEADER}" (then one group a line, one word a cell)`,
        });
      }
      continue;
    }
    if (cells.length === 0) continue;
    if (lines.length === MAX_SYNONYM_LINES) {
      problems.push({
        path: `line ${record.line}`,
        message: `is past the ${MAX_SYNONYM_LINES} groups one file may hold`,
      });
      break;
    }
    const parsed = SynonymWordsSchema.safeParse(cells);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const at = typeof issue.path[0] === 'number' ? `, cell ${issue.path[0] + 1}` : '';
        problems.push({ path: `line ${record.line}${at}`, message: issue.message });
      }
      continue;
    }
    lines.push({ line: record.line, words: parsed.data });
  }
  if (header) problems.push({ path: 'line 1', message: `must be the header "${SYNONYM_CSV_HEADER}"` });
  return { lines, problems };
}

/** A word on two lines of the file, or (merge) already in a group of the family. */
function duplicates(lines: Line[], taken: Map<string, string>): Detail[] {
  const problems: Detail[] = [];
  const onLine = new Map<string, number>();
  for (const { line, words } of lines) {
    const existing = clash(words, taken);
    if (existing !== undefined) {
      problems.push({
        path: `line ${line}`,
        message: `"${existing}" is already in a synonym group of this family`,
      });
    }
    for (const w of words) {
      const earlier = onLine.get(synonymKey(w));
      if (earlier !== undefined) {
        problems.push({ path: `line ${line}`, message: `"${w}" is also on line ${earlier}` });
      } else onLine.set(synonymKey(w), line);
    }
  }
  return problems;
}

const refuse = (problems: Detail[]) =>
  new HttpError(
    422,
    'synonym.fileProblems',
    { count: problems.length },
    { details: problems.slice(0, LISTED) },
  );

/**
 * Imports a CSV of synonym groups into a family, all or nothing: `replace` removes the family's groups
 * first, `merge` adds to them and refuses a word a group already holds. One catalogue write, so the
 * search sees the new groups at once.
 */
export async function importSynonymsCsv(
  ctx: DataContext,
  family: number,
  path: string,
  mode: 'replace' | 'merge',
  upload: { caller: Account | null; fileName: string },
): Promise<SynonymImportResult> {
  const { lines, problems } = await readLines(path);
  if (problems.length > 0) throw refuse(problems);
  return ctx.catalogue.write(async (tx) => {
    await lockFamily(tx, family);
    const taken = mode === 'merge' ? await takenWords(tx, family) : new Map<string, string>();
    const clashes = duplicates(lines, taken);
    if (clashes.length > 0) throw refuse(clashes);
    const removed =
      mode === 'replace'
        ? (
            await tx
              .delete(synonymGroups)
              .where(eq(synonymGroups.familyId, family))
              .returning({ id: synonymGroups.id })
          ).length
        : 0;
    for (let i = 0; i < lines.length; i += 500) {
      await tx
        .insert(synonymGroups)
        .values(lines.slice(i, i + 500).map((l) => ({ familyId: family, words: l.words })));
    }
    // One history entry for the whole file: who loaded which file, how, and how many groups.
    await publishChange(tx, upload.caller, {
      entity: 'synonym',
      action: 'import',
      entityId: null,
      family,
      before: null,
      after: null,
      changes: {
        fileName: { before: null, after: upload.fileName },
        mode: { before: null, after: mode },
        groups: { before: null, after: { created: lines.length, removed } },
      },
    });
    return { created: lines.length, removed };
  });
}
