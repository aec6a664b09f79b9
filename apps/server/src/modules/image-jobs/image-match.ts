import { eq } from 'drizzle-orm';
import type { ImageSlot } from '@dalil/contracts/image-upload';
import type { Db } from '../../db/client';
import { families, products } from '../../db/schema';

export interface Candidate {
  id: number;
  familyId: number;
  nameAr: string;
  nameEn: string;
  image: string | null;
  logo: string | null;
}

export type Match =
  | { kind: 'product'; product: Candidate; slot: ImageSlot }
  | { kind: 'unmatched' | 'ambiguous'; reason: string; slot: ImageSlot | null };

/** Entries that are not the user's files (macOS resource forks, Windows thumbnails): skipped silently. */
export function isJunk(path: string): boolean {
  const parts = path.split(/[\\/]/);
  const base = parts.at(-1) ?? '';
  return (
    parts.some((p) => p === '__MACOSX') ||
    base.startsWith('.') ||
    /^(thumbs\.db|desktop\.ini|ehthumbs\.db)$/i.test(base)
  );
}

const ARABIC_INDIC = /[\u0660-\u0669\u06F0-\u06F9]/g;
const toAsciiDigits = (s: string) =>
  s.replace(ARABIC_INDIC, (d) => String((d.charCodeAt(0) - 0x0660) % (0x06f0 - 0x0660)));

/**
 * What a file's name says: `<code>.<ext>` for the image, `<code>_icon.<ext>` or `<code>-icon.<ext>`
 * for the icon, at any folder depth and in any case; Arabic-Indic digits count as digits.
 */
function parseFileName(path: string): { code: string | null; slot: ImageSlot } {
  const base = path.split(/[\\/]/).at(-1) ?? '';
  const stem = toAsciiDigits(base.replace(/\.[^.]*$/, ''))
    .trim()
    .toLowerCase();
  const icon = /[_-]icon$/.exec(stem);
  const code = icon ? stem.slice(0, icon.index) : stem;
  return { code: /^[0-9]{1,32}$/.test(code) ? code : null, slot: icon ? 'logo' : 'image' };
}

/** Every product that could be named (of one family, or of all), by barcode and by code. */
export class ProductIndex {
  private constructor(
    private readonly byBarcode: Map<string, Candidate[]>,
    private readonly byNumber: Map<string, Candidate[]>,
    private readonly familyNames: Map<number, string>,
    private readonly imageNames: Set<string>,
  ) {}

  static async load(db: Db, family: number | undefined): Promise<ProductIndex> {
    const rows = await db
      .select({
        id: products.id,
        familyId: products.familyId,
        nameAr: products.nameAr,
        nameEn: products.nameEn,
        image: products.image,
        logo: products.logo,
        barcode: products.barcode,
        number: products.number,
      })
      .from(products)
      .where(family === undefined ? undefined : eq(products.familyId, family));
    const byBarcode = new Map<string, Candidate[]>();
    const byNumber = new Map<string, Candidate[]>();
    const add = (map: Map<string, Candidate[]>, key: string | null, c: Candidate) => {
      if (key) map.set(key, [...(map.get(key) ?? []), c]);
    };
    for (const { barcode, number, ...c } of rows) {
      add(byBarcode, barcode, c);
      add(byNumber, number, c);
    }
    const names = await db.select({ id: families.id, nameEn: families.nameEn }).from(families);
    const stored = new Set(rows.flatMap((r) => [r.image, r.logo]).filter((n): n is string => !!n));
    return new ProductIndex(byBarcode, byNumber, new Map(names.map((f) => [f.id, f.nameEn])), stored);
  }

  /**
   * Whether a product of the index names this image. Such an image is stored whole, every width
   * included: a product's field changes only once its image is.
   */
  namesImage(name: string): boolean {
    return this.imageNames.has(name);
  }

  /** A file name's product: by barcode first, then by code. */
  match(path: string): Match {
    const { code, slot } = parseFileName(path);
    if (!code) return { kind: 'unmatched', slot: null, reason: 'The name is not a barcode or a code' };
    const found = this.byBarcode.get(code) ?? this.byNumber.get(code) ?? [];
    if (found.length === 0) {
      return { kind: 'unmatched', slot, reason: `No product has the barcode or code ${code}` };
    }
    const inFamilies = [...new Set(found.map((p) => p.familyId))];
    if (inFamilies.length > 1) {
      const names = inFamilies.map((id) => this.familyNames.get(id) ?? `#${id}`).join(', ');
      return { kind: 'ambiguous', slot, reason: `${code} fits products in several families: ${names}` };
    }
    if (found.length > 1) {
      const names = found.map((p) => p.nameEn).join(', ');
      return { kind: 'ambiguous', slot, reason: `${code} fits several products: ${names}` };
    }
    return { kind: 'product', product: found[0]!, slot };
  }
}
