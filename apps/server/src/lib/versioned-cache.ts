/**
 * An in-process LRU valid for one version of a counter kept in the database (`state-version.ts`).
 * The version is re-read at most once per `versionTtlMs`, whatever the request rate, so processes
 * sharing one PostgreSQL agree within that window; `expire` (a write committed by this process) makes
 * the next lookup re-read it at once. A changed version empties the cache.
 */
export interface VersionedCacheOptions {
  maxEntries: number;
  versionTtlMs: number;
  readVersion: () => Promise<number>;
  /** Milliseconds on a monotonic clock; tests pass one they can move. */
  now?: () => number;
  /** Told of every lookup, hit or miss (the metrics count them). */
  onLookup?: (hit: boolean) => void;
}

export class VersionedCache<V> {
  private readonly entries = new Map<string, V>();
  private version = Number.NaN;
  private checkedAt = Number.NEGATIVE_INFINITY;
  /** Bumped by `expire`: a version read that started before it must not count as fresh. */
  private generation = 0;
  private refreshing: { generation: number; promise: Promise<number> } | null = null;
  private readonly now: () => number;

  constructor(private readonly options: VersionedCacheOptions) {
    this.now = options.now ?? (() => performance.now());
  }

  get size(): number {
    return this.entries.size;
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
          this.entries.clear();
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
    const value = this.entries.get(key);
    this.options.onLookup?.(value !== undefined);
    if (value !== undefined) {
      // Most recently used goes last; eviction takes the first.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  /** Keeps `value` computed under `version`, unless the version has moved on meanwhile. */
  set(key: string, value: V, version: number): void {
    if (version !== this.version) return;
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }
}
