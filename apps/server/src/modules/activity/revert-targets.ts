import type { ActivityEntity } from '@dalil/contracts/activity';
import { getTableColumns } from 'drizzle-orm';
import { RESOURCE_MODULES } from '../resources';
import { columnKey, recordedFields, type RevertTarget } from './revert-target';

export { formFields, NOT_RECORDED, recordedFields, type RevertTarget } from './revert-target';

/** The revert target of each revertible resource, by its history entity, from the resource list. */
export const REVERT_TARGETS: Partial<Record<ActivityEntity, RevertTarget>> = Object.fromEntries(
  RESOURCE_MODULES.flatMap((m) => (m.revert ? [[m.resource.history.entity, m.revert]] : [])),
);

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Each field a record of this kind answers with, and the SQL name of the column that stores it
 * (what a set-based writer, such as an import's history, compares before and after).
 */
export function storedColumns(entity: 'family' | 'category' | 'product'): [field: string, column: string][] {
  const target = REVERT_TARGETS[entity]!;
  const columns = getTableColumns(target.table);
  return recordedFields(target.resource).map((field) => {
    const key = columnKey(field);
    return [field, columns[key]!.keyAsName ? snakeCase(key) : columns[key]!.name];
  });
}
