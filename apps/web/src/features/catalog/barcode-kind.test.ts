import { describe, expect, it } from 'vitest';
import { barcodeSymbology, isValidEan13 } from './barcode-kind';

describe('barcodeSymbology', () => {
  it('draws a valid EAN-13 as EAN-13', () => {
    expect(barcodeSymbology('6281234567895')).toEqual({ kind: 'ean13', value: '6281234567895' });
    expect(barcodeSymbology('4006381333931')).toEqual({ kind: 'ean13', value: '4006381333931' });
    // A leading zero is part of the number (a UPC-A read as EAN-13).
    expect(barcodeSymbology('0012345678905')).toEqual({ kind: 'ean13', value: '0012345678905' });
  });

  it('reads Arabic-Indic and Persian digits and trims spaces', () => {
    expect(barcodeSymbology(' ٦٢٨١٢٣٤٥٦٧٨٩٥ ')).toEqual({ kind: 'ean13', value: '6281234567895' });
    expect(barcodeSymbology('۴۰۰۶۳۸۱۳۳۳۹۳۱')).toEqual({ kind: 'ean13', value: '4006381333931' });
  });

  it('draws 13 digits with a wrong check digit as Code 128, digits unchanged', () => {
    expect(barcodeSymbology('6281234567890')).toEqual({ kind: 'code128', value: '6281234567890' });
    expect(barcodeSymbology('4006381333932')).toEqual({ kind: 'code128', value: '4006381333932' });
  });

  it('draws 12 and 14 digits as Code 128 (no check digit is invented or dropped)', () => {
    expect(barcodeSymbology('628123456789')).toEqual({ kind: 'code128', value: '628123456789' });
    expect(barcodeSymbology('16281234567896')).toEqual({ kind: 'code128', value: '16281234567896' });
  });

  it('draws letters as Code 128 and refuses what Code 128 cannot carry', () => {
    expect(barcodeSymbology('ABC-123')).toEqual({ kind: 'code128', value: 'ABC-123' });
    expect(barcodeSymbology('تمر')).toBeNull();
  });

  it('draws nothing for an empty barcode', () => {
    expect(barcodeSymbology(null)).toBeNull();
    expect(barcodeSymbology(undefined)).toBeNull();
    expect(barcodeSymbology('   ')).toBeNull();
  });
});

describe('isValidEan13', () => {
  it('checks length, digits and the check digit', () => {
    expect(isValidEan13('4006381333931')).toBe(true);
    expect(isValidEan13('4006381333930')).toBe(false);
    expect(isValidEan13('400638133393')).toBe(false);
    expect(isValidEan13('40063813339311')).toBe(false);
    expect(isValidEan13('40063813339a1')).toBe(false);
  });
});
