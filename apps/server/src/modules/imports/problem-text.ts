import type { ImportProblem } from '@dalil/contracts/imports';

/**
 * The import's problem reasons in Arabic, for the invalid-rows file an Arabic-speaking admin
 * downloads (the upload screen shows the same sentences from its own locale). A reason not listed
 * stays in English.
 */
/** "3, 7 and 2 more" as Arabic: the line numbers, then how many more. */
const sameLines = (lines: string) => {
  const m = /^(.+) and (\d+) more$/.exec(lines);
  return m ? `السطور ${m[1]} و${m[2]} غيرها` : lines.includes(',') ? `السطور ${lines}` : `السطر ${lines}`;
};

const ARABIC: [RegExp, (m: RegExpExecArray) => string][] = [
  [/^This field is required$/, () => 'هذا الحقل مطلوب'],
  [/^must be at most (\d+) characters$/, (m) => `يجب ألا يزيد على ${m[1]} حرفاً`],
  [/^must be at most 32 digits$/, () => 'يجب ألا يزيد على 32 رقماً'],
  [
    /^must contain digits only \(the spreadsheet/,
    () => 'يجب أن يحتوي أرقاماً فقط (كتبه جدول البيانات رقماً مقرّباً: اجعل تنسيق العمود نصاً)',
  ],
  [/^must contain digits only$/, () => 'يجب أن يحتوي أرقاماً فقط'],
  [/^must be a whole number of 0 or more$/, () => 'يجب أن يكون عدداً صحيحاً يساوي 0 أو أكثر'],
  [/^must be 0 or more$/, () => 'يجب أن يكون 0 أو أكثر'],
  [/^must be a number$/, () => 'يجب أن يكون رقماً'],
  [/^is too large$/, () => 'القيمة أكبر من المسموح'],
  [/^must be a date and time such as (\S+)$/, (m) => `يجب أن يكون تاريخاً ووقتاً مثل ${m[1]}`],
  [
    /^must be the name of a stored image or an https address$/,
    () => 'يجب أن يكون اسم صورة مخزّنة أو عنوان https',
  ],
  [/^is not the name of a stored image$/, () => 'ليس اسم صورة مخزّنة'],
  [/^could not be downloaded/, () => 'تعذّر تنزيل الصورة من هذا العنوان'],
  [/^is not an image we accept/, () => 'ليست صورة مقبولة (JPEG أو PNG أو WebP أو AVIF أو GIF)'],
  [/^is an image larger than (.+)$/, (m) => `صورة أكبر من ${m[1]}`],
  [
    /^has more cells than the header \(an unquoted/,
    () => 'فيه خلايا أكثر من العناوين (فاصلة خارج علامتي تنصيص؟)',
  ],
  [/^has more cells than the header \(a value right/, () => 'فيه قيمة بعد آخر عمود مسمّى في سطر العناوين'],
  [
    /^is a number with more than 15 digits/,
    () => 'رقم أطول من 15 خانة قرّبه جدول البيانات: اجعل تنسيق العمود نصاً واكتبه من جديد',
  ],
  [
    /^is a formula without a saved result/,
    () => 'صيغة بلا نتيجة محفوظة: افتح الملف في جدول البيانات واحفظه من جديد',
  ],
  [/^is a formula whose result is/, () => 'صيغة نتيجتها خطأ'],
  [/^holds the spreadsheet error (.+)$/, (m) => `فيها خطأ جدول البيانات ${m[1]}`],
  [/^is a family you do not manage/, () => 'شركة لا تديرها: لا يمكنك استيراد هذا الصف'],
  // Attribute cells (attribute-cells.ts), in the API's own words.
  [/^the family has no attribute with this key$/, () => 'ليس للشركة سمة بهذا المفتاح'],
  [/^is not an attribute of this product's category$/, () => 'ليست من سمات فئة هذا المنتج'],
  [/^must be true or false$/, () => 'يجب أن يكون yes أو no'],
  [/^must be a date written YYYY-MM-DD$/, () => 'يجب أن يكون تاريخاً بالصيغة YYYY-MM-DD'],
  [/^must not name an option twice$/, () => 'يجب ألا يتكرر الخيار'],
  [/^"(.*)" is not an option of .+: (.*)$/, (m) => `"${m[1]}" ليس من الخيارات: ${m[2]}`],
  [
    /^has the same (barcode|code) (\d+) as lines? (.+) with different values/,
    (m) =>
      `${m[1] === 'barcode' ? 'الباركود' : 'الرمز'} ${m[2]} نفسه في ${sameLines(m[3]!)} بقيم مختلفة: أبقِ صفاً واحداً لكل منتج`,
  ],
];

export type ProblemLanguage = 'ar' | 'en';

export function problemReason(reason: string, lang: ProblemLanguage): string {
  if (lang === 'en') return reason;
  for (const [pattern, text] of ARABIC) {
    const m = pattern.exec(reason);
    if (m) return text(m);
  }
  return reason;
}

/** One problem as a sentence: "column: reason", or the reason alone for a whole row. */
export const problemSentence = (p: ImportProblem, lang: ProblemLanguage) =>
  p.column ? `${p.column}: ${problemReason(p.reason, lang)}` : problemReason(p.reason, lang);
