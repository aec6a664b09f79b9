import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// s3rver ships no types; what these tests use of it is declared here.
// eslint-disable-next-line @typescript-eslint/ban-ts-comment
// @ts-ignore
import S3rver from 's3rver';
import type { S3Settings } from '../src/config/config';

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}

export interface TestS3 {
  settings: S3Settings;
  /** The MEDIA_STORE=s3 environment for a server process using this store. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** A real S3 API server (s3rver) on this machine, with one empty bucket, for one test file. */
export async function startS3(bucket = 'dalil-media'): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'dalil-s3-'));
  const Server = S3rver as unknown as new (options: Record<string, unknown>) => S3rverInstance;
  const server = new Server({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    settings: {
      endpoint,
      bucket,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
      checksums: 'WHEN_SUPPORTED',
    },
    env: {
      MEDIA_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
