import { describe, expect, it } from 'vitest';
import { VersionedCache } from './versioned-cache';

function setup(maxEntries = 3) {
  const state = { now: 0, version: 1, reads: 0 };
  const cache = new VersionedCache<string>({
    maxEntries,
    versionTtlMs: 250,
    now: () => state.now,
    readVersion: () => {
      state.reads++;
      return Promise.resolve(state.version);
    },
  });
  return { cache, state };
}

describe('VersionedCache', () => {
  it('reads the version at most once per TTL, and concurrent lookups share one read', async () => {
    const { cache, state } = setup();
    await Promise.all([cache.currentVersion(), cache.currentVersion(), cache.currentVersion()]);
    state.now = 200;
    await cache.currentVersion();
    expect(state.reads).toBe(1);
    state.now = 260;
    await cache.currentVersion();
    expect(state.reads).toBe(2);
  });

  it('drops every entry when the version moves', async () => {
    const { cache, state } = setup();
    const v = await cache.currentVersion();
    cache.set('a', 'A', v);
    state.version = 2;
    state.now = 300;
    expect(await cache.currentVersion()).toBe(2);
    expect(cache.get('a')).toBeUndefined();
  });

  it('re-reads at once after expire(), inside the TTL', async () => {
    const { cache, state } = setup();
    await cache.currentVersion();
    state.version = 5;
    cache.expire();
    expect(await cache.currentVersion()).toBe(5);
    expect(state.reads).toBe(2);
  });

  it('does not keep a result computed under an older version', async () => {
    const { cache, state } = setup();
    const old = await cache.currentVersion();
    state.version = 2;
    cache.expire();
    await cache.currentVersion();
    cache.set('a', 'stale', old);
    expect(cache.get('a')).toBeUndefined();
  });

  it('evicts the least recently used entry past its size', async () => {
    const { cache } = setup(3);
    const v = await cache.currentVersion();
    for (const k of ['a', 'b', 'c']) cache.set(k, k.toUpperCase(), v);
    cache.get('a');
    cache.set('d', 'D', v);
    expect(cache.size).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
  });
});
