import type { Account } from '@dalil/contracts/auth';
import type { ImageFileReport } from '@dalil/contracts/image-upload';
import type { CatalogueWrites } from '../../lib/catalogue-version';
import { saveImageSlots } from './image-job-history';

/** How many stored images wait, or how long the oldest waits, before their products are saved. */
const BATCH_SIZE = 50;
const BATCH_MS = 250;

interface Pending {
  report: ImageFileReport;
  name: string;
}

/**
 * Saves the products' new image names in batches: one catalogue write (one transaction, one version
 * bump) for up to BATCH_SIZE images instead of one each, with what each changed recorded for the
 * products' history and the job's undo. An image is queued
 * only after all of its files are stored, so a stopped job still leaves no product naming a missing
 * image; a queued name not yet saved is an unused image, swept like any other.
 */
export class ImageSlotWriter {
  private pending: Pending[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly catalogue: CatalogueWrites,
    private readonly job: { id: number; actor: Account | null },
  ) {}

  /** Queues one stored image for its product: saved with the next batch (or marked invalid). */
  add(report: ImageFileReport, name: string): void {
    this.pending.push({ report, name });
    if (this.pending.length >= BATCH_SIZE) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), BATCH_MS);
  }

  /** Saves what is queued; the flushes run one after another. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = [];
    this.flushing = this.flushing.then(() => (batch.length ? this.save(batch) : undefined));
    return this.flushing;
  }

  private async save(batch: Pending[]): Promise<void> {
    try {
      await this.catalogue.write((tx) =>
        saveImageSlots(
          tx,
          this.job,
          batch.map((p) => ({ product: p.report.product!.id, slot: p.report.slot!, name: p.name })),
        ),
      );
      for (const p of batch) p.report.stored = p.name;
    } catch {
      for (const p of batch) {
        p.report.status = 'invalid';
        p.report.reason = 'The product could not be saved; send the file again';
      }
    }
  }
}
