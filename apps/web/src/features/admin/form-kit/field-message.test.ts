import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { adminTexts } from '../../../lib/admin-texts';
import type { TFunction } from '../../../lib/i18n';
import { createTranslator } from '../../../lib/translate';
import { codedMessage, fieldMessage, serverFieldErrors } from './field-message';

const translator = createTranslator<'ar' | 'en', string>(adminTexts, 'en');
const ar = translator.fixed('ar') as unknown as TFunction;
const en = translator.fixed('en') as unknown as TFunction;

/** A 400 as the server sends it: each detail with its code and params beside its English. */
const refusal = new ApiError(
  'http',
  400,
  {
    statusCode: 400,
    error: 'Bad Request',
    code: 'request.validation',
    params: { problems: 'nameEn: …' },
    // Words no text of the client's holds: a field must never show them.
    message: 'nameEn: some English the server chose',
    details: [
      {
        path: 'body.nameEn',
        code: 'field.tooLong',
        params: { max: 200 },
        message: 'some English the server chose',
      },
      { path: 'body.elsewhere', code: 'field.required', params: {}, message: 'not a field of this form' },
    ],
  },
  'nameEn: some English the server chose',
);

describe("a form field's server refusal", () => {
  it('keeps the code and params of each detail of its own fields', () => {
    expect(serverFieldErrors(refusal, ['nameEn', 'nameAr'])).toEqual([
      {
        field: 'nameEn',
        path: 'nameEn',
        message: codedMessage({ code: 'field.tooLong', params: { max: 200 } }),
      },
    ]);
  });

  it("reads in Arabic and in English from the code, never from the server's English", () => {
    const { message } = serverFieldErrors(refusal, ['nameEn'])[0]!;
    expect(fieldMessage(message, ar)).toBe('طويل جدًا: 200 حرفًا على الأكثر');
    expect(fieldMessage(message, en)).toBe('Too long: at most 200 characters');
  });

  it('reads a code this client has no text for as the field being invalid', () => {
    const message = codedMessage({ code: 'a.newer.code', params: {} });
    expect(fieldMessage(message, ar)).toBe(ar('errorCodes.field.invalid'));
    expect(fieldMessage(message, en)).toBe(en('errorCodes.field.invalid'));
  });
});
