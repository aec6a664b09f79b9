import { useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { failureMessage, serverFieldErrors } from './field-message';

interface DialogFormOptions<V extends FieldValues> {
  /** What the form holds when it opens, and again once it is sent or closed. */
  empty: V;
  /** The form's fields the server may name in a refusal. */
  fields: readonly string[];
  /** What the dialog says when the server refused a field (explained at the field itself). */
  failed: string;
  onClose: () => void;
}

/**
 * A form in a dialog that creates something: Close empties it; Send runs `send` and empties it on
 * success. The server's refusals show at their fields, anything else as `failure`, and what was
 * typed stays.
 */
export function useDialogForm<V extends FieldValues, O>(
  form: UseFormReturn<V, unknown, O>,
  { empty, fields, failed, onClose }: DialogFormOptions<V>,
) {
  const { t, i18n } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    form.reset(empty);
    setFailure(null);
    onClose();
  };
  const submit = (send: (values: O) => Promise<void>) =>
    form.handleSubmit(async (values) => {
      setFailure(null);
      try {
        await send(values);
        form.reset(empty);
      } catch (error) {
        console.error(error);
        const refused = serverFieldErrors(error, fields);
        for (const { field, message } of refused) {
          form.setError(field as Path<V>, { type: 'server', message }, { shouldFocus: true });
        }
        // A refusal named at its field is explained there; anything else is explained here.
        setFailure(refused.length > 0 ? failed : failureMessage(error, t, i18n.language));
      }
    });
  return { failure, close, submit };
}
