import { describe, expect, it } from 'vitest';
import { formatCost } from './cost-format';

describe('formatCost', () => {
  it('shows two decimals with Western digits in both languages', () => {
    expect(formatCost(2.5, 'en')).toBe('2.50');
    expect(formatCost(1234.5, 'ar')).toMatch(/^1[^\d]?234\.50$/u);
    expect(formatCost(null, 'ar')).toBeNull();
  });

  it('names the currency in the language asked, each currency its own', () => {
    expect(formatCost(2.5, 'en', 'SAR')).toMatch(/^SAR\s2\.50$/u);
    expect(formatCost(2.5, 'en', 'USD')).toBe('$2.50');
    // Asked again after another currency: the same answer (the formats kept are per currency).
    expect(formatCost(7, 'en', 'SAR')).toMatch(/^SAR\s7\.00$/u);
    expect(formatCost(2.5, 'ar', 'SAR')).toContain('2.50');
    expect(formatCost(2.5, 'ar', 'SAR')).not.toBe(formatCost(2.5, 'en', 'SAR'));
  });

  it('shows the number alone for a currency code that is no currency', () => {
    expect(formatCost(2.5, 'en', 'NOT-A-CODE')).toBe('2.50');
    expect(formatCost(3, 'en', 'NOT-A-CODE')).toBe('3.00');
  });
});
