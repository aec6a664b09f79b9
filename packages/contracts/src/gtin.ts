/** The GTIN lengths GS1 defines: GTIN-8 (EAN-8), GTIN-12 (UPC-A), GTIN-13 (EAN-13) and GTIN-14. */
const GTIN_LENGTHS = [8, 12, 13, 14] as const;
type GtinLength = (typeof GTIN_LENGTHS)[number];

export type GtinCheck =
  | { valid: true; length: GtinLength }
  /** Digits of a GTIN length whose last digit is wrong: `expected` is the one it should end with. */
  | { valid: false; reason: 'check-digit'; length: GtinLength; expected: number }
  /** Not 8, 12, 13 or 14 digits. */
  | { valid: false; reason: 'format' };

const isGtinLength = (n: number): n is GtinLength => (GTIN_LENGTHS as readonly number[]).includes(n);

/**
 * The GS1 check digit for the digits before it: from the right, the digits are weighted 3, 1, 3, …;
 * the check digit brings their sum up to a multiple of ten.
 */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** Checks a barcode as a GTIN: its length, and its last digit against the GS1 check digit. */
export function checkGtin(code: string): GtinCheck {
  const length = code.length;
  if (!/^[0-9]+$/.test(code) || !isGtinLength(length)) return { valid: false, reason: 'format' };
  const expected = gtinCheckDigit(code.slice(0, -1));
  return expected === code.charCodeAt(length - 1) - 48
    ? { valid: true, length }
    : { valid: false, reason: 'check-digit', length, expected };
}

export const isValidGtin = (code: string): boolean => checkGtin(code).valid;

/** What the API and the imports say of a code that is not a GTIN (the web shows it in its language). */
const GTIN_FORMAT_MESSAGE = 'is not a GTIN: GTINs have 8, 12, 13 or 14 digits';

/**
 * The English sentence for a barcode that is not a valid GTIN, or null for a valid one:
 * "the check digit should be 7 (GTIN-13)", or the lengths GTINs have.
 */
export function gtinProblem(code: string): string | null {
  const check = checkGtin(code);
  if (check.valid) return null;
  if (check.reason === 'format') return GTIN_FORMAT_MESSAGE;
  return `the check digit should be ${check.expected} (GTIN-${check.length})`;
}

/**
 * The GS1 member organisations of the Arab countries and their GTIN-13 prefixes (GS1's list of
 * prefixes). A prefix names the organisation that issued the number, not where the product is made.
 */
const ARAB_GS1_PREFIXES: Readonly<Record<string, string>> = {
  '528': 'LB',
  '607': 'OM',
  '608': 'BH',
  '611': 'MA',
  '613': 'DZ',
  '619': 'TN',
  '621': 'SY',
  '622': 'EG',
  '624': 'LY',
  '625': 'JO',
  '627': 'KW',
  '628': 'SA',
  '629': 'AE',
  '630': 'QA',
};

/** For a valid GTIN-13 issued by an Arab country's GS1 organisation: its prefix and the country's ISO code. */
export function arabGs1Issuer(code: string): { prefix: string; country: string } | null {
  const check = checkGtin(code);
  if (!check.valid || check.length !== 13) return null;
  const prefix = code.slice(0, 3);
  const country = ARAB_GS1_PREFIXES[prefix];
  return country ? { prefix, country } : null;
}
