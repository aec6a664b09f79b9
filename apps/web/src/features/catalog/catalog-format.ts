// Display formats for catalogue values that arrive as free text in the import's English style
// ('250 (g)', '2 years'). Unknown shapes are shown exactly as stored.

type Lang = 'ar' | 'en';

const UNITS_AR: Record<string, string> = { g: 'غ', kg: 'كغ', l: 'لتر', ml: 'مل', mg: 'ملغ', oz: 'أونصة' };

/** '250 (g)' -> '250 g' (or '250 غ' in Arabic). */
export function formatWeight(value: string | null, lang: Lang): string | null {
  if (!value) return null;
  const match = /^\s*([0-9.,]+)\s*\(?\s*([a-zA-Z]+)\s*\)?\s*$/.exec(value);
  if (!match) return value.trim();
  const [, amount, unit] = match as unknown as [string, string, string];
  const shown = lang === 'ar' ? (UNITS_AR[unit.toLowerCase()] ?? unit) : unit;
  return `${amount} ${shown}`;
}

// Arabic counted nouns: 1 and 2 have their own forms, 3-10 take the plural, 11 and up the singular.
const PERIODS_AR: Record<string, [one: string, two: string, few: string, many: string]> = {
  day: ['يوم', 'يومان', 'أيام', 'يومًا'],
  week: ['أسبوع', 'أسبوعان', 'أسابيع', 'أسبوعًا'],
  month: ['شهر', 'شهران', 'أشهر', 'شهرًا'],
  year: ['سنة', 'سنتان', 'سنوات', 'سنة'],
};

/** '18 months' -> '18 شهرًا' in Arabic; English text is shown as stored. */
export function formatShelfLife(value: string | null, lang: Lang): string | null {
  if (!value) return null;
  if (lang === 'en') return value.trim();
  const match = /^\s*(\d+)\s*(day|week|month|year)s?\s*$/i.exec(value);
  if (!match) return value.trim();
  const n = Number(match[1]);
  const forms = PERIODS_AR[(match[2] ?? '').toLowerCase()];
  if (!forms) return value.trim();
  if (n === 1) return forms[0];
  if (n === 2) return forms[1];
  return `${n} ${n <= 10 ? forms[2] : forms[3]}`;
}
