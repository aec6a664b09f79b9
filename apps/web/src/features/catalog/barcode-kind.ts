import { toAsciiDigits } from '@dalil/contracts/search-text';

/** How a stored barcode is drawn: EAN-13 when it is one, Code 128 (any ASCII text) otherwise. */
export type BarcodeSymbology = { kind: 'ean13'; value: string } | { kind: 'code128'; value: string };

/** True for 13 digits whose last is the GS1 check digit (weights 1 and 3 from the left). */
export function isValidEan13(digits: string): boolean {
  if (!/^[0-9]{13}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(digits[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10 === Number(digits[12]);
}

/**
 * The symbology for a barcode as stored or typed: spaces trimmed, Arabic-Indic and Persian digits
 * read as ASCII digits. A 12-digit code is not completed into an EAN-13 (that would print digits
 * the product does not carry); it is drawn as Code 128 like every other value. Null when there is
 * nothing to draw or the text holds characters Code 128 cannot carry.
 */
export function barcodeSymbology(raw: string | null | undefined): BarcodeSymbology | null {
  const value = toAsciiDigits((raw ?? '').trim());
  if (value === '') return null;
  if (isValidEan13(value)) return { kind: 'ean13', value };
  // Code 128 carries ASCII 0-127; printable text is what a barcode field can hold.
  if (!/^[\x20-\x7e]+$/.test(value)) return null;
  return { kind: 'code128', value };
}
