import type { Attribute, AttributeBodySchema } from '@dalil/contracts/attributes';
import type { z } from 'zod';

/** The form checks with the contract's body schema (a choice needs options, only a number has a unit). */
export type AttributeFormIn = z.input<typeof AttributeBodySchema>;
export type AttributeFormOut = z.output<typeof AttributeBodySchema>;

/** A choice's new option row. */
export const emptyOption = { key: '', name: { ar: '', en: '' } };

/** A new attribute: of the family the list was showing, a visible short text, required nowhere. */
export const emptyAttribute = (family: number | ''): AttributeFormIn => ({
  family,
  key: '',
  name: { ar: '', en: '' },
  group: { ar: '', en: '' },
  type: 'text',
  unit: null,
  options: [],
  visible: true,
  required: 'none',
  categories: [],
});

/** A stored attribute as form values; its position is kept, so saving leaves its place alone. */
export const attributeValues = (attribute: Attribute): AttributeFormIn => ({
  family: attribute.family,
  key: attribute.key,
  name: attribute.name,
  group: attribute.group ?? { ar: '', en: '' },
  type: attribute.type,
  unit: attribute.unit,
  options: attribute.options,
  visible: attribute.visible,
  required: attribute.required,
  categories: attribute.categories,
  position: attribute.position,
});
