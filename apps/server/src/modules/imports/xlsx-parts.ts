import { posix } from 'node:path';
import { HttpError } from '../../lib/errors';
import type { XlsxArchive } from './xlsx-archive';
import { notWorkbook } from './xlsx-archive';
import { attribute, parseXml, type XmlHandler } from './xlsx-xml';

/** What the workbook's own parts say about reading its first sheet. */
export interface WorkbookLayout {
  /** The first sheet in tab order, as an archive path (`xl/worksheets/sheet1.xml`). */
  sheet: string | null;
  sharedStrings: string | null;
  styles: string | null;
  /** Dates count days from 1904-01-01 (old Mac workbooks) instead of 1900-01-01. */
  date1904: boolean;
}

/** Caps on the shared strings a workbook may bring; past either one it is refused with 413. */
export interface SharedStringLimits {
  count: number;
  characters: number;
}

const WORKBOOK = 'xl/workbook.xml';
const REL_TYPE = /\/(worksheet|sharedStrings|styles)$/;

/** Runs a handler over a whole small part (workbook, relationships, styles). */
async function readPart(archive: XlsxArchive, name: string, handler: XmlHandler<never>) {
  if (!archive.has(name)) return;
  for await (const nothing of parseXml(archive.text(name), handler)) void nothing;
}

/** A relationship target, relative to the `xl/` folder unless it starts at the package root. */
const resolveTarget = (target: string) =>
  target.startsWith('/') ? target.slice(1) : posix.normalize(posix.join('xl', target));

export async function workbookLayout(archive: XlsxArchive): Promise<WorkbookLayout> {
  if (!archive.has(WORKBOOK)) throw notWorkbook();
  let firstSheet: string | undefined;
  let date1904 = false;
  await readPart(archive, WORKBOOK, {
    open(name, attrs) {
      if (name === 'sheet' && firstSheet === undefined) firstSheet = attribute(attrs, 'id');
      if (name === 'workbookPr') date1904 = /^(1|true)$/.test(attrs.date1904 ?? '');
    },
  });
  const rels = new Map<string, string>();
  let sharedStrings: string | null = null;
  let styles: string | null = null;
  await readPart(archive, 'xl/_rels/workbook.xml.rels', {
    open(name, attrs) {
      if (name !== 'Relationship' || !attrs.Target) return;
      const type = REL_TYPE.exec(attrs.Type ?? '')?.[1];
      const target = resolveTarget(attrs.Target);
      if (type === 'worksheet' && attrs.Id) rels.set(attrs.Id, target);
      else if (type === 'sharedStrings') sharedStrings = target;
      else if (type === 'styles') styles = target;
    },
  });
  const sheet = (firstSheet && rels.get(firstSheet)) || null;
  const present = (p: string | null, fallback: string) =>
    p !== null && archive.has(p) ? p : archive.has(fallback) ? fallback : null;
  return {
    sheet: sheet ?? (archive.has('xl/worksheets/sheet1.xml') ? 'xl/worksheets/sheet1.xml' : null),
    sharedStrings: present(sharedStrings, 'xl/sharedStrings.xml'),
    styles: present(styles, 'xl/styles.xml'),
    date1904,
  };
}

/** Excel's built-in number formats that matter to reading: dates and times, zero padding, text. */
const BUILT_IN_FORMATS: Record<number, string> = {
  1: '0',
  14: 'mm-dd-yy',
  15: 'd-mmm-yy',
  16: 'd-mmm',
  17: 'mmm-yy',
  18: 'h:mm AM/PM',
  19: 'h:mm:ss AM/PM',
  20: 'h:mm',
  21: 'h:mm:ss',
  22: 'm/d/yy h:mm',
  45: 'mm:ss',
  46: '[h]:mm:ss',
  47: 'mmss.0',
  49: '@',
};
/** A workbook has at most 64 000 cell formats; more are ignored (read as General). */
const MAX_FORMATS = 65_536;

/** The number format of each cell style (`<c s="3">` is `formats[3]`). */
export async function cellFormats(
  archive: XlsxArchive,
  part: string | null,
): Promise<(string | undefined)[]> {
  if (part === null) return [];
  const custom = new Map<number, string>();
  const formats: (string | undefined)[] = [];
  let inCellXfs = false;
  await readPart(archive, part, {
    open(name, attrs) {
      if (name === 'numFmt' && attrs.numFmtId && attrs.formatCode !== undefined) {
        if (custom.size < MAX_FORMATS) custom.set(Number(attrs.numFmtId), attrs.formatCode);
      } else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs && formats.length < MAX_FORMATS) {
        const id = Number(attrs.numFmtId ?? 0);
        formats.push(custom.get(id) ?? BUILT_IN_FORMATS[id]);
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return formats;
}

const tooManyStrings = (limits: SharedStringLimits) =>
  new HttpError(
    413,
    'import.tooManyTexts',
    { count: limits.count, characters: limits.characters },
    {
      details: [
        {
          path: 'file',
          code: 'import.sharedStrings',
          params: { count: limits.count, characters: limits.characters },
        },
      ],
    },
  );

/**
 * The workbook's shared strings (each text cell points into this list), read as they unpack and
 * refused with 413 as soon as they pass either cap: the list is the one part of a workbook a reader
 * must keep in memory, and a small file can declare tens of millions of tiny strings.
 */
export async function sharedStrings(
  archive: XlsxArchive,
  part: string | null,
  limits: SharedStringLimits,
): Promise<string[]> {
  if (part === null) return [];
  const strings: string[] = [];
  let characters = 0;
  let current: string[] | null = null;
  let inText = false;
  let phonetic = 0; // inside <rPh>: a reading guide shown above the text, not part of it
  await readPart(archive, part, {
    open(name) {
      if (name === 'si') current = [];
      else if (name === 'rPh') phonetic++;
      else if (name === 't' && phonetic === 0) inText = current !== null;
    },
    text(text) {
      if (!inText || current === null) return;
      characters += text.length;
      if (characters > limits.characters) throw tooManyStrings(limits);
      current.push(text);
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 'si' && current !== null) {
        if (strings.length >= limits.count) throw tooManyStrings(limits);
        strings.push(current.length === 1 ? current[0]! : current.join(''));
        current = null;
      }
    },
  });
  return strings;
}
