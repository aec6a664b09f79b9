import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    engine: 'pglite' | 'postgres';
    postgresUrl: string;
    pgliteTemplate: string;
  }
}

/**
 * Migrates one in-memory PGlite and dumps it: every test file then starts its own database from that
 * copy in well under a second, instead of initialising and migrating one (about 2-5 s).
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'dalil-template-'));
  const database = await openDatabase({});
  const template = join(dir, 'template.tar');
  writeFileSync(template, await database.dump!());
  await database.close();
  project.provide('pgliteTemplate', template);
  return () => rmSync(dir, { recursive: true, force: true });
}
