import { z } from 'zod';
import { issueDetail, type Detail } from './errors';

/**
 * JSON Merge Patch (RFC 7396) over a declared resource's update body
 * (docs/decisions/0061-partial-updates-and-versions.md): the record as its form would send it, with
 * the patch laid over it, is checked exactly as a PUT of the whole record would be.
 */

/** A PATCH body: an object of the fields to change; `null` clears one. */
export const MERGE_PATCH_BODY = z.record(z.string(), z.unknown()).meta({
  description:
    'A JSON Merge Patch (RFC 7396, `content-type: application/merge-patch+json`): the fields to change, each as the PUT body takes it; `null` clears a field, and an object (such as `attributes`) is merged key by key. Fields left out keep their values.',
});

const shapeOf = (body: z.ZodType) =>
  body instanceof z.ZodObject ? (body.shape as Record<string, z.ZodType>) : {};

/** The fields an update body takes. */
export const updateFields = (body: z.ZodType) => Object.keys(shapeOf(body));

/**
 * The fields a PUT must name: those the body would clear when left out (they turn into null or
 * empty), as opposed to fields that keep their stored value when left out (added to the API later,
 * such as `attributes` or `status`) or that are refused when left out anyway (required).
 */
export function putRequired(body: z.ZodType): string[] {
  return Object.entries(shapeOf(body))
    .filter(([, schema]) => {
      const left = schema.safeParse(undefined);
      return left.success && left.data !== undefined;
    })
    .map(([field]) => field);
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** RFC 7396's MergePatch(target, patch). */
function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  const out: Record<string, unknown> = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = mergePatch(out[key], value);
  }
  return out;
}

/**
 * The body a PUT would send: `current`'s values of the update body's `fields`, with `patch` merged
 * over them (the status only when the patch sets it). A top-level `null` stays null (a PUT's way to clear a field: the body turns it into
 * none, or refuses it naming the field when the field cannot be empty).
 */
export function applyMergePatch(
  current: Record<string, unknown>,
  fields: string[],
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) if (field in current) out[field] = current[field];
  // A record shows its status as read (`scheduled`, or `published` once a draft's date has passed),
  // which is not a status a write takes: a patch that does not set it leaves the stored one as it is.
  if ('publishAt' in current && !('status' in patch)) delete out.status;
  for (const [key, value] of Object.entries(patch))
    out[key] = value === null ? null : mergePatch(out[key], value);
  return out;
}

/** A zod error as the `details` of a 400, as the request's own validation would name them. */
export const zodDetails = (error: z.ZodError): Detail[] =>
  error.issues.map((issue) =>
    issueDetail(['body', ...issue.path.map(String)].join('.'), issue.message, issue),
  );
