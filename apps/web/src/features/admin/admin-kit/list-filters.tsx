import { RemoteChoice } from '../form-kit/remote-choice';
import { chosenId, type ChoiceResource, type ChoiceScope } from '../form-kit/remote-choice-api';

interface ListFilterProps {
  resource: ChoiceResource;
  scope?: ChoiceScope;
  label: string;
  allLabel: string;
  /** The filter as the URL holds it: an id, or '' for all. */
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

/** A list filter (family, category): a small searchable choice whose empty value means all. */
export function ListFilter({ resource, scope, label, allLabel, value, onChange, disabled }: ListFilterProps) {
  return (
    <RemoteChoice
      resource={resource}
      scope={scope}
      size="small"
      label={label}
      placeholder={allLabel}
      value={chosenId(value)}
      onChange={(id) => onChange(id === null ? '' : String(id))}
      disabled={disabled}
      sx={{ width: { xs: 'auto', sm: 220 }, flex: { xs: '1 1 160px', sm: '0 0 auto' } }}
    />
  );
}
