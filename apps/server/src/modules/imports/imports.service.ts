import { setImmediate } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import {
  MAX_LISTED_PROBLEMS,
  type CsvColumn,
  type ImportKind,
  codedProblem,
  type ImportProblem,
  type ImportReport,
  type UploadFormat,
} from '@dalil/contracts/imports';
import type { Database, Tx } from '../../db/client';
import { categories, families } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import type { Header } from './csv-header';
import { duplicateWarnings } from './duplicates';
import { checkFile } from './file-check';
import { mergeStaged } from './merge';
import type { FixedNames } from './row-check';
import { dropStagedLines, Stager } from './staging';
import { holdImportLease } from './import-lease';
import { foreignFamilyRows } from './family-scope-check';
import { announceImport, finishImportRun, startImportRun } from './import-runs';
import { writableFamilies } from '../../core/family-scope';
import { historyRecording } from '../../core/history';
import { rememberImportResult } from './import-conflicts';
import { recordImport, recordImportedRows } from './import-history';
import type { Account } from '@dalil/contracts/auth';
import { familyNameWarnings } from './family-names';
import { gtinChecks } from './gtin-check';
import { keyConflicts } from './key-conflicts';
import { subCategoryProblems } from './sub-categories';
import { ImageAddresses, missingImageProblems } from './image-cells';
import { loadAttributeScope } from './attribute-cells';
import type { AppContext } from '../../core/context';
import type { Config } from '../../config/config';

/** Other uploads (the synonyms CSV) and downloads (the export sheet) share these with the imports. */
export { csvRecords } from './csv-source';
export { receiveUpload } from './receive-upload';
export { sheetColumns } from './sheet-columns';
/** What a scheduled feed's run needs beside runImport (docs/decisions/0052-scheduled-feeds.md). */
export { importTempDir } from './import-temp';
export { detectUploadFormat } from './upload-format';
export { keepImportReport, recordFailedImportRun } from './import-runs';
/** A bulk change set (modules/product-bulk) is an import run, noted, ended and undone as one. */
export { finishImportRun, startImportRun } from './import-runs';
export { rememberImportResult } from './import-conflicts';
export { mayUndo, undoImport } from './undo';
/** Exports write attribute cells as imports read them. */
export { formatAttributeCell } from './attribute-cells';

const IMPORT_LOCK = 7_243_102; // one merge at a time, across server processes sharing a PostgreSQL
const LARGE_IMPORT = 10_000; // rows written after which PGlite gets a VACUUM ANALYZE (no autovacuum)
const YIELD_EVERY = 200; // rows checked between two turns of the event loop

/** The names a categories or products file takes from its route: 404 unknown, 400 mismatched. */
export async function fixedNames(
  database: Database,
  kind: ImportKind,
  familyId?: number,
  categoryId?: number,
): Promise<FixedNames> {
  if (kind === 'all') return { attributes: await loadAttributeScope(database.db) };
  const [family] = await database.db.select().from(families).where(eq(families.id, familyId!));
  if (!family) throw notFound('Family');
  const names = {
    familyEn: family.nameEn,
    familyAr: family.nameAr,
    attributes: await loadAttributeScope(database.db, family.id),
  };
  if (kind === 'categories') return names;
  const [category] = await database.db.select().from(categories).where(eq(categories.id, categoryId!));
  if (!category) throw notFound('Category');
  if (category.familyId !== family.id) {
    throw badRequest('category.notInThisFamily', {}, [
      { path: 'params.category', message: 'is not in the chosen family' },
    ]);
  }
  return { ...names, categoryEn: category.nameEn, categoryAr: category.nameAr };
}

/** Checks every row and stages the valid ones; the catalogue is not touched yet. */
async function stageFile(
  file: { path: string; format: UploadFormat; maxBytes: number; maxRows: number },
  kind: ImportKind,
  fixed: FixedNames,
  stager: Stager,
  images: ImageAddresses,
) {
  let header: Header | undefined;
  let rows = 0;
  let problemCount = 0;
  const problems: ImportProblem[] = [];
  const report = (p: ImportProblem) => {
    problemCount++;
    if (problems.length < MAX_LISTED_PROBLEMS) problems.push(p);
  };
  for await (const item of checkFile({ ...file, kind, fixed })) {
    if (item.type === 'header') {
      header = item.header;
      continue;
    }
    rows++;
    // Let other requests in between rows: a big file must not hold up the event loop.
    if (rows % YIELD_EVERY === 0) await setImmediate();
    for (const p of item.problems) report(p);
    if (item.row && (await images.resolve(item.row, report))) await stager.add(item.row);
  }
  await stager.flush();
  return { header: header!, rows, problemCount, problems };
}

/**
 * An import's phases, in order. `merge` writes the catalogue; `undoRecord` notes each row as the
 * import left it, for the undo; `history` gives each written record its entry. The last two run only
 * when an import writes with the history on.
 */
type ImportPhase = 'checkAndStage' | 'duplicates' | 'merge' | 'undoRecord' | 'history' | 'vacuum';

/** What a running import tells its caller: each phase as it starts, and how long each took (in ms). */
export interface ImportProgress {
  started?: (phase: ImportPhase) => void;
  timings?: Partial<Record<ImportPhase, number>>;
}

/**
 * Runs an upload as a preview (`dryRun`) or an import (docs/architecture.md, "Import pipeline"): every
 * row is checked and staged first; then one transaction upserts everything, or nothing when any row
 * has a problem. A real import is a catalogue write: it bumps the catalogue version.
 */
export async function runImport(
  {
    database,
    catalogue,
    media,
    config,
    leaseOwner,
  }: Pick<AppContext, 'database' | 'catalogue' | 'media' | 'leaseOwner'> & {
    config: Pick<Config, 'outbound' | 'imageMaxBytes' | 'importMaxRows'>;
  },
  options: {
    kind: ImportKind;
    fixed: FixedNames;
    path: string;
    format: UploadFormat;
    /** The upload limit: an XLSX may unpack to a bounded multiple of it. */
    maxBytes: number;
    dryRun: boolean;
    /** The family a categories or products upload goes to (its route's). */
    family?: number;
    /** The uploaded file's name, kept with the import. */
    fileName?: string;
    /** Who uploads: an editor's "all" file may name only their families; recorded in the history. */
    caller?: Account | null;
    /** Import the rows without problems and report the others, instead of all or nothing. */
    validRows?: boolean;
    /** The scheduled feed that fetched the file, kept with the import run. */
    feed?: number;
  },
  progress: ImportProgress = {},
): Promise<ImportReport> {
  const { db } = database;
  const stager = await Stager.start(db, leaseOwner);
  const timings = (progress.timings ??= {});
  let current: ImportPhase | undefined;
  let mark = performance.now();
  const phase = (next?: ImportPhase) => {
    const now = performance.now();
    if (current) timings[current] = Math.round(now - mark);
    mark = now;
    current = next;
    if (next) progress.started?.(next);
  };
  try {
    phase('checkAndStage');
    const images = new ImageAddresses({
      media,
      allowedHosts: config.outbound.allowedHosts,
      maxBytes: config.imageMaxBytes,
      store: !options.dryRun,
    });
    const file = { ...options, maxRows: config.importMaxRows };
    const staged = await stageFile(file, options.kind, options.fixed, stager, images);
    const writable = writableFamilies(options.caller ?? null);
    if (options.kind === 'all' && writable !== null) {
      const foreign = await foreignFamilyRows(db, stager.importId, writable, MAX_LISTED_PROBLEMS);
      staged.problemCount += foreign.count;
      staged.problems = [...staged.problems, ...foreign.problems]
        .sort((a, b) => a.line - b.line)
        .slice(0, MAX_LISTED_PROBLEMS);
    }
    phase('duplicates');
    await db.execute(sql`analyze import_rows`);
    const duplicates = await duplicateWarnings(db, stager.importId, MAX_LISTED_PROBLEMS);
    if (options.kind === 'all') {
      const names = await familyNameWarnings(db, stager.importId, MAX_LISTED_PROBLEMS);
      duplicates.count += names.count;
      duplicates.warnings = [...names.warnings, ...duplicates.warnings];
    }
    // Keeping the valid rows needs every staged row with a problem, to leave it out of the merge.
    const listed = options.validRows ? Number.MAX_SAFE_INTEGER : MAX_LISTED_PROBLEMS;
    const leftOut = new Set<number>();
    const gtin = await gtinChecks(db, stager.importId, listed);
    duplicates.count += gtin.warnings.count;
    duplicates.warnings = [...duplicates.warnings, ...gtin.warnings.warnings].slice(0, MAX_LISTED_PROBLEMS);
    for (const found of [
      await subCategoryProblems(db, stager.importId, listed),
      await keyConflicts(db, stager.importId, listed),
      await missingImageProblems(db, media, stager.importId, images.fetched, listed),
      gtin.problems,
    ]) {
      if (found.count === 0) continue;
      for (const p of found.problems) leftOut.add(p.line);
      staged.problemCount += found.count;
      staged.problems = [...staged.problems, ...found.problems]
        .sort((a, b) => a.line - b.line)
        .slice(0, MAX_LISTED_PROBLEMS);
    }
    const write = !options.dryRun && (staged.problemCount === 0 || options.validRows === true);
    if (write && leftOut.size > 0) await dropStagedLines(db, stager.importId, [...leftOut]);
    phase('merge');
    const columns = new Set<CsvColumn>(staged.header.index.keys());
    const attributes = staged.header.attributeIndex.size > 0;
    const merge = async (tx: Tx) => {
      // A whole file is merged in a few statements: they may run longer than a request's statement
      // timeout, but stay bounded by CSV_MAX_BYTES.
      await tx.execute(sql`set local statement_timeout = '300s'`);
      await holdImportLease(tx, stager.importId);
      if (write) await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
      if (!write) {
        const result = await mergeStaged(tx, {
          importId: stager.importId,
          kind: options.kind,
          columns,
          attributes,
          write,
        });
        return { ...result, importId: undefined };
      }
      // With history off, an import is neither noted for undo nor listed.
      const run = historyRecording() ? await startImportRun(tx, options.caller ?? null, options) : null;
      const merged = await mergeStaged(tx, {
        importId: stager.importId,
        kind: options.kind,
        columns,
        attributes,
        write,
      });
      if (run !== null) await finishImportRun(tx, run, merged);
      if (written(merged) >= LARGE_IMPORT) await tx.execute(sql`analyze products`);
      if (run === null) {
        await announceImport(tx, {
          id: null,
          family: options.family ?? null,
          kind: options.kind,
          fileName: options.fileName ?? 'upload',
          counts: merged,
          failure: null,
        });
        return { ...merged, importId: undefined };
      }
      phase('undoRecord');
      await rememberImportResult(tx, run);
      // Each row's entry reads the row as the import left it from the undo's record.
      phase('history');
      await recordImport(tx, options.caller ?? null, options, merged, run);
      await recordImportedRows(tx, options.caller ?? null, run);
      return { ...merged, importId: run };
    };
    const counts = write ? await catalogue.write(merge) : await db.transaction(merge);
    phase();
    const warnings = [...staged.header.warnings, ...duplicates.warnings];
    if (write && database.engine === 'pglite' && written(counts) >= LARGE_IMPORT) {
      // PGlite has no autovacuum, and VACUUM cannot run inside the import's transaction.
      phase('vacuum');
      await db.execute(sql`vacuum (analyze) products`);
      phase();
    }
    return {
      kind: options.kind,
      format: options.format,
      dryRun: options.dryRun,
      imported: write,
      rows: staged.rows,
      ...counts,
      problemCount: staged.problemCount,
      problems: staged.problems.map(codedProblem),
      warningCount: staged.header.warningCount + duplicates.count,
      warnings: warnings.slice(0, MAX_LISTED_PROBLEMS),
    };
  } finally {
    await stager.settle().catch(() => undefined);
    // Scratch rows and their lease go whatever happened; a failure here must not hide the import's error.
    await stager.clear().catch(() => undefined);
    if (database.engine === 'pglite') await db.execute(sql`vacuum import_rows`).catch(() => undefined);
  }
}

const written = (c: Awaited<ReturnType<typeof mergeStaged>>) =>
  c.products.created + c.products.updated + c.categories.created + c.categories.updated;
