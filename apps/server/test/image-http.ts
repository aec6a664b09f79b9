// Bulk image calls over real HTTP, for tests that run the server as its own process.

export async function api(base: string, token: string, method: string, path: string, payload?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json' } : {}) },
    body: payload ? JSON.stringify(payload) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
}

export async function sendImages(
  base: string,
  token: string,
  parts: { filename: string; data: Buffer }[],
  query = '',
) {
  const form = new FormData();
  for (const p of parts) form.append('file', new Blob([new Uint8Array(p.data)]), p.filename);
  const res = await fetch(`${base}/api/upload/images${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

export async function jobOf(base: string, token: string, id: number) {
  return (await api(base, token, 'GET', `/api/upload/images/${id}`)).body;
}

/** Creates a family, a category and products with the given barcodes; answers the product ids. */
export async function seedProducts(base: string, token: string, barcodes: string[]) {
  const family = // Any barcode: photos are matched by codes that need not be GTINs.
    (
      await api(base, token, 'POST', '/api/family', {
        nameEn: 'Photos Co',
        nameAr: 'شركة الصور',
        requireValidGtin: false,
      })
    ).body.id as number;
  const category = (
    await api(base, token, 'POST', '/api/category', { nameEn: 'All', nameAr: 'الكل', family })
  ).body.id as number;
  const ids: number[] = [];
  for (const barcode of barcodes) {
    const res = await api(base, token, 'POST', '/api/product', {
      nameEn: `Item ${barcode}`,
      nameAr: `صنف ${barcode}`,
      family,
      category,
      barcode,
    });
    ids.push(res.body.id as number);
  }
  return { family, ids };
}
