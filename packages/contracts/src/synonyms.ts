import { z } from 'zod';
import { API_PATHS } from './api-paths';
import { STAFF_ACCESS, crudSchemas, defineResource } from './resources';
import { PagingQuerySchema } from './common';
import { OptionalRefSchema, RefSchema, SearchQuerySchema } from './refs';
import { searchWords } from './search-analysis';
import { normalizeSearchText } from './search-text';

/** Limits of a synonym group: words a shopper types, a handful per group. */
const SYNONYM_WORD_MAX = 60;
const SYNONYM_WORDS_MAX = 20;

/** The form a synonym word is compared in: normalized for search, as a product name's words are. */
export const synonymKey = (word: string) => searchWords(normalizeSearchText(word))[0] ?? '';

/**
 * One word of a group, trimmed; once normalized for search it must be one word (search matches word
 * by word, so "olive oil" could never match as a whole).
 */
const SynonymWordSchema = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, 'This field is required')
  .max(SYNONYM_WORD_MAX, `must be at most ${SYNONYM_WORD_MAX} characters`)
  .refine((w) => w === '' || synonymKey(w) !== '', 'must contain a letter or a digit')
  .refine((w) => searchWords(normalizeSearchText(w)).length <= 1, 'must be a single word');

/**
 * The words of a group: at least two that differ once normalized for search (تمر and تمور, hummus and
 * حمص); the same word written twice is kept once.
 */
export const SynonymWordsSchema = z
  .array(SynonymWordSchema, { error: 'must be a list of words' })
  .max(SYNONYM_WORDS_MAX, `must have at most ${SYNONYM_WORDS_MAX} words`)
  .transform((words) => {
    const seen = new Set<string>();
    return words.filter((w) => {
      const key = synonymKey(w);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  })
  .refine((words) => words.length >= 2, 'needs at least two different words');

/** POST and PUT /api/synonyms: a family and the words a search treats as one. */
export const SynonymBodySchema = z.object({ family: RefSchema, words: SynonymWordsSchema });

const SynonymSchema = z.object({
  id: z.number().int(),
  family: z.number().int(),
  words: z.array(z.string()),
});
export type Synonym = z.infer<typeof SynonymSchema>;

const SynonymListQuerySchema = PagingQuerySchema.extend({
  family: OptionalRefSchema,
  search: SearchQuerySchema,
});

/** How an uploaded CSV meets the family's groups: in place of them all, or added to them. */
const SYNONYM_IMPORT_MODES = ['replace', 'merge'] as const;
export const SynonymImportQuerySchema = z.object({
  mode: z.enum(SYNONYM_IMPORT_MODES, { error: 'must be replace or merge' }).default('merge'),
});
export const SynonymExportQuerySchema = z.object({ family: RefSchema });
export const SynonymImportResultSchema = z.object({
  /** Groups added by the file. */
  created: z.number().int(),
  /** Groups of the family removed first (replace). */
  removed: z.number().int(),
});
export type SynonymImportResult = z.infer<typeof SynonymImportResultSchema>;

/** The CSV header of an export and an import: one group a line, its words in the following cells. */
export const SYNONYM_CSV_HEADER = 'words';

/** The synonyms admin resource: groups of words a family's search treats as one. */
export const synonymResource = defineResource({
  key: 'synonyms',
  // Under the families' paths: a family's words for its search.
  screens: { segment: 'family/synonyms', under: 'families' },
  words: {
    en: {
      one: 'Synonyms',
      nav: 'Synonyms',
      list: 'Synonyms',
      create: 'Create Synonym Group',
      edit: 'Edit Synonym Group',
    },
    ar: {
      one: 'مترادفات',
      nav: 'المترادفات',
      list: 'المترادفات',
      create: 'إنشاء مجموعة مترادفات',
      edit: 'تعديل مجموعة مترادفات',
    },
  },
  name: { one: 'Synonym', many: 'Synonyms' },
  path: API_PATHS.synonyms,
  schemas: crudSchemas(SynonymSchema, SynonymBodySchema, SynonymListQuerySchema),
  access: STAFF_ACCESS,
  summaries: {
    list: 'Synonym groups, ordered by id; filter by family, search any word',
    read: 'One synonym group',
    create: 'Create a synonym group',
    update: 'Update a synonym group',
    delete: 'Delete a synonym group',
  },
  history: { entity: 'synonym', revertible: true },
});
