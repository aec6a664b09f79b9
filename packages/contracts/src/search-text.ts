// Search text is normalized once on write and the same way on query.
const TASHKEEL = /[\u064B-\u065F\u0670]/g;
const TATWEEL = /\u0640/g;
const ALEF_FORMS = /[\u0623\u0625\u0622\u0671]/g;
const DIGIT_BASES = [0x0660, 0x06f0]; // Arabic-Indic, Persian (Extended Arabic-Indic)

function foldDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => {
    const code = d.charCodeAt(0);
    const base = DIGIT_BASES.find((b) => code >= b && code <= b + 9) ?? 0;
    return String(code - base);
  });
}

export function normalizeSearchText(input: string): string {
  const text = input
    .normalize('NFKC')
    .toLowerCase()
    .replace(TASHKEEL, '')
    .replace(TATWEEL, '')
    .replace(ALEF_FORMS, '\u0627')
    .replace(/\u0649/g, '\u064A')
    .replace(/\u0629/g, '\u0647')
    .replace(/\u0624/g, '\u0648')
    .replace(/\u0626/g, '\u064A');
  return foldDigits(text).replace(/\s+/g, ' ').trim();
}

/** Turns Arabic-Indic and Persian digits into ASCII digits; used for barcodes, codes and CSV numbers. */
export function toAsciiDigits(input: string): string {
  return foldDigits(input);
}
