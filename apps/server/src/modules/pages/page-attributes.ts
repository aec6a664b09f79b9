import { attributeDisplay, type ShownText } from '@dalil/contracts/attribute-display';
import type { Product } from '@dalil/contracts/products';
import type { VisitorLanguage } from '../../lib/visitor-addresses';
import { escapeHtml as e } from './page-head';

/**
 * A text's lang and direction when it is not in the page's language (it fell back to the other), so
 * an Arabic text on an English page reads right to left.
 */
const lang = (text: ShownText, language: VisitorLanguage) =>
  text.lang === language ? '' : ` lang="${text.lang}" dir="${text.lang === 'ar' ? 'rtl' : 'ltr'}"`;
const say = (text: ShownText, language: VisitorLanguage) =>
  `<span${lang(text, language)}>${e(text.text)}</span>`;

/**
 * A product's visible attributes as the app's product page shows them (web features/catalog/
 * product-attributes.tsx): each group under its heading, then the nutrition values as a table.
 */
export function productAttributes(product: Product, language: VisitorLanguage): string {
  const shown = attributeDisplay(product.attributes, product.attributeDefinitions ?? [], language);
  const groups = shown.groups.map((group, i) => {
    const lines = group.lines.map(
      (line) =>
        `<dt>${say(line.label, language)}</dt>` +
        `<dd${lang(line.value, language)}${line.long ? ' class="sp-long"' : ''}>${e(line.value.text)}</dd>`,
    );
    return (
      `<section class="sp-attributes" aria-labelledby="sp-attributes-${i}">` +
      `<h2 id="sp-attributes-${i}"${lang(group.title, language)}>${e(group.title.text)}</h2>` +
      `<dl class="sp-facts">${lines.join('')}</dl></section>`
    );
  });
  const table = shown.nutrition;
  const nutrition = table
    ? `<table class="sp-nutrition"><caption>${e(table.caption)}</caption>` +
      `<thead><tr><th scope="col">${e(table.nutrient)}</th><th scope="col">${e(table.amount)}</th></tr></thead><tbody>` +
      table.rows
        .map(
          (row) =>
            `<tr><th scope="row"${row.sub ? ' class="sp-sub"' : ''}>${e(row.label)}</th><td>${e(row.value)}</td></tr>`,
        )
        .join('') +
      '</tbody></table>'
    : '';
  return groups.join('') + nutrition;
}
