import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../../lib/errors';
import { multipartError, type MultipartAnswers } from '../../lib/multipart-errors';
import { storageWrite } from '../../lib/storage-errors';
import { importTempDir } from './import-temp';

export interface SpooledFile {
  path: string;
  remove(): Promise<void>;
  /** The file name the browser sent (never used to read the file, only to show it). */
  name: string;
}

const tooLarge = (maxBytes: number) =>
  new HttpError(
    413,
    'import.fileTooLarge',
    { size: Math.round(maxBytes / (1024 * 1024)) },
    { details: [{ path: 'file', code: 'import.atMostBytes', params: { max: maxBytes } }] },
  );

const notMultipart = () => badRequest('import.sendFile', {}, [{ path: 'file', code: 'field.missing' }]);

/** multipart's own errors (size, counts, bad stream) as answers a person can act on. */
const answers = (maxBytes: number): MultipartAnswers => ({
  tooLarge: () => tooLarge(maxBytes),
  tooMany: () => new HttpError(413, 'import.sendOneFile', {}),
  malformed: notMultipart,
});

/**
 * Streams the multipart field `file` to a temporary file, refusing it with 413 past `maxBytes`. The
 * upload is spooled rather than parsed straight from the socket: Node ends a request whose body takes
 * longer than 30 s to arrive (requestTimeout), and a large import's checks and staging take longer
 * than the upload itself (docs/decisions/0005-csv-import.md). The folder is under DATA_DIR/tmp, where
 * the next start sweeps it away should this process die before removing it.
 */
export async function receiveUpload(
  request: FastifyRequest,
  maxBytes: number,
  dataDir: string,
): Promise<SpooledFile> {
  if (!request.isMultipart()) throw notMultipart();
  // One file and at most one other part: a form cannot make the parser buffer thousands of fields.
  const part = await request
    .file({
      limits: { fileSize: maxBytes, files: 1, parts: 2, fields: 1, fieldSize: 1024, headerPairs: 20 },
    })
    .catch((err: unknown) => {
      throw multipartError(err, answers(maxBytes));
    });
  if (!part) throw badRequest('import.noFile', {}, [{ path: 'file', code: 'field.missing' }]);
  if (part.fieldname !== 'file') {
    part.file.resume();
    throw badRequest('import.wrongField', { field: part.fieldname }, [
      { path: 'file', code: 'field.missing' },
    ]);
  }
  const dir = await storageWrite('data', () => importTempDir(dataDir)).catch((err: unknown) => {
    part.file.resume();
    throw err;
  });
  const remove = () => rm(dir, { recursive: true, force: true });
  // Named without an extension: the format is read from the content, never from a name.
  const path = join(dir, 'upload');
  try {
    await storageWrite('data', () => pipeline(part.file, createWriteStream(path)));
  } catch (err) {
    await remove();
    throw multipartError(err, answers(maxBytes));
  }
  if (part.file.truncated) {
    await remove();
    throw tooLarge(maxBytes);
  }
  // A part sent without a file name (busboy leaves it undefined, whatever its type says) is "upload".
  const name = (part.filename as string | undefined)?.slice(0, 200);
  return { path, remove, name: name || 'upload' };
}
