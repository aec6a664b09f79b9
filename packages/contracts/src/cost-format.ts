// What the web app's product page and the server's rendered product page both show as a price.

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
  const digits = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  if (currency) {
    try {
      return new Intl.NumberFormat(locale, { style: 'currency', currency, ...digits }).format(value);
    } catch {
      // An unknown code: the number alone rather than no price at all.
    }
  }
  return new Intl.NumberFormat(locale, digits).format(value);
}
