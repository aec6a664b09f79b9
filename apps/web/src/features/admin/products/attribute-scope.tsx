import type { Attribute } from '@dalil/contracts/attributes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useTranslation } from '../../../lib/i18n';
import { reportError } from '../../../lib/notifications-store';
import { chosenId } from '../form-kit/remote-choice-api';
import {
  categoryAttributesQuery,
  droppedNames,
  keptValues,
  type AttributeFormValues,
} from './attribute-values';

interface Scope {
  family: number | null;
  /** The most specific category: the sub-category when one is chosen (it has its parent's attributes too). */
  category: number | null;
}

/** The fields that decide which attributes a product has. */
interface ScopeFields {
  family: unknown;
  category: unknown;
  subCategory: unknown;
  attributes: AttributeFormValues;
}

const scopeOf = (values: Omit<ScopeFields, 'attributes'>): Scope => ({
  family: chosenId(values.family),
  category: chosenId(values.subCategory) ?? chosenId(values.category),
});

/**
 * The attributes of the product's category, and the guard on changing it: a new family, category or
 * sub-category whose attributes leave out some filled values asks first ("These values will be
 * removed: ..."); Cancel puts the previous choice back. Once accepted, the form keeps the values of
 * the new category's attributes only, so the body names no attribute the category lacks.
 */
export function useAttributeScope<T extends FieldValues, O>(form: UseFormReturn<T, unknown, O>) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'ar' ? 'ar' : 'en';
  const queryClient = useQueryClient();
  const raw = form as unknown as UseFormReturn<ScopeFields>;
  const [family, category, subCategory] = useWatch({
    control: raw.control,
    name: ['family', 'category', 'subCategory'],
  });
  const watched = scopeOf({ family, category, subCategory });
  // The choice in force: what the fields show until a change that drops values is confirmed.
  const accepted = useRef({ family, category, subCategory });
  const [pending, setPending] = useState<{
    names: string[];
    next: Attribute[];
    previous: typeof accepted.current;
  } | null>(null);
  const shown = pending ? scopeOf(pending.previous) : watched;
  const query = useQuery({
    ...categoryAttributesQuery(shown.family, shown.category),
    meta: { handlesErrors: true },
  });

  // A record loaded into the form (or a change without loss) becomes the choice in force.
  useEffect(() => {
    if (!pending) accepted.current = { family, category, subCategory };
  }, [pending, family, category, subCategory]);

  const keep = (next: Attribute[]) =>
    raw.setValue('attributes', keptValues(raw.getValues('attributes') ?? {}, next), { shouldDirty: true });

  /** Called after the family, category or sub-category field changed. */
  const picked = async () => {
    const previous = accepted.current;
    const before = scopeOf(previous);
    const next = scopeOf(raw.getValues());
    try {
      const [current, coming] = await Promise.all([
        queryClient.fetchQuery(categoryAttributesQuery(before.family, before.category)),
        queryClient.fetchQuery(categoryAttributesQuery(next.family, next.category)),
      ]);
      const names = droppedNames(raw.getValues('attributes') ?? {}, current, coming, language);
      if (names.length > 0) setPending({ names, next: coming, previous });
      else keep(coming);
    } catch (error) {
      reportError(error);
    }
  };

  const dialog = pending && (
    <ConfirmDialog
      open
      title={t('attributes.product.dropTitle')}
      text={t('attributes.product.dropText', { names: pending.names.join(t('admin.users.separator')) })}
      confirmLabel={t('attributes.product.dropConfirm')}
      onConfirm={() => {
        keep(pending.next);
        setPending(null);
      }}
      onClose={() => {
        const { previous } = pending;
        raw.setValue('family', previous.family);
        raw.setValue('category', previous.category);
        raw.setValue('subCategory', previous.subCategory);
        setPending(null);
      }}
    />
  );
  return {
    attributes: query.data ?? [],
    failed: query.isError,
    dialog,
    picked: () => void picked(),
  };
}
