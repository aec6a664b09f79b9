import { describe, expect, it } from 'vitest';
import { VersionedCache } from './versioned-cache';

function setup(maxEntries = 3, maxBytes = 1_000_000) {
  const state = { now: 0, version: 1, reads: 0 };
  const cache = new VersionedCache<string>({
    maxEntries,
    maxBytes,
    sizeOf: (value) => value.length * 2,
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

  it('holds no more than its byte budget, evicting the least recently used first', async () => {
    const { cache } = setup(1000, 100_000);
    const v = await cache.currentVersion();
    const big = (c: string) => c.repeat(20_000); // 40,000 bytes as V8 may keep it
    cache.set('a', big('a'), v);
    cache.set('b', big('b'), v);
    expect(cache.bytes).toBeLessThanOrEqual(100_000);
    cache.get('a');
    cache.set('c', big('c'), v);
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBeLessThanOrEqual(100_000);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(big('a'));
    expect(cache.get('c')).toBe(big('c'));
    for (let i = 0; i < 100; i++) cache.set(`k${i}`, big(String(i % 10)), v);
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBeLessThanOrEqual(100_000);
    expect(cache.bytes).toBeGreaterThan(80_000);
  });

  it('keeps no value larger than its whole budget, and drops what it held under that key', async () => {
    const { cache } = setup(1000, 10_000);
    const v = await cache.currentVersion();
    cache.set('small', 'x', v);
    cache.set('a', 'a', v);
    cache.set('a', 'a'.repeat(6_000), v);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('small')).toBe('x');
    expect(cache.size).toBe(1);
  });

  it('counts the keys, and empties its bytes with its entries when the version moves', async () => {
    const { cache, state } = setup(1000, 10_000);
    const v = await cache.currentVersion();
    cache.set('k'.repeat(4_000), '', v);
    expect(cache.bytes).toBe(8_000);
    cache.set('k'.repeat(3_000), '', v);
    expect(cache.size).toBe(1);
    state.version = 2;
    cache.expire();
    await cache.currentVersion();
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it('measures a value again after it grew in place, evicting others to stay under budget', async () => {
    const state = { now: 0 };
    const cache = new VersionedCache<{ text: string; copy?: string }>({
      maxEntries: 10,
      maxBytes: 1_000,
      sizeOf: (v) => (v.text.length + (v.copy?.length ?? 0)) * 2,
      versionTtlMs: 250,
      now: () => state.now,
      readVersion: () => Promise.resolve(1),
    });
    const v = await cache.currentVersion();
    cache.set('a', { text: 'a'.repeat(200) }, v);
    const b = { text: 'b'.repeat(200), copy: '' };
    cache.set('b', b, v);
    expect(cache.bytes).toBe(2 * (2 + 400));
    b.copy = 'z'.repeat(100);
    cache.remeasure('b');
    expect(cache.bytes).toBeLessThanOrEqual(1_000);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe(b);
    b.copy = 'z'.repeat(400);
    cache.remeasure('b');
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });
});
