/** A size in megabytes in the interface language ("10 MB"), as limits and totals are shown. */
export function formatMegabytes(bytes: number, language: string): string {
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: 'megabyte',
    maximumFractionDigits: 1,
  }).format(bytes / 1024 ** 2);
}
