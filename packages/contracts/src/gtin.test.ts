import fc from 'fast-check';
import { isValid as referenceIsValid } from 'gtin';
import { describe, expect, it } from 'vitest';
import { checkGtin, gtinCheckDigit, isValidGtin } from './gtin';

describe('checkGtin', () => {
  it.each([
    ['96385074', 8],
    ['036000291452', 12],
    ['4006381333931', 13],
    ['6291041500213', 13],
    ['10614141000415', 14],
  ])('accepts %s as a GTIN-%i', (code, length) => {
    expect(checkGtin(code)).toEqual({ valid: true, length });
  });

  it('names the digit a code with a wrong check digit should end with', () => {
    expect(checkGtin('4006381333932')).toEqual({
      valid: false,
      reason: 'check-digit',
      length: 13,
      expected: 1,
    });
    expect(checkGtin('036000291450')).toEqual({
      valid: false,
      reason: 'check-digit',
      length: 12,
      expected: 2,
    });
  });

  it.each(['', '1234567', '123456789', '12345678901', '123456789012345', '40063813339a1', ' 96385074'])(
    'refuses %j as not a GTIN',
    (code) => {
      expect(checkGtin(code)).toEqual({ valid: false, reason: 'format' });
    },
  );

  it('computes the check digit of an all-zero body as 0', () => {
    expect(gtinCheckDigit('000000000000')).toBe(0);
    expect(isValidGtin('0000000000000')).toBe(true);
  });

  it('agrees with the gtin package on 10 000 generated codes, valid and not', () => {
    const digits = (n: number) =>
      fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n });
    const code = fc.oneof(
      // Random digits of each GTIN length: about one in ten ends with the right digit.
      fc.constantFrom(8, 12, 13, 14).chain(digits),
      // Valid codes, then one digit changed.
      fc
        .tuple(
          fc.constantFrom(7, 11, 12, 13).chain(digits),
          fc.boolean(),
          fc.nat(),
          fc.integer({ min: 1, max: 9 }),
        )
        .map(([body, alter, at, by]) => {
          const valid = body + String(gtinCheckDigit(body));
          if (!alter) return valid;
          const i = at % valid.length;
          return valid.slice(0, i) + String((Number(valid[i]) + by) % 10) + valid.slice(i + 1);
        }),
    );
    fc.assert(
      fc.property(code, (c) => {
        expect(isValidGtin(c)).toBe(referenceIsValid(c));
      }),
      { numRuns: 10_000 },
    );
  });
});
