import yauzl from 'yauzl';
import { badRequest, HttpError } from '../../lib/errors';

/** An archive holding more parts than this is not a catalogue workbook (its directory stays small). */
const MAX_PARTS = 10_000;

export const damaged = () =>
  badRequest('import.damagedWorkbook', {}, [{ path: 'file', code: 'import.unreadableWorkbook' }]);

export const notWorkbook = () =>
  badRequest('import.notWorkbook', {}, [{ path: 'file', code: 'import.notExcel' }]);

export const unpacksTooLarge = (maxInflatedBytes: number) =>
  new HttpError(
    413,
    'import.unpacksTooLarge',
    {},
    { details: [{ path: 'file', code: 'import.unpacksTo', params: { max: maxInflatedBytes } }] },
  );

/**
 * A workbook's ZIP archive, read by random access from its temporary file (yauzl): the central
 * directory names every part and its unpacked size up front, so the parts are read in the order the
 * reader needs them (shared strings before the sheet) and nothing is ever parked on disk. yauzl
 * checks each part's unpacked bytes against the size the directory declares, so the declared sizes
 * bound what reading costs.
 */
export class XlsxArchive {
  private constructor(
    private readonly zip: yauzl.ZipFile,
    private readonly parts: Map<string, yauzl.Entry>,
  ) {}

  static async open(path: string): Promise<XlsxArchive> {
    const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (err, z) =>
        err ? reject(damaged()) : resolve(z),
      ),
    );
    const parts = new Map<string, yauzl.Entry>();
    try {
      await new Promise<void>((resolve, reject) => {
        zip.on('entry', (entry: yauzl.Entry) => {
          if (parts.size >= MAX_PARTS) return reject(damaged());
          // Part names are case-insensitive in the package format.
          parts.set(entry.fileName.toLowerCase(), entry);
          zip.readEntry();
        });
        zip.once('end', () => resolve());
        zip.once('error', () => reject(damaged()));
        zip.readEntry();
      });
    } catch (err) {
      zip.close();
      throw err;
    }
    return new XlsxArchive(zip, parts);
  }

  has(name: string): boolean {
    return this.parts.has(name.toLowerCase());
  }

  /** What a part declares it unpacks to (0 when absent). */
  size(name: string): number {
    return this.parts.get(name.toLowerCase())?.uncompressedSize ?? 0;
  }

  /** A part's text as it unpacks, in UTF-8 chunks; stopping the iteration closes the part. */
  async *text(name: string): AsyncGenerator<string> {
    const entry = this.parts.get(name.toLowerCase());
    if (!entry) return;
    const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
      this.zip.openReadStream(entry, (err, s) => (err ? reject(damaged()) : resolve(s))),
    );
    stream.setEncoding('utf8');
    try {
      for await (const chunk of stream as AsyncIterable<string>) yield chunk;
    } catch (err) {
      if (err instanceof HttpError) throw err;
      throw damaged();
    } finally {
      (stream as unknown as { destroy?: () => void }).destroy?.();
    }
  }

  close() {
    this.zip.close();
  }
}
