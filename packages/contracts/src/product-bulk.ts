import { z } from 'zod';
import { ErrorBodySchema } from './common';
import { MESSAGES } from './constants';
import { DigitStringSchema } from './products';
import { RefSchema } from './refs';

/**
 * POST /api/product/bulk (docs/decisions/0065-bulk-operations-and-change-sets.md): up to
 * `BULK_MAX_OPERATIONS` product writes in one request, which make one change set, undone whole.
 */
export const BULK_MAX_OPERATIONS = 1000;

/** A barcode or code that must be given: digits, as the product form takes them. */
const RequiredCodeSchema = DigitStringSchema.pipe(z.string({ error: MESSAGES.required }));

/** Which product of a family an upsert means: the one with this code, or with this barcode. */
const BulkMatchSchema = z
  .object({
    family: RefSchema,
    number: RequiredCodeSchema.optional(),
    barcode: RequiredCodeSchema.optional(),
  })
  .strict()
  .superRefine((match, ctx) => {
    if ((match.number === undefined) === (match.barcode === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['number'],
        message: 'must name either number or barcode, not both',
      });
    }
  })
  .describe('The family, and either `number` (the product code) or `barcode`; never both.');

/** The fields to write, as a PATCH takes them (JSON Merge Patch); the create body on a create. */
const BulkDataSchema = z
  .record(z.string(), z.unknown())
  .describe(
    'The fields to change, as PATCH /api/product/{id} takes them (JSON Merge Patch: `null` clears a field, `attributes` merges key by key). An upsert that creates a product takes them as POST /api/product does, with the match filling `family` and `number` or `barcode`.',
  );

const UpsertSchema = z
  .object({ op: z.literal('upsert'), match: BulkMatchSchema, data: BulkDataSchema })
  .strict()
  .describe('Creates the product when none of the family matches (201), otherwise patches it (200).');
const PatchSchema = z
  .object({ op: z.literal('patch'), id: RefSchema, data: BulkDataSchema })
  .strict()
  .describe('Patches product `id` (200).');
const DeleteSchema = z
  .object({ op: z.literal('delete'), id: RefSchema })
  .strict()
  .describe('Moves product `id` to the recycle bin (204).');

const BulkOperationSchema = z.discriminatedUnion('op', [UpsertSchema, PatchSchema, DeleteSchema], {
  error: 'must be one of upsert, patch, delete',
});
export type BulkOperation = z.output<typeof BulkOperationSchema>;

export const BulkRequestSchema = z
  .object({
    mode: z
      .enum(['all-or-nothing', 'each'], { error: 'must be all-or-nothing or each' })
      .describe(
        '`all-or-nothing`: one failed operation writes nothing (422, every result listed); `each`: the operations that succeed are written and the others reported.',
      ),
    changeSet: RefSchema.optional().describe(
      'An earlier bulk change set of the same caller, not undone, to add these writes to: one undo then reverts both requests.',
    ),
    operations: z
      .array(BulkOperationSchema, { error: 'must be a list of operations' })
      .min(1, 'must hold at least 1 operation')
      .max(BULK_MAX_OPERATIONS, `must hold at most ${BULK_MAX_OPERATIONS} operations in one request`),
  })
  .strict();
export type BulkRequest = z.output<typeof BulkRequestSchema>;

const BulkResultSchema = z.object({
  status: z
    .number()
    .int()
    .describe(
      'The status the operation would have answered alone: 201 created, 200 updated, 204 deleted, or its error status.',
    ),
  id: z.number().int().optional().describe('The product written.'),
  error: ErrorBodySchema.optional().describe('Why the operation failed, as an error answer says it.'),
});
export type BulkResult = z.infer<typeof BulkResultSchema>;

export const BulkResponseSchema = z.object({
  id: z
    .number()
    .int()
    .nullable()
    .describe(
      'The change set (an import run of kind `bulk`, listed by GET /api/import); null when nothing was written or the history is off.',
    ),
  /** An all-or-nothing request refused (422): how many operations failed; nothing was written. */
  error: ErrorBodySchema.optional(),
  results: z.array(BulkResultSchema).describe('One result per operation, in the order of the request.'),
});
export type BulkResponse = z.infer<typeof BulkResponseSchema>;
