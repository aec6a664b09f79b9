import { open as openFile, readFile, stat } from 'node:fs/promises';
import yauzl from 'yauzl';
import { isJunk } from './image-match';

/** One file to judge: its name (with folders) and its bytes, or why it cannot be read. */
export type FileEntry = { name: string; data: Buffer } | { name: string; problem: string };

/** A received upload part kept in a temporary file. */
export interface ReceivedFile {
  path: string;
  name: string;
}

export interface EntryLimits {
  /** Largest single image, in bytes. */
  fileBytes: number;
  /** Largest total an archive may unpack to, declared or actual. */
  archiveBytes: number;
}

/** A refused archive: it would unpack to more than the limit. */
export class ZipBombError extends Error {}

async function isZip(path: string): Promise<boolean> {
  const handle = await openFile(path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4), 0, 4, 0);
    return bytesRead === 4 && buffer.readUInt32LE(0) === 0x04034b50;
  } finally {
    await handle.close();
  }
}

const openZip = (path: string) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(
      path,
      { lazyEntries: true, autoClose: true, decodeStrings: false, validateEntrySizes: true },
      (err, zip) => (err ? reject(err) : resolve(zip)),
    ),
  );

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/** Reads one entry, stopping as soon as it passes the limit (whatever its header claims). */
function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, limit: number): Promise<Buffer | string> {
  return new Promise((resolve) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err) return resolve('The file could not be read from the archive');
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limit) {
          stream.destroy();
          resolve(`The file is too large: at most ${mb(limit)}`);
        } else chunks.push(chunk);
      });
      stream.on('error', () => resolve('The file is damaged inside the archive'));
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}

/**
 * The files of an archive one by one, read from its temporary file (never whole in memory). Names
 * that leave the archive (`../`, absolute) are reported, not followed; folders are skipped.
 */
async function* zipEntries(file: ReceivedFile, limits: EntryLimits): AsyncGenerator<FileEntry> {
  const zip = await openZip(file.path);
  let declared = 0;
  let pending: ((e: yauzl.Entry | null) => void) | null = null;
  let failure: Error | null = null;
  zip.on('entry', (e: yauzl.Entry) => pending?.(e));
  zip.on('end', () => pending?.(null));
  zip.on('error', (err: Error) => {
    failure = err;
    pending?.(null);
  });
  try {
    for (;;) {
      const entry = await new Promise<yauzl.Entry | null>((resolve) => {
        pending = resolve;
        zip.readEntry();
      });
      if (failure) throw new ZipBombError(`The archive ${file.name} is damaged`);
      if (!entry) return;
      const raw = entry.fileName as unknown as Buffer;
      const name = raw.toString('utf8');
      if (name.endsWith('/')) continue;
      declared += entry.uncompressedSize;
      if (declared > limits.archiveBytes) {
        throw new ZipBombError(
          `The archive ${file.name} would unpack to more than ${mb(limits.archiveBytes)}; split it into smaller archives`,
        );
      }
      const unsafe = yauzl.validateFileName(name);
      if (unsafe || /(^|[\\/])\.\.([\\/]|$)/.test(name)) {
        yield { name, problem: 'The path leaves the archive' };
        continue;
      }
      if (entry.uncompressedSize > limits.fileBytes) {
        yield { name, problem: `The file is too large: at most ${mb(limits.fileBytes)}` };
        continue;
      }
      const data = await readEntry(zip, entry, limits.fileBytes);
      yield typeof data === 'string' ? { name, problem: data } : { name, data };
    }
  } finally {
    zip.close();
  }
}

/** Every file of the upload: archives unpacked entry by entry, other files as they are. */
export async function* uploadEntries(files: ReceivedFile[], limits: EntryLimits): AsyncGenerator<FileEntry> {
  for (const file of files) {
    if (await isZip(file.path)) {
      yield* zipEntries(file, limits);
    } else if ((await stat(file.path)).size > limits.fileBytes) {
      yield { name: file.name, problem: `The file is too large: at most ${mb(limits.fileBytes)}` };
    } else {
      yield { name: file.name, data: await readFile(file.path) };
    }
  }
}

/** How many files the upload holds (folders and skipped entries aside), from the archives' directories. */
export async function countEntries(files: ReceivedFile[], limits: EntryLimits): Promise<number> {
  let count = 0;
  for (const file of files) {
    if (!(await isZip(file.path))) {
      count++;
      continue;
    }
    const zip = await openZip(file.path);
    let declared = 0;
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (e: yauzl.Entry) => {
        const name = (e.fileName as unknown as Buffer).toString('utf8');
        declared += e.uncompressedSize;
        if (!name.endsWith('/') && !isJunk(name)) count++;
        zip.readEntry();
      });
      zip.on('end', resolve);
      zip.on('error', reject);
      zip.readEntry();
    }).catch(() => {
      throw new ZipBombError(`The archive ${file.name} is damaged`);
    });
    zip.close();
    if (declared > limits.archiveBytes) {
      throw new ZipBombError(
        `The archive ${file.name} would unpack to more than ${mb(limits.archiveBytes)}; split it into smaller archives`,
      );
    }
  }
  return count;
}
