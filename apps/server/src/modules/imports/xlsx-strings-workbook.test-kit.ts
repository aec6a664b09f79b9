// Workbook generators for the XLSX memory tests and bench (not a test file itself): a small .xlsx
// whose shared strings hold any number of tiny texts, or one long text reused by many cells, as a
// hostile upload would.
import { constants, crc32, deflateRawSync } from 'node:zlib';

interface Part {
  name: string;
  /** Raw deflate data, and what it unpacks to. */
  data: Buffer;
  crc: number;
  size: number;
}

function part(name: string, text: string): Part {
  const raw = Buffer.from(text);
  return { name, data: deflateRawSync(raw), crc: crc32(raw), size: raw.length };
}

/**
 * The shared strings part with `count` entries `<si><t>a</t></si>`. The same megabyte of entries is
 * deflated once, ending in a full flush (no back-reference crosses it), and repeated: 42 million
 * entries (714 MB unpacked) cost a few megabytes and well under a second to build.
 */
function sharedStringsPart(count: number): Part {
  const head = Buffer.from(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${count}" uniqueCount="${count}">`,
  );
  const entry = '<si><t>a</t></si>';
  const perBlock = 60_000;
  const block = Buffer.from(entry.repeat(perBlock));
  const rest = Buffer.from(entry.repeat(count % perBlock));
  const tail = Buffer.from('</sst>');
  const flush = { finishFlush: constants.Z_FULL_FLUSH };
  const blockData = deflateRawSync(block, flush);
  const blocks = Math.floor(count / perBlock);
  const data: Buffer[] = [deflateRawSync(head, flush)];
  let crc = crc32(head);
  for (let i = 0; i < blocks; i++) {
    data.push(blockData);
    crc = crc32(block, crc);
  }
  data.push(deflateRawSync(rest, flush), deflateRawSync(tail));
  crc = crc32(tail, crc32(rest, crc));
  return {
    name: 'xl/sharedStrings.xml',
    data: Buffer.concat(data),
    crc,
    size: head.length + blocks * block.length + rest.length + tail.length,
  };
}

/** A ZIP archive of deflated parts (no data descriptors, no ZIP64: every part is under 4 GB). */
function zip(parts: Part[]): Buffer {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(8, 8); // deflate
    head.writeUInt16LE(0x21, 12); // 1980-01-01
    head.writeUInt32LE(p.crc >>> 0, 14);
    head.writeUInt32LE(p.data.length, 18);
    head.writeUInt32LE(p.size, 22);
    head.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt16LE(0x21, 14);
    entry.writeUInt32LE(p.crc >>> 0, 16);
    entry.writeUInt32LE(p.data.length, 20);
    entry.writeUInt32LE(p.size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    local.push(head, name, p.data);
    central.push(entry, name);
    offset += head.length + name.length + p.data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...local, directory, end]);
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

const column = (i: number) => String.fromCharCode(65 + i);

/**
 * An .xlsx whose first sheet holds `rows` (inline text cells, row 1 first) and whose shared strings
 * hold `strings` tiny entries that no cell needs.
 */
export function stringsWorkbook(strings: number, rows: string[][] = [['a']]): Buffer {
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const sheetRows = rows
    .map(
      (cells, r) =>
        `<row r="${r + 1}">${cells
          .map((c, i) => `<c r="${column(i)}${r + 1}" t="inlineStr"><is><t>${escapeXml(c)}</t></is></c>`)
          .join('')}</row>`,
    )
    .join('');
  return zip([
    ...workbookParts(main, rel),
    part(
      'xl/worksheets/sheet1.xml',
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${main}"><sheetData>${sheetRows}</sheetData></worksheet>`,
    ),
    sharedStringsPart(strings),
  ]);
}

/** The parts every workbook here has: content types, relationships, the workbook naming one sheet. */
function workbookParts(main: string, rel: string): Part[] {
  return [
    part(
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
    ),
    part(
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    part(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${main}" xmlns:r="${rel}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    part(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
  ];
}

/**
 * An .xlsx whose sheet holds `header` (inline text) and then `rows` rows of `columns` cells that all
 * show shared string 0, `text`: one copy of the text in the file, `rows * columns` in the sheet.
 */
export function reusedStringWorkbook(text: string, header: string[], rows: number, columns: number): Buffer {
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const head = `<row r="1">${header
    .map((c, i) => `<c r="${column(i)}1" t="inlineStr"><is><t>${escapeXml(c)}</t></is></c>`)
    .join('')}</row>`;
  const body = Array.from(
    { length: rows },
    (_, r) =>
      `<row r="${r + 2}">${Array.from({ length: columns }, (_, i) => `<c r="${column(i)}${r + 2}" t="s"><v>0</v></c>`).join('')}</row>`,
  ).join('');
  return zip([
    ...workbookParts(main, rel),
    part(
      'xl/worksheets/sheet1.xml',
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${main}"><sheetData>${head}${body}</sheetData></worksheet>`,
    ),
    part(
      'xl/sharedStrings.xml',
      `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${main}" count="${rows * columns}" uniqueCount="1"><si><t>${escapeXml(text)}</t></si></sst>`,
    ),
  ]);
}
