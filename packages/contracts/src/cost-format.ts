// What the web app's product page and the server's rendered product page both show as a price.

/**
 * Made once per language and currency: making an Intl.NumberFormat reads the locale's data, and
 * costs more than a thousand uses of one (a product grid formats a price per card).
 */
const formats = new Map<string, Intl.NumberFormat | null>();

/** Null for a currency code Intl does not know. */
function numberFormat(locale: string, currency: string | null): Intl.NumberFormat | null {
  const key = `${locale} ${currency ?? ''}`;
  let format = formats.get(key);
  if (format === undefined) {
    const digits = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
    try {
      format = new Intl.NumberFormat(locale, currency ? { style: 'currency', currency, ...digits } : digits);
    } catch {
      // An unknown currency code.
      format = null;
    }
    formats.set(key, format);
  }
  return format;
}

/**
 * Prices with Western digits in both languages, like the barcodes beside them; in the server's
 * currency (an ISO 4217 code) when it has one, else a bare number.
 */
export function formatCost(
  value: number | null,
  lang: 'ar' | 'en',
  currency: string | null = null,
): string | null {
  if (value === null) return null;
  const locale = lang === 'ar' ? 'ar-u-nu-latn' : 'en';
  // An unknown code: the number alone rather than no price at all (a bare number's format is always
  // made: its locale and options are fixed).
  const format = (currency ? numberFormat(locale, currency) : null) ?? numberFormat(locale, null)!;
  return format.format(value);
}
