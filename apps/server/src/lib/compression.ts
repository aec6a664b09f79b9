import { negotiate } from '@fastify/accept-negotiator';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Response compression settings, shared by the @fastify/compress registration (every JSON and CSV
 * answer) and by the search cache, which keeps compressed copies of popular pages so a cache hit
 * costs no compression.
 */
export const COMPRESSION = {
  encodings: ['br', 'gzip'] as Encoding[],
  /** Smaller answers fit in a packet or two either way. */
  threshold: 1024,
  /** Brotli's default of 11 is meant for files compressed once; 4 costs about what gzip does. */
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
};

export type Encoding = 'br' | 'gzip';

/** The encoding to answer with for an Accept-Encoding header, as @fastify/compress chooses it. */
export function chooseEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  // "*" (no preference) and x-gzip both mean gzip, as in @fastify/compress.
  return negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), COMPRESSION.encodings);
}

export function compressText(text: string, encoding: Encoding): Buffer {
  return encoding === 'br' ? brotliCompressSync(text, COMPRESSION.brotliOptions) : gzipSync(text);
}
