/**
 * An in-process LRU valid for one version of a counter kept in the database (`state-version.ts`).
 * The version is re-read at most once per `versionTtlMs`, whatever the request rate, so processes
 * sharing one PostgreSQL agree within that window; `expire` (a write committed by this process) makes
 * the next lookup re-read it at once. A changed version empties the cache.
 *
 * It holds at most `maxEntries` entries and `maxBytes` bytes, counting each entry as it is stored
 * (`sizeOf` its value plus its key): a count alone let large entries grow the process without bound
 * (docs/architecture.md, "Caching"). The least recently used go first until both hold; a value larger
 * than the whole budget is not kept.
 */
export interface VersionedCacheOptions<V> {
  maxEntries: number;
  maxBytes: number;
  /** The bytes a value holds in memory, measured when it is stored (and again by `remeasure`). */
  sizeOf: (value: V) => number;
  versionTtlMs: number;
  readVersion: () => Promise<number>;
  /** Milliseconds on a monotonic clock; tests pass one they can move. */
  now?: () => number;
  /** Told of every lookup, hit or miss (the metrics count them). */
  onLookup?: (hit: boolean) => void;
}

interface Entry<V> {
  value: V;
  bytes: number;
}

/** A key's own bytes: V8 keeps a string with any character past Latin-1 at two bytes a code unit. */
const keyBytes = (key: string) => key.length * 2;

export class VersionedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private totalBytes = 0;
  private version = Number.NaN;
  private checkedAt = Number.NEGATIVE_INFINITY;
  /** Bumped by `expire`: a version read that started before it must not count as fresh. */
  private generation = 0;
  private refreshing: { generation: number; promise: Promise<number> } | null = null;
  private readonly now: () => number;

  constructor(private readonly options: VersionedCacheOptions<V>) {
    this.now = options.now ?? (() => performance.now());
  }

  get size(): number {
    return this.entries.size;
  }

  /** The bytes its entries hold, keys included, as measured when they were stored. */
  get bytes(): number {
    return this.totalBytes;
  }

  /** The current version, read from the database when the last read started too long ago. */
  currentVersion(): Promise<number> {
    if (this.now() - this.checkedAt < this.options.versionTtlMs) return Promise.resolve(this.version);
    if (this.refreshing?.generation === this.generation) return this.refreshing.promise;
    const generation = this.generation;
    const startedAt = this.now();
    const promise = this.options.readVersion().then(
      (version) => {
        if (version !== this.version) {
          this.clear();
          this.version = version;
        }
        if (generation === this.generation) this.checkedAt = startedAt;
        if (this.refreshing?.promise === promise) this.refreshing = null;
        return version;
      },
      (err: unknown) => {
        if (this.refreshing?.promise === promise) this.refreshing = null;
        throw err;
      },
    );
    this.refreshing = { generation, promise };
    return promise;
  }

  /** A write finished in this process: re-read the version before the next lookup. */
  expire(): void {
    this.generation++;
    this.checkedAt = Number.NEGATIVE_INFINITY;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    this.options.onLookup?.(entry !== undefined);
    if (entry === undefined) return undefined;
    // Most recently used goes last; eviction takes the first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value` computed under `version`, unless the version has moved on meanwhile. */
  set(key: string, value: V, version: number): void {
    if (version !== this.version) return;
    this.delete(key);
    const entry = { value, bytes: keyBytes(key) + this.options.sizeOf(value) };
    if (entry.bytes > this.options.maxBytes) return;
    this.entries.set(key, entry);
    this.totalBytes += entry.bytes;
    this.evict();
  }

  /**
   * Measures a kept value again after it grew in place (a cached page keeps its compressed copies once
   * a client asks for them), evicting others, or itself, until the budget holds again.
   */
  remeasure(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    const bytes = keyBytes(key) + this.options.sizeOf(entry.value);
    if (bytes === entry.bytes) return;
    this.totalBytes += bytes - entry.bytes;
    entry.bytes = bytes;
    if (bytes > this.options.maxBytes) this.delete(key);
    else this.evict();
  }

  private evict(): void {
    for (const [key] of this.entries) {
      if (this.entries.size <= this.options.maxEntries && this.totalBytes <= this.options.maxBytes) return;
      this.delete(key);
    }
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.totalBytes -= entry.bytes;
  }

  private clear(): void {
    this.entries.clear();
    this.totalBytes = 0;
  }
}
