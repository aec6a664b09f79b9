import type { LoginResponse } from '@dalil/contracts/auth';
import type { Category, CategoryList } from '@dalil/contracts/categories';
import type { PublicConfig } from '@dalil/contracts/config';
import type { Family, FamilyDetail, FamilyList } from '@dalil/contracts/families';
import type { Product } from '@dalil/contracts/products';
import type { SearchResult } from '@dalil/contracts/search';
import shapes from 'virtual:response-shapes';

/** The answers a visitor's screens read, by name; lib/response-shapes.ts ties each to its contract. */
export interface ResponseTypes {
  config: PublicConfig;
  login: LoginResponse;
  families: FamilyList;
  family: Family;
  familyDetail: FamilyDetail;
  categories: CategoryList;
  category: Category;
  search: SearchResult;
  product: Product;
}

interface Shape {
  type?: string | string[];
  properties?: Record<string, Shape>;
  required?: string[];
  /** Left out: other properties are dropped; a shape: every value of a record (keyed by any string). */
  additionalProperties?: boolean | Shape;
  items?: Shape;
  anyOf?: Shape[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
}

/** The answers whose shapes come with the first visit's code; the product's loads with its page. */
export type FirstVisitShape = Exclude<keyof ResponseTypes, 'product'>;

/** An answer that does not have its contract's shape: the server and the app disagree. */
export class ResponseShapeError extends Error {
  constructor(
    readonly response: string,
    readonly path: string,
    readonly expected: string,
  ) {
    super(`The ${response} answer does not match its contract at ${path || 'the top'}: expected ${expected}`);
    this.name = 'ResponseShapeError';
  }
}

function typeMatches(type: string, value: unknown): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    default:
      return typeof value === type;
  }
}

/**
 * Checks `value` against a JSON Schema made from a contract and returns it as zod's parse would:
 * properties the contract does not name are left out (zod strips them). Throws a failure naming the
 * first place that differs.
 */
function check(
  shape: Shape,
  value: unknown,
  path: string,
  fail: (path: string, expected: string) => never,
): unknown {
  if (shape.anyOf) {
    for (const option of shape.anyOf) {
      try {
        return check(option, value, path, (p, e) => {
          throw new ResponseShapeError('', p, e);
        });
      } catch (error) {
        if (!(error instanceof ResponseShapeError)) throw error;
      }
    }
    return fail(path, `one of ${JSON.stringify(shape.anyOf.map((option) => option.type ?? option.const))}`);
  }
  const types = shape.type === undefined ? [] : Array.isArray(shape.type) ? shape.type : [shape.type];
  if (types.length > 0 && !types.some((type) => typeMatches(type, value)))
    return fail(path, types.join(' or '));
  if ('const' in shape && value !== shape.const) return fail(path, JSON.stringify(shape.const));
  if (shape.enum && !shape.enum.includes(value)) return fail(path, `one of ${JSON.stringify(shape.enum)}`);
  if (typeof value === 'number') {
    if (shape.minimum !== undefined && value < shape.minimum) return fail(path, `at least ${shape.minimum}`);
    if (shape.maximum !== undefined && value > shape.maximum) return fail(path, `at most ${shape.maximum}`);
  }
  if (typeof value === 'string') {
    if (shape.minLength !== undefined && value.length < shape.minLength)
      return fail(path, `at least ${shape.minLength} characters`);
    if (shape.maxLength !== undefined && value.length > shape.maxLength)
      return fail(path, `at most ${shape.maxLength} characters`);
  }
  if (Array.isArray(value)) {
    if (shape.minItems !== undefined && value.length < shape.minItems)
      return fail(path, `${shape.minItems}+ items`);
    if (shape.maxItems !== undefined && value.length > shape.maxItems)
      return fail(path, `at most ${shape.maxItems} items`);
    const items = shape.items;
    return items ? value.map((item, i) => check(items, item, `${path}[${i}]`, fail)) : value;
  }
  if (shape.properties && typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    // Properties the contract does not name are dropped, as zod's parse drops them, unless the shape
    // keeps them (a loose object: `additionalProperties` true or a shape).
    const out: Record<string, unknown> = shape.additionalProperties ? { ...record } : {};
    for (const name of shape.required ?? []) if (!(name in record)) return fail(`${path}.${name}`, 'a value');
    for (const [name, property] of Object.entries(shape.properties))
      if (name in record && record[name] !== undefined)
        out[name] = check(property, record[name], `${path}.${name}`, fail);
    return out;
  }
  const each = shape.additionalProperties;
  if (typeof each === 'object' && typeof value === 'object' && value !== null)
    return Object.fromEntries(
      Object.entries(value).map(([name, item]) => [name, check(each, item, `${path}.${name}`, fail)]),
    );
  return value;
}

/** The answer named `name`, checked against `shape`, its contract's JSON Schema. */
export function checkAgainst<K extends keyof ResponseTypes>(
  name: K,
  shape: object,
  value: unknown,
): ResponseTypes[K] {
  return check(shape, value, '', (path, expected) => {
    throw new ResponseShapeError(name, path, expected);
  }) as ResponseTypes[K];
}

function shapeOf(name: FirstVisitShape): object {
  const shape = shapes[name];
  if (!shape) throw new Error(`The build made no response shape for ${name}`);
  return shape;
}

/** The answer named `name`, checked against its contract (zod's parse, without zod in the page). */
export function checkResponse<K extends FirstVisitShape>(name: K, value: unknown): ResponseTypes[K] {
  return checkAgainst(name, shapeOf(name), value);
}

/** Whether `value` has the shape of `name` (for values read back from storage). */
export function hasShape(name: FirstVisitShape, value: unknown): boolean {
  try {
    checkResponse(name, value);
    return true;
  } catch (error) {
    if (error instanceof ResponseShapeError) return false;
    throw error;
  }
}
