import { createReadStream, statSync } from 'node:fs';
import { basename } from 'node:path';
import { request } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';

/**
 * POSTs a file as multipart/form-data (field "file") with a known length, streamed from disk the way
 * a browser sends it, and resolves with the status and JSON body.
 */
export async function uploadFile(
  url: string,
  token: string,
  path: string,
): Promise<{ status: number; body: unknown }> {
  const boundary = `----dalilbench${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${basename(path)}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + statSync(path).size + tail.length;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(length),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown });
          } catch {
            resolve({ status: res.statusCode ?? 0, body: text });
          }
        });
      },
    );
    req.on('error', reject);
    async function* body() {
      yield head;
      yield* createReadStream(path);
      yield tail;
    }
    pipeline(Readable.from(body()), req).catch(reject);
  });
}
