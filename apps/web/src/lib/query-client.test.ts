import { afterEach, describe, expect, it, vi } from 'vitest';

// A server-rendered visitor page carries the answers it shows; the app's one query client starts with them.

function carry(text: string): void {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'page-data';
  script.textContent = text;
  document.head.appendChild(script);
}

async function freshClient() {
  vi.resetModules();
  return (await import('./query-client')).sharedQueryClient();
}

describe('the shared query client', () => {
  afterEach(() => document.getElementById('page-data')?.remove());

  it('holds what the page carried under its keys, fresh, and takes it once', async () => {
    const product = { id: 12, nameEn: 'Medjool Dates' };
    const family = { id: 7, nameEn: 'Orchard Foods' };
    carry(
      JSON.stringify([
        [['catalog', 'product', 12], product],
        [['catalog', 'family', 7], family],
      ]),
    );
    const client = await freshClient();
    expect(client.getQueryData(['catalog', 'product', 12])).toEqual(product);
    expect(client.getQueryData(['catalog', 'family', 7])).toEqual(family);
    // Just received: a screen with a staleness window does not ask again.
    expect(client.getQueryState(['catalog', 'product', 12])?.dataUpdatedAt).toBeGreaterThan(
      Date.now() - 1000,
    );
    expect(document.getElementById('page-data')).toBeNull();
  });

  it('starts empty when the page carries nothing readable', async () => {
    carry('not json');
    const client = await freshClient();
    expect(client.getQueryCache().getAll()).toEqual([]);
  });
});
