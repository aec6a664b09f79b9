import { describe, expect, it, vi } from 'vitest';
import { createTranslator, type Dictionary } from './translate';

type Key = 'files' | 'greeting' | 'nested.deep' | 'onlyEnglish' | 'admin.title' | 'items';

const en: Dictionary = {
  files_one: '{{count}} file',
  files_other: '{{count}} files',
  greeting: 'Hello {{name}}, {{ name }} again',
  nested: { deep: 'Deep' },
  onlyEnglish: 'Only in English',
  items_other: '{{count}} items',
};
const ar: Dictionary = {
  files_zero: 'لا ملفات',
  files_one: 'ملف واحد',
  files_two: 'ملفان',
  files_few: '{{count}} ملفات',
  files_many: '{{count}} ملفًا',
  files_other: '{{count}} ملف',
  greeting: 'مرحبًا {{name}}',
  nested: { deep: 'عميق' },
  items_other: '{{count}} عناصر',
};

const make = () => createTranslator<'ar' | 'en', Key>({ en, ar }, 'en');

describe('translator', () => {
  it('picks the English plural form of the count', () => {
    const t = make().fixed('en');
    expect(t('files', { count: 0 })).toBe('0 files');
    expect(t('files', { count: 1 })).toBe('1 file');
    expect(t('files', { count: 2 })).toBe('2 files');
  });

  it('picks the six Arabic plural forms', () => {
    const t = make().fixed('ar');
    expect([0, 1, 2, 3, 10, 11, 99, 100, 102].map((count) => t('files', { count }))).toEqual([
      'لا ملفات',
      'ملف واحد',
      'ملفان',
      '3 ملفات',
      '10 ملفات',
      '11 ملفًا',
      '99 ملفًا',
      '100 ملف',
      '102 ملف',
    ]);
  });

  it('uses the Arabic "other" form when Arabic lacks the count\'s own form, not English', () => {
    const t = make().fixed('ar');
    expect(t('items', { count: 2 })).toBe('2 عناصر');
    expect(t('items', { count: 11 })).toBe('11 عناصر');
  });

  it('fills placeholders, and leaves one without a value as written', () => {
    const t = make().fixed('en');
    expect(t('greeting', { name: 'Sara' })).toBe('Hello Sara, Sara again');
    expect(t('greeting')).toBe('Hello {{name}}, {{ name }} again');
    expect(make().fixed('ar')('greeting', { name: 42 })).toBe('مرحبًا 42');
  });

  it('reads nested keys', () => {
    expect(make().fixed('ar')('nested.deep')).toBe('عميق');
  });

  it('falls back to English for a text Arabic lacks, then to the default value, then to the key', () => {
    const t = make().fixed('ar');
    expect(t('onlyEnglish')).toBe('Only in English');
    expect(t('admin.fields.colour', { defaultValue: 'colour' })).toBe('colour');
    expect(t('admin.title')).toBe('admin.title');
  });

  it('adds texts later, merged into what a language has, and tells its listeners', () => {
    const translator = make();
    const before = translator.fixed('ar');
    const listener = vi.fn();
    translator.subscribe(listener);
    expect(before('admin.title')).toBe('admin.title');

    translator.addMessages('ar', { admin: { title: 'الإدارة' }, nested: { other: 'آخر' } });
    translator.addMessages('en', { admin: { title: 'Admin' } });

    const after = translator.fixed('ar');
    expect(after).not.toBe(before);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(after('admin.title')).toBe('الإدارة');
    expect(after('nested.deep')).toBe('عميق');
    expect(translator.fixed('en')('admin.title')).toBe('Admin');
  });

  it('keeps one function per language while the texts stay the same', () => {
    const translator = make();
    expect(translator.fixed('en')).toBe(translator.fixed('en'));
    expect(translator.fixed('en')).not.toBe(translator.fixed('ar'));
  });
});
