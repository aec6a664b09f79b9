import { API_PATHS, withParams } from '@dalil/contracts/api-paths';
import { MAX_LIST_LIMIT } from '@dalil/contracts/constants';
import type { BulkResponse } from '@dalil/contracts/product-bulk';
import type { ProductAttributes } from '@dalil/contracts/attributes';
import type { PublicationStatus } from '@dalil/contracts/publication';
import type { ListSelection } from '../../../components/list-kit-selection-state';
import { apiRequest } from '../../../lib/api-client';
import type { ErrorParams } from '../../../lib/error-text';
import { resourceApis } from '../resource-kit/resource-api';

/** One change made to every chosen product. */
export type BulkChange =
  | { kind: 'status'; status: PublicationStatus }
  | { kind: 'category'; category: number }
  | { kind: 'attribute'; key: string; value: ProductAttributes[string] }
  | { kind: 'delete' };

/** A product the change could not be made to, and why. */
interface BulkFailure {
  id: number;
  code?: string;
  params?: ErrorParams;
  message: string;
}

export interface BulkOutcome {
  /** The change set all the requests wrote into (undone as one); null when nothing was written. */
  changeSet: number | null;
  changed: number;
  failed: BulkFailure[];
}

/**
 * Operations per request: a request answers within the client's time limit on a small server, and
 * the progress bar moves as each comes back.
 */
const PER_REQUEST = 200;

/** The ids of every product the list's search and filters match, a page of the list at a time. */
async function matchingIds(
  query: ListSelection['query'],
  onProgress: (done: number, total: number) => void,
): Promise<number[]> {
  const ids: number[] = [];
  for (let skip = 0; ; skip += MAX_LIST_LIMIT) {
    const page = await resourceApis.products.list({ ...query, limit: MAX_LIST_LIMIT, skip });
    ids.push(...page.data.map((row) => row.id));
    onProgress(ids.length, page.count);
    if (page.data.length < MAX_LIST_LIMIT || ids.length >= page.count) return ids;
  }
}

/** What one product's patch sets: the status, the category, or one attribute's value (null clears it). */
function patchOf(change: Exclude<BulkChange, { kind: 'delete' }>) {
  switch (change.kind) {
    case 'status':
      return { status: change.status };
    case 'category':
      // A sub-category belongs to its category: moving the product leaves it without one.
      return { category: change.category, subCategory: null };
    case 'attribute':
      // A merge patch: the other attributes keep their values.
      return { attributes: { [change.key]: change.value } };
  }
}

const operationOf = (change: BulkChange, id: number) =>
  change.kind === 'delete' ? { op: 'delete', id } : { op: 'patch', id, data: patchOf(change) };

/**
 * Makes `change` to the chosen products in requests of PER_REQUEST, the later ones added to the change
 * set the first one opened, so the whole change is undone as one. Each product is changed or named
 * with why not; `onProgress` hears the phase and how far it got (reading the ids of "all matching"
 * first, then writing).
 */
export async function applyBulkChange(
  selection: ListSelection,
  change: BulkChange,
  onProgress: (phase: 'reading' | 'writing', done: number, total: number) => void,
): Promise<BulkOutcome> {
  const ids = selection.allMatching
    ? await matchingIds(selection.query, (done, total) => onProgress('reading', done, total))
    : [...selection.ids];
  const outcome: BulkOutcome = { changeSet: null, changed: 0, failed: [] };
  onProgress('writing', 0, ids.length);
  for (let start = 0; start < ids.length; start += PER_REQUEST) {
    const chunk = ids.slice(start, start + PER_REQUEST);
    const answer = await apiRequest<BulkResponse>(API_PATHS.productBulk, {
      method: 'POST',
      body: {
        mode: 'each',
        ...(outcome.changeSet === null ? {} : { changeSet: outcome.changeSet }),
        operations: chunk.map((id) => operationOf(change, id)),
      },
    });
    outcome.changeSet ??= answer.id;
    answer.results.forEach((result, i) => {
      if (result.status < 300) {
        outcome.changed += 1;
        return;
      }
      // A refused field says more than the refusal as a whole ("the category is not in this family").
      const why = result.error?.details?.[0] ?? result.error;
      outcome.failed.push({
        id: chunk[i]!,
        code: why?.code,
        params: why?.params,
        message: why?.message ?? String(result.status),
      });
    });
    onProgress('writing', Math.min(ids.length, start + chunk.length), ids.length);
  }
  return outcome;
}

/** Takes a bulk change back whole; with `skipConflicts`, except the products changed since. */
export const undoBulkChange = (changeSet: number, skipConflicts: boolean) =>
  apiRequest(withParams(API_PATHS.productBulkUndo, { id: changeSet }), {
    method: 'POST',
    query: skipConflicts ? { skipConflicts: 'true' } : {},
  });
