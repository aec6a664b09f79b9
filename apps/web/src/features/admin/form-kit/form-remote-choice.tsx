import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { fieldMessage } from './field-message';
import { RemoteChoice, type RemoteChoiceProps } from './remote-choice';
import { chosenId } from './remote-choice-api';

type Passed = Omit<RemoteChoiceProps, 'value' | 'onChange' | 'name' | 'inputRef' | 'onBlur' | 'error'>;

interface FormRemoteChoiceProps<T extends FieldValues, O> extends Passed {
  control: Control<T, unknown, O>;
  name: Path<T>;
  /** Called with the new id after the field changes (the product's family resets its category). */
  onPicked?: (id: number | null) => void;
}

/** A family or category choice bound to the form; its error comes from the shared schema or the server. */
export function FormRemoteChoice<T extends FieldValues, O>(props: FormRemoteChoiceProps<T, O>) {
  const { control, name, onPicked, helperText, ...rest } = props;
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <RemoteChoice
          fullWidth
          {...rest}
          name={field.name}
          inputRef={field.ref}
          value={chosenId(field.value)}
          onChange={(id) => {
            field.onChange(id ?? '');
            onPicked?.(id);
          }}
          onBlur={field.onBlur}
          error={Boolean(fieldState.error)}
          helperText={fieldMessage(fieldState.error?.message, t) ?? helperText}
        />
      )}
    />
  );
}
