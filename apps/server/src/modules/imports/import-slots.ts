import { HttpError } from '../../lib/errors';

/** Seconds a client is told to wait when every slot is taken: a preview takes seconds, not minutes. */
const RETRY_AFTER_SECONDS = 5;

/**
 * At most `limit` uploads (previews, imports, invalid-rows downloads) are read at once. Each one
 * spools a file of up to the upload limit, unpacks and parses it and holds a workbook's shared
 * strings, so more at once would only share the same cores and memory more thinly; a newcomer past
 * the limit gets 429 with Retry-After at once rather than waiting with its upload held open.
 */
export class ImportSlots {
  private running = 0;

  constructor(readonly limit: number) {}

  /** Takes a slot or throws 429; the returned function gives it back (calling it twice is harmless). */
  take(): () => void {
    if (this.running >= this.limit) {
      throw new HttpError(
        429,
        'import.slotsBusy',
        { limit: this.limit },
        { headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } },
      );
    }
    this.running++;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.running--;
    };
  }
}
