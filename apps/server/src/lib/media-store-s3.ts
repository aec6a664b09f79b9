import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../config/config';
import { assertKey, MEDIA_KEY, mediaType, type MediaStore, type StoredObject } from './media-store';

const notFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/**
 * Images in any S3-compatible object store (AWS S3, MinIO, Ceph, R2...), so that several server
 * processes share them. Objects are written with a year-long immutable cache header, so a bucket or
 * CDN in front of it can serve them directly (MEDIA_PUBLIC_URL).
 */
export function s3MediaStore(settings: S3Settings): MediaStore {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    credentials: settings.credentials,
    forcePathStyle: settings.forcePathStyle,
    requestChecksumCalculation: settings.checksums,
    responseChecksumValidation: settings.checksums,
  });
  const Bucket = settings.bucket;
  return {
    kind: 's3',
    async put(key, data) {
      assertKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: data,
          ContentType: mediaType(key),
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(key) {
      assertKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return Buffer.from(await res.Body!.transformToByteArray());
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },
    async has(key) {
      assertKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (err) {
        if (notFound(err)) return false;
        throw err;
      }
    },
    async remove(keys) {
      keys.forEach(assertKey);
      for (let i = 0; i < keys.length; i += 1000) {
        const Objects = keys.slice(i, i + 1000).map((Key) => ({ Key }));
        await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
      }
    },
    async *list(): AsyncIterable<StoredObject> {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const o of page.Contents ?? []) {
          if (o.Key && MEDIA_KEY.test(o.Key))
            yield { key: o.Key, size: o.Size ?? 0, modified: o.LastModified ?? new Date(0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async check(abortSignal) {
      // One HEAD of the bucket: it answers when the store is reachable, the bucket exists and the
      // credentials are accepted, and it costs the store nothing.
      await client.send(new HeadBucketCommand({ Bucket }), { abortSignal });
    },
    close() {
      client.destroy();
    },
  };
}
