// fast-check generators for hostile multipart uploads (CSV and image parts); not a test file itself.
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { ALL_HEADER } from '../../src/modules/imports/imports.test-kit';
import { text } from './arbitraries';

/** A CSV-looking file: some of the import's columns, cells of hostile text, random quoting. */
const csvFile = fc
  .tuple(
    fc.oneof(fc.constant(ALL_HEADER), fc.subarray(ALL_HEADER, { minLength: 1 })),
    fc.array(fc.array(fc.oneof(text, fc.stringMatching(/^[a-z]{1,8}$/)), { maxLength: 14 }), {
      maxLength: 4,
    }),
    fc.constantFrom(',', ';', '\t'),
  )
  .map(([header, rows, d]) =>
    [header, ...rows]
      .map((r) => r.map((c) => (/[",;\t\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(d))
      .join('\r\n'),
  );

const PNG_SIGNATURE = Buffer.from('89504e470d0a1a0a', 'hex');

const fileContent = fc.oneof(
  csvFile.map((s) => Buffer.from(s)),
  fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)),
  fc.uint8Array({ maxLength: 100 }).map((a) => Buffer.concat([PNG_SIGNATURE, Buffer.from(a)])),
  fc.constant(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')),
  fc.constant(Buffer.alloc(0)),
);

interface Part {
  name: string;
  filename: string | null;
  type: string;
  content: Buffer;
}

const part: fc.Arbitrary<Part> = fc.record({
  name: fc.oneof({ weight: 4, arbitrary: fc.constant('file') }, { weight: 1, arbitrary: text }),
  filename: fc.option(fc.oneof(fc.constantFrom('a.csv', 'a.png', '../../x.csv', 'a'.repeat(300)), text)),
  type: fc.constantFrom('text/csv', 'image/png', 'application/octet-stream', 'text/plain', ''),
  content: fileContent,
});

const quote = (s: string) => s.replace(/["\r\n]/g, '_');

/** A multipart/form-data body with 0-3 parts, sometimes cut short or with a mismatched boundary. */
export const multipart = fc
  .tuple(fc.array(part, { maxLength: 3 }), fc.constantFrom('ok', 'ok', 'ok', 'truncated', 'wrong-boundary'))
  .map(([parts, shape]) => {
    const boundary = `----fuzz${randomBytes(6).toString('hex')}`;
    const chunks: Buffer[] = [];
    for (const p of parts) {
      const disposition = `form-data; name="${quote(p.name)}"${p.filename === null ? '' : `; filename="${quote(p.filename)}"`}`;
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`,
        ),
        p.content,
        Buffer.from('\r\n'),
      );
    }
    if (shape !== 'truncated') chunks.push(Buffer.from(`--${boundary}--\r\n`));
    const declared = shape === 'wrong-boundary' ? `${boundary}x` : boundary;
    return {
      payload: Buffer.concat(chunks),
      contentType: `multipart/form-data; boundary=${declared}`,
      summary: `${parts.length} parts (${parts.map((p) => `${p.name.slice(0, 20)}:${p.content.length}B`).join(', ')}) ${shape}`,
    };
  });
