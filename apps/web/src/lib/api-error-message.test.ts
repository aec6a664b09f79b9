import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readError } from '@dalil/contracts/error-codes';
import { ApiError } from './api-error';
import { apiErrorMessage } from './api-error-message';
import { useTranslation } from './i18n';
import { usePreferences } from './preferences-store';

/** An answer as the server sends it: the code and params its English was written from. */
const answer = (status: number, message: string, details?: { path: string; message: string }[]) =>
  new ApiError(
    'http',
    status,
    {
      statusCode: status,
      error: 'x',
      ...readError(message),
      message,
      ...(details ? { details: details.map((d) => ({ ...d, ...readError(d.message) })) } : {}),
    },
    message,
  );

function say(language: 'ar' | 'en', error: ApiError): string {
  usePreferences.setState({ language });
  const { t } = renderHook(() => useTranslation()).result.current;
  return apiErrorMessage(error, t, language);
}

describe('server messages in the admin language', () => {
  it('translates a field error, naming the field by its label', () => {
    const error = answer(400, 'body/nameEn must be at most 200 characters', [
      { path: 'body.nameEn', message: 'must be at most 200 characters' },
    ]);
    expect(say('ar', error)).toBe('الاسم بالإنجليزية: طويل جدًا: 200 حرفًا على الأكثر');
    expect(say('en', error)).toBe('Name En: Too long: at most 200 characters');
  });

  it('translates known 409 conflicts, and too many requests whatever the server said', () => {
    expect(say('ar', answer(409, 'Username is already taken'))).toBe('اسم المستخدم مستخدم بالفعل');
    expect(
      say('ar', answer(409, 'Changed since this entry: nameEn, cost. Revert the later change first.')),
    ).toBe('تغيّر بعد هذا الإدخال: الاسم بالإنجليزية، السعر. تراجع عن التغيير الأحدث أولًا.');
    expect(say('ar', answer(429, 'Rate limit exceeded, retry in 1 minute'))).toBe(
      'محاولات كثيرة جدًا. يُرجى الانتظار قليلًا ثم المحاولة مجددًا.',
    );
  });

  it('translates what an API key is refused', () => {
    expect(say('ar', answer(403, 'This API key may only read'))).toBe('هذا المفتاح للقراءة فقط');
    expect(
      say('ar', answer(403, 'An API key cannot manage accounts, keys, webhooks, feeds or sessions')),
    ).toBe(
      'لا يمكن لمفتاح الواجهة البرمجية إدارة الحسابات أو المفاتيح أو خطافات الويب أو الاستيراد المجدول أو الجلسات',
    );
    expect(say('en', answer(403, 'This API key may only read'))).toBe('This API key may only read');
  });

  it("shows an unknown message's own text only as a fallback, after the status's sentence in Arabic", () => {
    const error = answer(409, 'Something new the UI does not know');
    expect(say('en', error)).toBe('Something new the UI does not know');
    expect(say('ar', error)).toBe(
      'يتعارض هذا مع بيانات موجودة. (\u2068Something new the UI does not know\u2069)',
    );
    expect(say('ar', answer(500, 'internal details'))).toBe('حدث خطأ في الخادم. يُرجى المحاولة مرة أخرى.');
  });
});
