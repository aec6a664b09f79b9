import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { choiceLabel, choiceNameQuery, type ChoiceResource } from './remote-choice-api';

/** A family's or category's name in the UI language, read once per record (`#id` until it comes). */
export function ChoiceName({ resource, id }: { resource: ChoiceResource; id: number }) {
  const { i18n } = useTranslation();
  const record = useQuery({ ...choiceNameQuery(resource, id), meta: { handlesErrors: true } });
  return record.data ? choiceLabel(record.data, i18n.language) : `#${id}`;
}
