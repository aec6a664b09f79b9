import { expect, type APIRequestContext } from '@playwright/test';
import { PNG } from 'pngjs';
import { csvFile } from './upload';
import { E2E_ADMIN_PASSWORD } from './server';
import { CSV_COLUMNS } from '@dalil/contracts/imports';

/** The family the print journey seeds: 40 products in four categories, through the CSV import. */
export const PRINT_FAMILY = { en: 'Al Waha Foods', ar: 'الواحة للأغذية' } as const;

const CATEGORIES = [
  {
    en: 'Dates',
    ar: 'تمور',
    products: [
      ['Medjool Dates', 'تمر مجدول'],
      ['Sukkari Dates', 'تمر سكري'],
      ['Ajwa Dates', 'تمر عجوة'],
      ['Khalas Dates', 'تمر خلاص'],
      ['Segai Dates', 'تمر صقعي'],
      ['Barhi Dates', 'تمر برحي'],
    ].flatMap(([en, ar]): [string, string][] => [
      [en!, ar!],
      [`${en} Premium`, `${ar} فاخر`],
    ]),
  },
  {
    en: 'Juices',
    ar: 'عصائر',
    products: [
      ['Orange', 'برتقال'],
      ['Apple', 'تفاح'],
      ['Mango', 'مانجو'],
      ['Guava', 'جوافة'],
      ['Pomegranate', 'رمان'],
    ].flatMap(([en, ar]): [string, string][] => [
      [`${en} Juice`, `عصير ${ar}`],
      [`${en} Nectar`, `شراب ${ar}`],
    ]),
  },
  {
    en: 'Sweets',
    ar: 'حلويات',
    products: [
      ['Date Maamoul', 'معمول بالتمر'],
      ['Pistachio Baklava', 'بقلاوة بالفستق'],
      ['Basbousa', 'بسبوسة'],
      ['Nabulsi Kunafa', 'كنافة نابلسية'],
      ['Sesame Halawa', 'حلاوة طحينية'],
      ['Ghraybeh', 'غريبة'],
      ['Barazek', 'برازق'],
      ['Qatayef', 'قطايف'],
      ['Luqaimat', 'لقيمات'],
    ],
  },
  {
    en: 'Spices',
    ar: 'بهارات',
    products: [
      ['Cumin', 'كمون'],
      ['Cardamom', 'هيل'],
      ['Saffron', 'زعفران'],
      ['Turmeric', 'كركم'],
      ['Black Pepper', 'فلفل أسود'],
      ['Cinnamon', 'قرفة'],
      ['Sumac', 'سماق'],
      ["Za'atar", 'زعتر'],
      ['Mixed Spices', 'بهارات مشكلة'],
    ],
  },
] as const;

/** 12 digits plus the EAN-13 check digit. */
function ean13(twelve: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(twelve[i]) * (i % 2 === 0 ? 1 : 3);
  return twelve + String((10 - (sum % 10)) % 10);
}

export interface SeededProduct {
  nameEn: string;
  nameAr: string;
  category: string;
  barcode: string | null;
}

/**
 * Barcodes: most are valid EAN-13s; every seventh is 14 digits and every eleventh 12 digits (both
 * drawn as Code 128); every thirteenth has none.
 */
export const PRINT_PRODUCTS: SeededProduct[] = CATEGORIES.flatMap((category) =>
  category.products.map(([nameEn, nameAr]) => ({
    nameEn,
    nameAr,
    category: category.en,
    barcode: null as string | null,
  })),
).map((product, i) => {
  const serial = String(1000 + i).padStart(9, '0');
  const barcode =
    (i + 1) % 13 === 0
      ? null
      : (i + 1) % 11 === 0
        ? `628${serial}`
        : (i + 1) % 7 === 0
          ? `1${ean13(`628${serial}`)}`
          : ean13(`628${serial}`);
  return { ...product, barcode };
});

/** A PNG drawn per pixel: `paint(x, y)` gives the colour. */
function png(
  width: number,
  height: number,
  paint: (x: number, y: number) => [number, number, number],
): Buffer {
  const image = new PNG({ width, height });
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, y);
      const at = (y * width + x) * 4;
      image.data[at] = r;
      image.data[at + 1] = g;
      image.data[at + 2] = b;
      image.data[at + 3] = 255;
    }
  return PNG.sync.write(image);
}

const images = {
  // A green disc with a gold palm-like bar on white.
  logo: () =>
    png(256, 256, (x, y) => {
      const d = Math.hypot(x - 128, y - 128);
      if (d > 120) return [255, 255, 255];
      if (Math.abs(x - 128) < 14 && y > 60 && y < 200) return [222, 170, 60];
      return [36, 110, 70];
    }),
  // A dusk sky over dunes.
  cover: () =>
    png(1200, 600, (x, y) => {
      const dune = 380 + 60 * Math.sin(x / 140) + 25 * Math.sin(x / 47);
      if (y > dune) return [196 - (y - dune) / 6, 140 - (y - dune) / 8, 80];
      const t = y / 600;
      return [40 + 180 * t, 70 + 90 * t, 130 - 20 * t];
    }),
  product: (hue: [number, number, number]) => () =>
    png(320, 320, (x, y) => {
      const d = Math.hypot(x - 160, y - 170);
      if (d < 110) return hue;
      if (d < 118) return [hue[0] * 0.6, hue[1] * 0.6, hue[2] * 0.6];
      return [246, 244, 238];
    }),
};

const HUES: Record<string, [number, number, number]> = {
  Dates: [120, 70, 40],
  Juices: [240, 150, 40],
  Sweets: [210, 170, 90],
  Spices: [170, 60, 40],
};

async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/admin/login', {
    data: { username: 'admin', password: E2E_ADMIN_PASSWORD },
  });
  expect(response.ok(), 'admin sign-in').toBe(true);
  return ((await response.json()) as { token: string }).token;
}

async function upload(
  request: APIRequestContext,
  token: string,
  name: string,
  buffer: Buffer,
): Promise<string> {
  const response = await request.post('/api/upload/image', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { file: { name, mimeType: 'image/png', buffer } },
  });
  expect(response.ok(), `upload ${name}`).toBe(true);
  const body = (await response.json()) as { public_id: string; format: string };
  return `${body.public_id}.${body.format}`;
}

type Row = Record<string, unknown> & { id: number; nameEn: string; category: number };

/**
 * Imports the family through POST /api/upload/all, then gives it a logo and a cover and gives its
 * products images and (every other one) a price through the admin API. Returns the family's id.
 */
export async function seedPrintFamily(request: APIRequestContext): Promise<number> {
  const token = await adminToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const header = [...CSV_COLUMNS];
  const rows = PRINT_PRODUCTS.map((p, i) => {
    const category = CATEGORIES.find((c) => c.en === p.category)!;
    return [
      PRINT_FAMILY.en,
      PRINT_FAMILY.ar,
      category.en,
      category.ar,
      '',
      '',
      p.nameEn,
      p.nameAr,
      p.barcode ?? '',
      '18 months',
      `${[250, 500, 1000][i % 3]} (g)`,
      '',
      String([6, 12, 24][i % 3]),
      String([40, 60, 80][i % 3]),
      String(5000 + i),
    ];
  });
  const imported = await request.post('/api/upload/all', {
    headers: auth,
    multipart: { file: { name: 'al-waha.csv', mimeType: 'text/csv', buffer: csvFile(header, rows) } },
  });
  expect(imported.status(), await imported.text()).toBe(200);

  const families = (await (
    await request.get('/api/family', { params: { search: PRINT_FAMILY.en, limit: 100 }, headers: auth })
  ).json()) as { data: Row[] };
  const family = families.data.find((f) => f.nameEn === PRINT_FAMILY.en)!;
  const logo = await upload(request, token, 'logo.png', images.logo());
  const cover = await upload(request, token, 'cover.png', images.cover());
  const put = await request.put(`/api/family/${family.id}`, {
    headers: auth,
    data: { nameEn: PRINT_FAMILY.en, nameAr: PRINT_FAMILY.ar, logo, image: cover, cover },
  });
  expect(put.ok(), 'family logo and cover').toBe(true);

  const categories = (await (
    await request.get('/api/category', { params: { family: family.id, limit: 100 }, headers: auth })
  ).json()) as { data: Row[] };
  const productImages = new Map<number, string>();
  for (const category of categories.data)
    productImages.set(
      category.id,
      await upload(request, token, `${category.nameEn}.png`, images.product(HUES[category.nameEn]!)()),
    );
  const products = (await (
    await request.get('/api/product', { params: { family: family.id, limit: 100 }, headers: auth })
  ).json()) as { data: Row[]; count: number };
  expect(products.count).toBe(PRINT_PRODUCTS.length);
  for (const [i, product] of products.data.entries()) {
    const { id, name: _name, ...fields } = product;
    void _name;
    const body = {
      ...fields,
      image: productImages.get(product.category),
      cost: i % 2 === 0 ? 12.5 + i : null,
    };
    const response = await request.put(`/api/product/${id}`, { headers: auth, data: body });
    expect(response.ok(), `product ${product.nameEn}: ${await response.text()}`).toBe(true);
  }
  return family.id;
}
