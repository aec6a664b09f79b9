import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { fieldError, HttpError } from '../../lib/errors';
import { multipartError } from '../../lib/multipart-errors';
import { makeDir, storageWrite } from '../../lib/storage-errors';
import type { ReceivedFile } from './image-entries';

const notMultipart = () => fieldError(400, 'file', 'imageJob.sendAsFiles', {});
const tooLarge = (maxBytes: number) =>
  new HttpError(413, 'imageJob.tooLarge', { size: (maxBytes / 1024 ** 3).toFixed(1) });

/**
 * Streams every `file` part of a multipart request into its own temporary file (never whole in
 * memory). The names keep the folders a browser sends for a dropped folder.
 */
export async function receiveFiles(
  request: FastifyRequest,
  tmpDir: string,
  maxBytes: number,
): Promise<ReceivedFile[]> {
  if (!request.isMultipart()) throw notMultipart();
  await storageWrite('data', () => makeDir(tmpDir));
  const files: ReceivedFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      const path = join(tmpDir, `upload-${randomBytes(8).toString('hex')}`);
      files.push({ path, name: part.filename || `file-${files.length + 1}` });
      await storageWrite('data', () => pipeline(part.file, createWriteStream(path, { mode: 0o600 })));
      if (part.file.truncated) throw tooLarge(maxBytes);
    }
  } catch (err) {
    await discard(files);
    throw multipartError(err, {
      tooLarge: () => tooLarge(maxBytes),
      tooMany: () => new HttpError(413, 'imageJob.tooManyFiles', {}),
      malformed: notMultipart,
    });
  }
  if (files.length === 0) throw fieldError(400, 'file', 'field.required', {});
  return files;
}

export async function discard(files: ReceivedFile[]): Promise<void> {
  await Promise.all(files.map((f) => rm(f.path, { force: true })));
}
