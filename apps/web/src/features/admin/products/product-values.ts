import type { Product } from '@dalil/contracts/products';
import { emptyPublication, publicationValues } from '../form-kit/publication-values';

const text = (value: string | number | null) => (value === null ? '' : String(value));

/** A new product's form: every text empty, no family, category or images. */
export const emptyProduct = {
  nameAr: '',
  nameEn: '',
  descriptionAr: '',
  descriptionEn: '',
  cost: '',
  barcode: '',
  number: '',
  netWeight: '',
  drainedWeight: '',
  unitsPerCarton: '',
  cartonPerPalate: '',
  shelfLife: '',
  family: '' as number | string,
  category: '' as number | string,
  subCategory: '' as number | string,
  logo: null as string | File | null,
  image: null as string | File | null,
  ...emptyPublication,
  /** Values of the category's attributes by key; none until a category brings its attributes. */
  attributes: {} as Record<string, unknown>,
};

/** A stored product as form values (numbers shown as text, as typed). */
export function productValues(product: Product): typeof emptyProduct {
  return {
    nameAr: product.nameAr,
    nameEn: product.nameEn,
    descriptionAr: text(product.descriptionAr),
    descriptionEn: text(product.descriptionEn),
    cost: text(product.cost),
    barcode: text(product.barcode),
    number: text(product.number),
    netWeight: text(product.netWeight),
    drainedWeight: text(product.drainedWeight),
    unitsPerCarton: text(product.unitsPerCarton),
    cartonPerPalate: text(product.cartonPerPalate),
    shelfLife: text(product.shelfLife),
    family: product.family,
    subCategory: product.subCategory ?? '',
    category: product.category,
    logo: product.logo,
    image: product.image,
    ...publicationValues(product),
    attributes: { ...product.attributes },
  };
}
