import type { AttributeFacet } from '@dalil/contracts/search';
import { ATTRIBUTE_PARAM } from '@dalil/contracts/search';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ErrorCode } from '@dalil/contracts/error-codes';
import { readBackError, toDetail } from '../../lib/errors';
import { familyAttributes } from '../attributes/attributes.service';
import { rows } from './sql-rows';

/**
 * Choice attributes as search filters and facets (docs/decisions/0056-typed-attributes.md, "Search
 * filters"). A product's value of a `choice` attribute is one option key, of a `choices` attribute an
 * array of them: `attributes @> {"key": "opt"}` and `attributes @> {"key": ["opt"]}` test either on
 * PGlite and PostgreSQL alike.
 */
export interface ChoiceAttribute {
  key: string;
  type: 'choice' | 'choices';
  /** Its option keys, in the attribute's order. */
  options: string[];
}

/** The products having any of `options` of one attribute. */
export interface AttributeFilter {
  attribute: ChoiceAttribute;
  options: string[];
}

export interface AttributeQuery {
  filters: AttributeFilter[];
  facets: ChoiceAttribute[];
}

/** A 400 naming one query parameter, shaped like the validation errors. */
const queryError = (param: string, message: string) => {
  const detail = toDetail({ path: `querystring.${param}`, message });
  return readBackError(
    400,
    { code: detail.code as ErrorCode, params: detail.params },
    {
      message: `${param}: ${message}`,
      details: [detail],
    },
  );
};

const UNKNOWN = 'is not a choice attribute of this family';

/**
 * The filters and facets a search asks for, checked against the family's attributes: only choice and
 * choices attributes, and for a visitor only those shown to visitors (the others are unknown to them).
 */
export async function resolveAttributeQuery(
  db: Db,
  family: number,
  staff: boolean,
  params: Map<string, string[]>,
  facetKeys: string[],
): Promise<AttributeQuery> {
  if (params.size === 0 && facetKeys.length === 0) return { filters: [], facets: [] };
  const usable = new Map<string, ChoiceAttribute>();
  for (const a of await familyAttributes(db, family)) {
    if ((a.type === 'choice' || a.type === 'choices') && (staff || a.visible)) {
      usable.set(a.key, { key: a.key, type: a.type, options: a.options.map((o) => o.key) });
    }
  }
  const filters = [...params].map(([key, options]): AttributeFilter => {
    const param = `${ATTRIBUTE_PARAM}${key}`;
    const attribute = usable.get(key);
    if (attribute === undefined) throw queryError(param, UNKNOWN);
    if (options.length === 0) throw queryError(param, 'must name an option');
    const unknown = options.find((o) => !attribute.options.includes(o));
    if (unknown !== undefined) {
      throw queryError(param, `has no option "${unknown}" (options: ${attribute.options.join(', ')})`);
    }
    return { attribute, options };
  });
  const facets = facetKeys.map((key) => {
    const attribute = usable.get(key);
    if (attribute === undefined) throw queryError('facets', `${ATTRIBUTE_PARAM}${key} ${UNKNOWN}`);
    return attribute;
  });
  return { filters, facets };
}

/** A product value holding `option`, as the jsonb the containment operator compares with. */
const holding = (a: ChoiceAttribute, option: string) =>
  JSON.stringify({ [a.key]: a.type === 'choices' ? [option] : option });

/** ` and (...)` for each filter (but the one of `except`), or nothing: appended to a product condition. */
export function attributeCondition(filters: AttributeFilter[], except?: string): SQL {
  const kept = filters.filter((f) => f.attribute.key !== except);
  if (kept.length === 0) return sql``;
  const each = kept.map(
    (f) =>
      sql`(${sql.join(
        f.options.map((o) => sql`p.attributes @> ${holding(f.attribute, o)}::jsonb`),
        sql` or `,
      )})`,
  );
  return sql` and ${sql.join(each, sql` and `)}`;
}

/** The option keys a product holds of one attribute, one row each. */
const optionsOf = (a: ChoiceAttribute): SQL =>
  a.type === 'choices'
    ? sql`jsonb_array_elements_text(case when jsonb_typeof(p.attributes->${a.key}) = 'array'
        then p.attributes->${a.key} else '[]'::jsonb end)`
    : sql`(select p.attributes->>${a.key} where jsonb_typeof(p.attributes->${a.key}) = 'string')`;

/**
 * Per faceted attribute, how many products of `where` (the family, category, visibility and text,
 * without attribute filters) and of the other attributes' filters have each option; options with none
 * are left out, the others keep the attribute's order.
 */
export async function attributeFacets(
  db: Db,
  where: SQL | null,
  query: AttributeQuery,
): Promise<Record<string, AttributeFacet[]>> {
  const counted = await Promise.all(
    query.facets.map(async (a): Promise<[string, AttributeFacet[]]> => {
      if (where === null) return [a.key, []];
      const found = await rows<{ option: string; count: string | number }>(
        db,
        sql`select o.option, count(distinct p.id) as count
          from products p cross join lateral ${optionsOf(a)} as o(option)
          where ${where}${attributeCondition(query.filters, a.key)}
          group by o.option`,
      );
      const counts = new Map(found.map((r) => [r.option, Number(r.count)]));
      return [
        a.key,
        a.options.filter((o) => (counts.get(o) ?? 0) > 0).map((o) => ({ option: o, count: counts.get(o)! })),
      ];
    }),
  );
  return Object.fromEntries(counted);
}
