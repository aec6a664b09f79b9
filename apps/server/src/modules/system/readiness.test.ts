import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { body, createTestApp } from '../../../test/harness';
import { startS3 } from '../../../test/s3-server';

// A load balancer sends traffic only to a process that answers /api/ready with 200: one whose
// images cannot be stored must say so, with the reason, before an admin's upload finds out.

describe('GET /api/ready and the media store', () => {
  it('is ready with a reachable S3 bucket, and 503 naming the media store when it cannot be reached', async () => {
    const s3 = await startS3();
    const up = await createTestApp({ env: s3.env });
    try {
      const res = await up.app.inject('/api/ready');
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await up.close();
    }
    // The same settings, with the store gone: nothing answers at that address any more.
    await s3.close();
    const down = await createTestApp({ env: s3.env });
    try {
      const started = performance.now();
      const res = await down.app.inject('/api/ready');
      expect(performance.now() - started).toBeLessThan(3000);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(body(res)).toMatchObject({
        statusCode: 503,
        message: 'The media store (S3 bucket) cannot be reached',
        details: [{ path: 'media', message: 'The media store (S3 bucket) cannot be reached' }],
      });
      // The process itself is up: only readiness fails.
      expect((await down.app.inject('/api/health')).statusCode).toBe(200);
    } finally {
      await down.close();
    }
  });

  it('is 503 when the bucket does not exist', async () => {
    const s3 = await startS3();
    const t = await createTestApp({ env: { ...s3.env, S3_BUCKET: 'no-such-bucket' } });
    try {
      const res = await t.app.inject('/api/ready');
      expect(res.statusCode).toBe(503);
      expect(body(res).details).toMatchObject([
        { path: 'media', message: 'The media store (S3 bucket) cannot be reached' },
      ]);
    } finally {
      await t.close();
      await s3.close();
    }
  });

  it('is 503 when the local media directory cannot be written', async () => {
    // A file where the directory should be: no account, root included, can store images there.
    const dir = mkdtempSync(join(tmpdir(), 'dalil-ready-'));
    const file = join(dir, 'not-a-directory');
    writeFileSync(file, 'x');
    const broken = await createTestApp({ overrides: { mediaDir: file } });
    try {
      const res = await broken.app.inject('/api/ready');
      expect(res.statusCode).toBe(503);
      expect(body(res).details).toMatchObject([
        { path: 'media', message: 'The media directory cannot be written' },
      ]);
    } finally {
      await broken.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
