import { errorMessage } from '@dalil/contracts/error-codes';
import { describe, expect, it } from 'vitest';
import { problemReason, problemSentence } from './problem-text';

describe('import problems in Arabic for the invalid-rows file', () => {
  it('words a reason by its code and params', () => {
    expect(problemReason(errorMessage('field.tooLong', { max: 200 }), 'ar')).toBe(
      'يجب ألا يزيد على 200 حرفاً',
    );
    expect(problemReason(errorMessage('import.imageLarger', { size: '10.0 MB' }), 'ar')).toBe(
      'صورة أكبر من 10.0 MB',
    );
    expect(problemReason(errorMessage('import.imageAnswered', { status: 404 }), 'ar')).toBe(
      'تعذّر تنزيل الصورة من هذا العنوان',
    );
    expect(
      problemSentence(
        {
          line: 2,
          column: 'productBarcode',
          reason: errorMessage('import.sameKey', {
            what: 'code',
            value: '501',
            lines: 'lines 3, 7 and 2 more',
          }),
        },
        'ar',
      ),
    ).toBe('productBarcode: الرمز 501 نفسه في السطور 3, 7 و2 غيرها بقيم مختلفة: أبقِ صفاً واحداً لكل منتج');
  });

  it('keeps English as written, and a reason with no Arabic text of its code', () => {
    const reason = errorMessage('field.tooLong', { max: 200 });
    expect(problemReason(reason, 'en')).toBe(reason);
    expect(problemReason('something no template wrote', 'ar')).toBe('something no template wrote');
  });
});
