import { attributeDisplay } from '@dalil/contracts/attribute-display';
import type { Product } from '@dalil/contracts/products';

/**
 * A product's visible attributes in a printed item, in one compact paragraph ("Allergens: Milk,
 * Sesame seeds · Country of origin: Jordan"): the short values only; long texts (ingredients) and
 * the nutrition table are the product page's.
 */
export function PrintAttributes({ product, language }: { product: Product; language: 'ar' | 'en' }) {
  const lines = attributeDisplay(product.attributes, product.attributeDefinitions ?? [], language)
    .groups.flatMap((group) => group.lines)
    .filter((line) => !line.long);
  if (lines.length === 0) return null;
  return (
    <p className="dp-attributes">
      {lines.map((line, i) => (
        <span key={line.key}>
          {i > 0 && ' · '}
          <span
            className="dp-attribute-name"
            lang={line.label.lang === language ? undefined : line.label.lang}
          >
            {line.label.text}:
          </span>{' '}
          <bdi lang={line.value.lang === language ? undefined : line.value.lang}>{line.value.text}</bdi>
        </span>
      ))}
    </p>
  );
}
