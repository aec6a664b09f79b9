import type { Attribute, AttributeBody } from '@dalil/contracts/attributes';

/** The list with the item at `from` moved to `to`. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/**
 * The positions the attributes take in their new order, for those whose position changes: the
 * family's stored positions are handed out again in the new order (raised where two were equal, so
 * the order is strict), so a move touches only the attributes between its two places.
 */
export function positionChanges(ordered: readonly Attribute[]): { attribute: Attribute; position: number }[] {
  const slots = ordered.map((a) => a.position).sort((a, b) => a - b);
  const changes: { attribute: Attribute; position: number }[] = [];
  let previous = -1;
  ordered.forEach((attribute, index) => {
    const position = Math.max(slots[index]!, previous + 1);
    previous = position;
    if (position !== attribute.position) changes.push({ attribute, position });
  });
  return changes;
}

/** A stored attribute as the body that saves it again, at `position`. */
export const attributeBody = (attribute: Attribute, position = attribute.position): AttributeBody => ({
  family: attribute.family,
  key: attribute.key,
  name: attribute.name,
  group: attribute.group,
  type: attribute.type,
  unit: attribute.unit,
  options: attribute.options,
  visible: attribute.visible,
  required: attribute.required,
  categories: attribute.categories,
  position,
});
