import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { type CompressedCopies, keptBytes, sendable } from './compression';

function reply() {
  const headers = new Map<string, string>();
  return {
    headers,
    getHeader: (name: string) => headers.get(name),
    header: (name: string, value: string) => headers.set(name, value),
  };
}

describe('the compressed copies a cache keeps', () => {
  it('hold no more memory than their own bytes, which keptBytes counts', () => {
    const text = `{"data":[${'{"name":"تمر مجهول","barcode":"6291041500213"},'.repeat(200)}{}]}`;
    const copies: CompressedCopies = {};
    for (const accept of ['br', 'gzip']) {
      const r = reply();
      const body = sendable(accept, r, text, copies);
      expect(r.headers.get('content-encoding')).toBe(accept);
      expect(Buffer.isBuffer(body)).toBe(true);
    }
    expect(brotliDecompressSync(copies.br!).toString()).toBe(text);
    expect(gunzipSync(copies.gzip!).toString()).toBe(text);
    // A few hundred bytes each, not the 16 KB chunk zlib wrote them into.
    for (const copy of [copies.br!, copies.gzip!]) {
      expect(copy.length).toBeLessThan(2_000);
      expect(copy.buffer.byteLength).toBe(copy.length);
    }
    expect(keptBytes(text, copies)).toBe(text.length * 2 + copies.br!.length + copies.gzip!.length);
  });
});
