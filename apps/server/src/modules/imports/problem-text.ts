import { readError, type AnyErrorParams, type ErrorCode } from '@dalil/contracts/error-codes';
import type { ImportProblem } from '@dalil/contracts/imports';

/**
 * The import's problem reasons in Arabic, for the invalid-rows file an Arabic-speaking admin
 * downloads (the upload screen shows the same sentences from its own locale). Each is the text of
 * the reason's code in the error catalogue, with its params; a code not listed stays in English.
 */
type Text = (p: AnyErrorParams) => string;

/** Two rows for one product, in Arabic: the barcode or code, then the other lines. */
const sameKey =
  (lines: (p: AnyErrorParams) => string): Text =>
  (p) =>
    `${p.what === 'barcode' ? 'الباركود' : 'الرمز'} ${p.value} نفسه في ${lines(p)} بقيم مختلفة: أبقِ صفاً واحداً لكل منتج`;

const NOT_DOWNLOADED: Text = () => 'تعذّر تنزيل الصورة من هذا العنوان';
const NOT_ACCEPTED: Text = () => 'ليست صورة مقبولة (JPEG أو PNG أو WebP أو AVIF أو GIF)';

const ARABIC: Partial<Record<ErrorCode, Text>> = {
  'field.required': () => 'هذا الحقل مطلوب',
  'field.tooLong': (p) => `يجب ألا يزيد على ${p.max} حرفاً`,
  'field.tooManyDigits': (p) => `يجب ألا يزيد على ${p.max} رقماً`,
  'field.digitsOnlyRounded': () =>
    'يجب أن يحتوي أرقاماً فقط (كتبه جدول البيانات رقماً مقرّباً: اجعل تنسيق العمود نصاً)',
  'field.digitsOnly': () => 'يجب أن يحتوي أرقاماً فقط',
  'field.wholeNumber': () => 'يجب أن يكون عدداً صحيحاً يساوي 0 أو أكثر',
  'field.notNegative': () => 'يجب أن يكون 0 أو أكثر',
  'field.number': () => 'يجب أن يكون رقماً',
  'field.tooLarge': () => 'القيمة أكبر من المسموح',
  'field.dateTime': (p) => `يجب أن يكون تاريخاً ووقتاً مثل ${p.example}`,
  'import.imageOrAddress': () => 'يجب أن يكون اسم صورة مخزّنة أو عنوان https',
  'import.notStoredImage': () => 'ليس اسم صورة مخزّنة',
  'import.imageAnswered': NOT_DOWNLOADED,
  'import.imageSlow': NOT_DOWNLOADED,
  'import.imageRefused': NOT_DOWNLOADED,
  'import.imageFailed': NOT_DOWNLOADED,
  'import.imageNotDownloaded': NOT_DOWNLOADED,
  'import.imageNotAccepted': NOT_ACCEPTED,
  'import.imageNotAcceptedBecause': NOT_ACCEPTED,
  'import.imageLarger': (p) => `صورة أكبر من ${p.size}`,
  'import.extraCellsCsv': () => 'فيه خلايا أكثر من العناوين (فاصلة خارج علامتي تنصيص؟)',
  'import.extraCellsXlsx': () => 'فيه قيمة بعد آخر عمود مسمّى في سطر العناوين',
  'import.longNumber': (p) =>
    `رقم أطول من ${p.max} خانة قرّبه جدول البيانات: اجعل تنسيق العمود نصاً واكتبه من جديد`,
  'import.formulaNoResult': () => 'صيغة بلا نتيجة محفوظة: افتح الملف في جدول البيانات واحفظه من جديد',
  'import.formulaError': () => 'صيغة نتيجتها خطأ',
  'import.spreadsheetError': (p) => `فيها خطأ جدول البيانات ${p.error}`,
  'family.notManaged': () => 'شركة لا تديرها: لا يمكنك استيراد هذا الصف',
  // Attribute cells (attribute-cells.ts).
  'attribute.unknownKey': () => 'ليس للشركة سمة بهذا المفتاح',
  'attribute.notOfCategory': () => 'ليست من سمات فئة هذا المنتج',
  'field.boolean': () => 'يجب أن يكون yes أو no',
  'field.date': () => 'يجب أن يكون تاريخاً بالصيغة YYYY-MM-DD',
  'attribute.optionTwice': () => 'يجب ألا يتكرر الخيار',
  'attribute.notAnOption': (p) => `"${p.value}" ليس من الخيارات: ${p.options}`,
  'import.sameKeyLine': sameKey((p) => `السطر ${p.line}`),
  'import.sameKeyLines': sameKey((p) => `السطور ${p.lines}`),
  'import.sameKeyMore': sameKey((p) => `السطور ${p.lines} و${p.more} غيرها`),
};

export type ProblemLanguage = 'ar' | 'en';

/** A problem's reason in the language asked for: in Arabic by its code and params. */
export function problemReason(reason: string, lang: ProblemLanguage): string {
  if (lang === 'en') return reason;
  const { code, params } = readError(reason);
  return ARABIC[code]?.(params) ?? reason;
}

/** One problem as a sentence: "column: reason", or the reason alone for a whole row. */
export const problemSentence = (p: ImportProblem, lang: ProblemLanguage) =>
  p.column ? `${p.column}: ${problemReason(p.reason, lang)}` : problemReason(p.reason, lang);
