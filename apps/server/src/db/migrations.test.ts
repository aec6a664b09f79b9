import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The migrator applies a migration only when its journal time is later than the newest one a
// database has applied: a migration dated before its predecessor would never reach a database that
// already has the predecessor (an upgrade), though every new database gets it.
describe('migration journal', () => {
  it('dates every migration after the one before it', () => {
    const journal = JSON.parse(
      readFileSync(join(import.meta.dirname, '../../drizzle/meta/_journal.json'), 'utf8'),
    ) as { entries: { tag: string; when: number }[] };
    const late = journal.entries.filter((e, i) => i > 0 && e.when <= journal.entries[i - 1]!.when);
    expect(late.map((e) => e.tag)).toEqual([]);
  });
});
