import type { Category } from '@dalil/contracts/categories';
import type { categories } from '../../db/schema';
import { named } from '../../lib/crud-service';

/**
 * A category row as the API answers it. In a file of its own so that both the service and the
 * delete into the bin (which the service calls) map rows the same way without importing each other.
 */
export const toCategory = (row: typeof categories.$inferSelect): Category => ({
  ...named(row),
  family: row.familyId,
  parent: row.parentId,
  logo: row.logo,
  image: row.image,
});
