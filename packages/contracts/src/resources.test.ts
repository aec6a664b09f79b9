import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ADMIN_ACCESS, crudSchemas, defineResource } from './resources';

const item = z.object({ id: z.number() });
const base = {
  key: 'things',
  screens: { segment: 'things' },
  words: {
    en: { one: 'Thing', nav: 'Things', list: 'Things', create: 'New thing', edit: 'Edit thing' },
    ar: { one: 'شيء', nav: 'أشياء', list: 'أشياء', create: 'شيء جديد', edit: 'تعديل شيء' },
  },
  name: { one: 'Thing', many: 'Things' },
  path: '/thing',
  schemas: crudSchemas(item, z.object({}), z.object({})),
  access: ADMIN_ACCESS,
  history: { entity: 'thing', revertible: false },
};
const run = {
  method: 'POST',
  path: '/:id/run',
  access: 'admin',
  operationId: 'runThing',
  summary: 'Run a thing',
  status: 202,
  answer: null,
} as const;

describe('defineResource', () => {
  it('gives a resource all five CRUD operations and no custom one unless it says', () => {
    const thing = defineResource({ ...base, summaries: { list: 'Things', read: 'One thing' } });
    expect(thing.crud).toEqual(['list', 'read', 'create', 'update', 'delete']);
    expect(thing.operations).toEqual({});
    expect(thing.summaries.delete).toBe('Delete a thing');
  });

  it('keeps the CRUD operations named and the custom ones beside them', () => {
    const thing = defineResource({
      ...base,
      crud: ['list'],
      summaries: { list: 'Things' },
      operations: { run },
    });
    expect(thing.crud).toEqual(['list']);
    expect(thing.operations.run.operationId).toBe('runThing');
  });

  it('refuses a CRUD operation without a summary', () => {
    expect(() => defineResource({ ...base, summaries: { list: 'Things' } })).toThrow(
      'Things: the read operation needs a summary',
    );
  });

  it('refuses a custom operation named like a CRUD call of the web client', () => {
    for (const name of ['create', 'one', 'remove']) {
      expect(() =>
        defineResource({
          ...base,
          crud: ['list'],
          summaries: { list: 'Things' },
          operations: { [name]: run },
        }),
      ).toThrow(`Things: "${name}" names a CRUD call`);
    }
  });

  it('has an edit screen, titled in both languages, unless it says it has none', () => {
    const summaries = { list: 'Things', read: 'One thing' };
    const { edit: _en, ...en } = base.words.en;
    const { edit: _ar, ...ar } = base.words.ar;
    expect(
      defineResource({ ...base, summaries, screens: { segment: 'things', edit: false }, words: { en, ar } })
        .screens.edit,
    ).toBe(false);
    expect(() => defineResource({ ...base, summaries, words: { en, ar } })).toThrow(
      'Things: an edit screen needs its title',
    );
    expect(() => defineResource({ ...base, summaries, screens: { segment: 'things', edit: false } })).toThrow(
      'Things: an edit screen needs its title',
    );
  });
});
