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
function chooseEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  // "*" (no preference) and x-gzip both mean gzip, as in @fastify/compress.
  return negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), COMPRESSION.encodings);
}

/**
 * For the copies a cache keeps (popular searches, visitor pages), compressed once and sent many
 * times: quality 6 in text mode costs what 4 does on a page of 20 KB (0.6 ms) and makes it 8%
 * smaller; 9 and up cost ten times as much.
 */
const CACHED_BROTLI = {
  [constants.BROTLI_PARAM_QUALITY]: 6,
  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
};

function compressText(text: string, encoding: Encoding): Buffer {
  const out =
    encoding === 'gzip'
      ? gzipSync(text)
      : brotliCompressSync(text, {
          params: { ...CACHED_BROTLI, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text) },
        });
  // zlib's synchronous calls answer a view of their 16 KB output chunk when the result fits in one: a
  // kept copy of 3 KB would hold all 16 KB. A copy of its own size is what a cache can count.
  if (out.buffer.byteLength === out.length) return out;
  const exact = Buffer.allocUnsafeSlow(out.length);
  out.copy(exact);
  return exact;
}

/** A text's compressed copies, kept by whoever keeps the text and made on first use. */
export type CompressedCopies = Partial<Record<Encoding, Buffer>>;

/** The part of a reply that sendable() sets headers on. */
interface Headers {
  getHeader(name: string): number | string | string[] | undefined;
  header(name: string, value: string): unknown;
}

/**
 * The body to send for a text kept with its compressed copies (a cached page, a search answer, a
 * stylesheet): compressed as the request accepts, made once into `copies`, with `Content-Encoding`
 * (which @fastify/compress then leaves alone) and `Vary: Accept-Encoding`. A text under the
 * threshold goes as it is.
 */
export function sendable(
  acceptEncoding: string | undefined,
  reply: Headers,
  text: string,
  copies: CompressedCopies,
): string | Buffer {
  const short = text.length < COMPRESSION.threshold && Buffer.byteLength(text) < COMPRESSION.threshold;
  if (short) return text;
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  const encoding = chooseEncoding(acceptEncoding);
  if (encoding === null) return text;
  reply.header('content-encoding', encoding);
  return (copies[encoding] ??= compressText(text, encoding));
}

/**
 * What a kept text and its compressed copies hold in memory, at most: V8 keeps a string with any
 * character past Latin-1 (an Arabic name) at two bytes a UTF-16 code unit.
 */
export const keptBytes = (text: string, copies: CompressedCopies): number =>
  text.length * 2 + (copies.br?.length ?? 0) + (copies.gzip?.length ?? 0);
