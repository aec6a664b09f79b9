import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { synonymLookup } from './synonyms';
import { FamilyVocabulary } from './vocabulary';

interface Loaded {
  version: number;
  vocabulary: Promise<FamilyVocabulary>;
}

/**
 * Each family's vocabulary in memory, with its synonym groups, read from `search_vocabulary` and
 * `synonym_groups` once per catalogue version (the version the search cache holds, so both move
 * together). A write elsewhere reaches it when the version does.
 */
export class VocabularyCache {
  private readonly families = new Map<number, Loaded>();

  constructor(private readonly db: Pick<Db, 'execute'>) {}

  get(family: number, version: number): Promise<FamilyVocabulary> {
    const loaded = this.families.get(family);
    if (loaded?.version === version) return loaded.vocabulary;
    const vocabulary = this.load(family);
    this.families.set(family, { version, vocabulary });
    vocabulary.catch(() => {
      if (this.families.get(family)?.vocabulary === vocabulary) this.families.delete(family);
    });
    return vocabulary;
  }

  private async load(family: number): Promise<FamilyVocabulary> {
    const [result, groups]: unknown[] = await Promise.all([
      this.db.execute(sql`select word, products from search_vocabulary where family_id = ${family}`),
      this.db.execute(sql`select words from synonym_groups where family_id = ${family}`),
    ]);
    return new FamilyVocabulary(
      (result as { rows: { word: string; products: number }[] }).rows,
      synonymLookup((groups as { rows: { words: string[] }[] }).rows.map((g) => g.words)),
    );
  }
}
