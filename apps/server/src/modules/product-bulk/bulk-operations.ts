import type { Account } from '@dalil/contracts/auth';
import type { ErrorBody } from '@dalil/contracts/common';
import type { BulkOperation, BulkResult } from '@dalil/contracts/product-bulk';
import { productResource } from '@dalil/contracts/products';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { products } from '../../db/schema';
import { PG_CLIENT_ERRORS, pgErrorCode } from '../../lib/database-errors';
import { badRequest, HttpError, statusText } from '../../lib/errors';
import { requireWritable } from '../../core/family-scope';
import { applyMergePatch, updateFields, zodDetails } from '../../lib/merge-patch';
import { lockExisting } from '../../core/record-version';
import { productAsRead, writeProductUpdate } from '../products/products.service';

// One bulk operation's parts (bulk.service.ts runs them): a patch checked as PATCH checks it, an
// upsert's match, and a failure as the operation's own request would have answered it.

const { schemas } = productResource;
const FIELDS = updateFields(schemas.updateBody);

/** An error as its request would have answered it alone; anything unexpected stays an error. */
export function failure(err: unknown): BulkResult {
  const pgCode = pgErrorCode(err);
  const known =
    err instanceof HttpError
      ? err
      : pgCode && PG_CLIENT_ERRORS[pgCode]
        ? new HttpError(
            PG_CLIENT_ERRORS[pgCode],
            PG_CLIENT_ERRORS[pgCode] === 409 ? 'record.nameTaken' : 'request.invalid',
            {},
          )
        : undefined;
  if (!known) throw err;
  const error: ErrorBody = {
    statusCode: known.statusCode,
    error: statusText(known.statusCode),
    code: known.code,
    params: known.params,
    message: known.message,
    ...(known.details ? { details: known.details } : {}),
  };
  return { status: known.statusCode, error };
}

/** A merge patch's fields that a product does not have: refused as its PATCH refuses them. */
function checkFields(data: Record<string, unknown>) {
  const unknown = Object.keys(data).filter((key) => !FIELDS.includes(key));
  if (unknown.length > 0) {
    throw badRequest(
      'request.notAField',
      { fields: unknown.join(', '), what: 'product' },
      unknown.map((key) => ({ path: `body.${key}`, code: 'field.notChangeable' })),
    );
  }
}

/** A body checked by a product schema, or the 400 its request would have answered. */
function parsed<T>(
  result: { success: true; data: T } | { success: false; error: Parameters<typeof zodDetails>[0] },
) {
  if (result.success) return result.data;
  const details = zodDetails(result.error);
  const problems = details.map((d) => `${d.path}: ${d.message}`).join('; ');
  throw badRequest('request.validation', { problems }, details);
}

/** PATCH /api/product/:id's rule: the product as its caller reads it, the patch over it, checked as a PUT. */
export async function patchProduct(
  tx: Tx,
  id: number,
  data: Record<string, unknown>,
  caller: Account | null,
) {
  checkFields(data);
  const row = await lockExisting(tx, products, id, 'Product');
  requireWritable(caller, row.familyId, 'Product');
  const current = (await productAsRead(tx, row, caller)) as Record<string, unknown>;
  const input = parsed(schemas.updateBody.safeParse(applyMergePatch(current, FIELDS, data)));
  return writeProductUpdate(tx, id, input, caller);
}

/** The products of the family an upsert's match names (a code may be on several). */
export async function matching(tx: Tx, match: Extract<BulkOperation, { op: 'upsert' }>['match']) {
  const key =
    match.barcode !== undefined ? eq(products.barcode, match.barcode) : eq(products.number, match.number!);
  return tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.familyId, match.family), key))
    .orderBy(products.id)
    .limit(100);
}

/** An upsert's new product: its data, the match filling the family and the code, checked as POST checks it. */
export function createInput(
  data: Record<string, unknown>,
  match: Extract<BulkOperation, { op: 'upsert' }>['match'],
) {
  checkFields(data);
  const key = match.barcode !== undefined ? { barcode: match.barcode } : { number: match.number };
  return parsed(schemas.createBody.safeParse({ ...data, family: match.family, ...key }));
}
