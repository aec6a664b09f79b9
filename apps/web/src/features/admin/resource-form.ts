import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type PathValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { ListReturn } from '../../components/list-kit-row-menu';
import type { z } from 'zod';
import { isApiError } from '../../lib/api-error';
import { useNotifications } from '../../lib/notifications-store';
import { failureMessage } from './field-message';
import { uploadImages, type Uploaded } from './image-values';

type FormSchema = z.ZodObject;

export interface ResourceFormOptions<S extends FormSchema, TDetail> {
  /** The contract's body schema (image fields widened to accept a File): form resolver = server check. */
  schema: S;
  resource: string;
  empty: z.input<S>;
  load: (id: number, signal: AbortSignal) => Promise<TDetail>;
  toValues: (detail: TDetail) => z.input<S>;
  save: (body: Uploaded<z.output<S>>, id: number | undefined) => Promise<unknown>;
  imageKeys?: readonly (keyof z.output<S> & string)[];
  listPath: string;
}

/**
 * STYLE.md habit 10, the form half: one screen for create and edit (edit when the route has :id),
 * images uploaded first, server field problems mapped onto the fields, and on failure a message
 * while the form keeps what was typed (DESIGN.md improvement 3). After saving, the list.
 */
export function useResourceForm<S extends FormSchema, TDetail>(options: ResourceFormOptions<S, TDetail>) {
  type In = z.input<S> & FieldValues;
  type Out = z.output<S> & FieldValues;
  const { schema, resource, load, toValues, save, imageKeys = [], listPath } = options;
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const params = useParams();
  const state = useLocation().state as Partial<ListReturn> | null;
  // Back to the list page the edit started from (its page, size, search and filters).
  const returnTo = `${listPath}${state?.listSearch ?? ''}`;
  const id = params.id === undefined ? undefined : Number(params.id);
  const mode = id === undefined ? ('create' as const) : ('edit' as const);
  const [saveError, setSaveError] = useState<string | null>(null);
  const form = useForm<In, unknown, Out>({
    resolver: zodResolver(schema),
    defaultValues: options.empty as DefaultValues<In>,
  });

  const record = useQuery({
    queryKey: [resource, 'one', id],
    queryFn: async ({ signal }) => {
      try {
        return await load(id!, signal);
      } catch (error) {
        console.error(error);
        throw error;
      }
    },
    enabled: id !== undefined && Number.isInteger(id),
    meta: { handlesErrors: true },
    retry: false,
  });

  // Fill the form once per record; a background refetch must not overwrite what is being typed.
  const filledFor = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (record.data && filledFor.current !== id) {
      filledFor.current = id;
      form.reset(toValues(record.data));
    }
  }, [record.data, id, form, toValues]);

  const fieldNames = Object.keys(schema.shape);
  const submit = form.handleSubmit(async (values) => {
    setSaveError(null);
    try {
      const body = await uploadImages(values, imageKeys, (key, name) =>
        form.setValue(key as Path<In>, name as PathValue<In, Path<In>>),
      );
      await save(body, id);
      await queryClient.invalidateQueries();
      useNotifications.getState().show({ severity: 'success', messageKey: 'admin.form.saved' });
      await navigate(returnTo);
    } catch (error) {
      console.error(error);
      setSaveError(failureMessage(error, t, i18n.language));
      if (!isApiError(error)) return;
      for (const detail of error.body?.details ?? []) {
        const field = detail.path.replace(/^body\./, '');
        if (fieldNames.includes(field)) {
          form.setError(
            field as Path<In>,
            { type: 'server', message: detail.message },
            { shouldFocus: true },
          );
        }
      }
    }
  });

  return {
    form,
    mode,
    id,
    returnTo,
    loading: record.isPending && id !== undefined,
    loadError: record.isError ? failureMessage(record.error, t, i18n.language) : null,
    saveError,
    submit: (event?: React.BaseSyntheticEvent) => void submit(event),
  };
}
