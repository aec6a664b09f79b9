import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { createDatabase } from './postgres-server';

declare module 'vitest' {
  export interface ProvidedContext {
    engine: 'pglite' | 'postgres';
    postgresUrl: string;
    /** PGlite: a migrated database dumped to a file, which each test file's database is loaded from. */
    pgliteTemplate: string;
    /** PostgreSQL: a migrated database each test file's database is copied from. */
    postgresTemplate: string;
  }
}

/**
 * Migrates one database of the project's engine and keeps it as every test file's starting copy, so
 * that a file's database starts in well under a second instead of being initialised and migrated
 * (about 2-5 s): for PGlite an in-memory database dumped to a file, for PostgreSQL a template database
 * that `create database` copies. Each engine's projects make only their own (a PGlite dump is 4-5 s
 * and 42 MB).
 */
export default async function setup(project: TestProject) {
  const { engine, postgresUrl } = project.getProvidedContext();
  if (engine === 'postgres') {
    const created = await createDatabase(postgresUrl, 'dalil_template_');
    const migrated = await openDatabase({ url: created.url, poolSize: 1 });
    await migrated.close();
    project.provide('postgresTemplate', created.name);
    project.provide('pgliteTemplate', '');
    return created.drop;
  }
  const dir = mkdtempSync(join(tmpdir(), 'dalil-template-'));
  const database = await openDatabase({});
  const template = join(dir, 'template.tar');
  writeFileSync(template, await database.dump!());
  await database.close();
  project.provide('pgliteTemplate', template);
  project.provide('postgresTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
