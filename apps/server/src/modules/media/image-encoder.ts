import { Worker } from 'node:worker_threads';
import { MEDIA_WIDTHS } from '@dalil/contracts/constants';
import { ENCODING } from './encoding';

/** About 40 megapixels: larger images are refused before they are decoded (decompression bombs). */
export const MAX_PIXELS = 40_000_000;

/** The widths below the stored one: each gets its own file. The largest is the stored image. */
export const SMALLER_WIDTHS = MEDIA_WIDTHS.filter((w) => w < ENCODING.width);

interface Encoded {
  stored: Buffer;
  /** One per SMALLER_WIDTHS entry, in that order. */
  widths: Buffer[];
}

type Reply = { id: number; failed?: true; stored?: Uint8Array; widths?: Uint8Array[] };
type Pending = { resolve: (e: Encoded) => void; reject: (e: Error) => void };

const asBuffer = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

/**
 * The encoding thread (`encode-worker.mjs`), started on first use. It holds the process open only
 * while it has work, so a process that is done exits; if it stops, what it had fails and the next
 * image starts a new one.
 */
class ImageEncoder {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  private start(): Worker {
    const worker = new Worker(new URL('./encode-worker.mjs', import.meta.url), {
      workerData: { ...ENCODING, widths: SMALLER_WIDTHS, maxPixels: MAX_PIXELS },
    });
    worker.on('message', (reply: Reply) => {
      const p = this.pending.get(reply.id);
      if (!p) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if (reply.failed || !reply.stored || !reply.widths)
        p.reject(new Error('the image could not be decoded or encoded'));
      else p.resolve({ stored: asBuffer(reply.stored), widths: reply.widths.map(asBuffer) });
    });
    const stop = (err: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    worker.on('error', stop);
    worker.on('exit', () => stop(new Error('the image encoder stopped')));
    return worker;
  }

  encode(input: Buffer): Promise<Encoded> {
    this.worker ??= this.start();
    this.worker.ref();
    const id = this.nextId++;
    return new Promise<Encoded>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker!.postMessage({ id, input });
    });
  }
}

export const imageEncoder = new ImageEncoder();
