import type { Attribute } from '@dalil/contracts/attributes';
import type { MockRequest } from './fetch-mock';

/** An attribute as the API answers it: a visible short text of family 1, unless given otherwise. */
export function attributeFixture(fields: Partial<Attribute> & Pick<Attribute, 'id' | 'key'>): Attribute {
  return {
    family: 1,
    name: { ar: fields.key, en: fields.key },
    group: null,
    type: 'text',
    unit: null,
    options: [],
    visible: true,
    required: 'none',
    categories: [],
    position: fields.id,
    ...fields,
  };
}

/**
 * GET /api/attribute as the server answers it: `family` and `category` filter (a category's
 * attributes are those assigned to it or, given `parents`, to its parent), in position order.
 */
export function attributeList(attributes: Attribute[], parents: Record<number, number> = {}) {
  return (request: MockRequest) => {
    const family = request.query.get('family');
    const category = Number(request.query.get('category'));
    const found = attributes
      .filter((a) => !family || a.family === Number(family))
      .filter(
        (a) =>
          !category ||
          a.categories.includes(category) ||
          (parents[category] !== undefined && a.categories.includes(parents[category])),
      )
      .sort((a, b) => a.position - b.position);
    return { status: 200, body: { data: found, count: found.length } };
  };
}
