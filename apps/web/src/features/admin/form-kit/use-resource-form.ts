import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { REQUEST_TIMEOUT_MS } from '@dalil/contracts/constants';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type PathValue } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import type { ListReturn } from '../../../components/list-kit-row-menu';
import type { AdminResourceKey } from '@dalil/contracts/admin-resources';
import { isApiError, requestIdOf } from '../../../lib/api-error';
import { useNotifications } from '../../../lib/notifications-store';
import { adminPaths } from '../resource-kit/admin-paths';
import { resourceApis, versionOf, type ResourceApi } from '../resource-kit/resource-api';
import type { EditConflict } from './edit-conflict-dialog';
import { failureMessage, serverFieldErrors } from './field-message';
import type { FormFrame } from './form-page';
import { ImageInputSchema, uploadImages, type Uploaded } from './image-values';

type FormSchema = z.ZodObject;
type Detail<K extends AdminResourceKey> = Awaited<ReturnType<ResourceApi<K>['one']>>;
type Body<K extends AdminResourceKey> =
  Parameters<ResourceApi<K>['create']>[0] | Parameters<ResourceApi<K>['update']>[1];

/** The calls the form makes, without the per-resource types (checked at the call site instead). */
interface FormCalls {
  one: (id: number, signal: AbortSignal) => Promise<unknown>;
  create: (body: unknown) => Promise<unknown>;
  update: (id: number, body: unknown, version?: string) => Promise<unknown>;
}

export interface ResourceFormOptions<K extends AdminResourceKey, S extends FormSchema> {
  /** The contract's body schema (image fields widened to accept a File): form resolver = server check. */
  schema: S;
  /** A new record's values. */
  empty: z.input<S>;
  /** A stored record as the form's values; by default its fields of the same names as the form's. */
  toValues?: (detail: Detail<K>) => z.input<S>;
  /**
   * Fields made of fields of their own (a product's attributes, an attribute's names and options):
   * the server's problem at `attributes.origin.ar` shows under that one field, not on the whole.
   */
  nestedErrors?: readonly string[];
  /**
   * The calls that read and save, when the resource reads, creates or updates through a custom
   * operation (a feed's `show` and `change`, an API key's `issue`) instead of its CRUD ones.
   */
  calls?: Partial<FormCalls>;
  /**
   * After a create saved, with the server's answer: instead of going back to the list at once, the
   * screen shows what it must (an API key's secret, shown only this once) and calls `done` when the
   * person has seen it.
   */
  afterCreate?: (answer: unknown, done: () => void) => void;
}

/** The record's values for the form's fields; a field the record lacks keeps its empty value. */
function valuesOf(detail: object, empty: object): Record<string, unknown> {
  const values: Record<string, unknown> = { ...empty };
  for (const [key, value] of Object.entries(detail)) if (key in empty) values[key] = value;
  return values;
}

/** The form's fields whose values differ between two versions of the record. */
const changedFields = (before: Record<string, unknown>, after: Record<string, unknown>) =>
  Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));

/** Compiles only when what the form submits is a body the resource's declaration accepts. */
type SubmitsBodyOf<K extends AdminResourceKey, S extends FormSchema> =
  Uploaded<z.output<S>> extends Body<K> ? unknown : { schemaDoesNotProduceTheResourceBody: never };

/**
 * The form half of the admin kit: one screen for create and edit (edit when the route has :id) of a
 * resource in the registry. It loads the record, uploads chosen images first, saves through the
 * resource's typed client, maps the server's field problems onto the fields, and on failure shows a
 * message while the form keeps what was typed; after saving, a notice and back to the list page the
 * edit started from. `frame` is what FormPage takes.
 */
export function useResourceForm<K extends AdminResourceKey, S extends FormSchema>(
  resource: K,
  options: ResourceFormOptions<K, S> & SubmitsBodyOf<K, S>,
) {
  type In = z.input<S> & FieldValues;
  type Out = z.output<S> & FieldValues;
  const { schema, toValues, empty, nestedErrors = [] } = options;
  const calls = { ...(resourceApis[resource] as unknown as FormCalls), ...options.calls };
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const params = useParams();
  const state = useLocation().state as Partial<ListReturn> | null;
  // Back to the list page the edit started from (its page, size, search and filters).
  const returnTo = `${adminPaths[resource].list}${state?.listSearch ?? ''}`;
  const id = params.id === undefined ? undefined : Number(params.id);
  const mode = id === undefined ? ('create' as const) : ('edit' as const);
  // An address such as /edit/abc names no record: say so instead of waiting for one forever.
  const badId = id !== undefined && !(Number.isSafeInteger(id) && id > 0);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saveRequestId, setSaveRequestId] = useState<string | null>(null);
  const [conflict, setConflict] = useState<EditConflict | null>(null);
  const form = useForm<In, unknown, Out>({
    resolver: zodResolver(schema),
    defaultValues: empty as DefaultValues<In>,
  });

  const record = useQuery({
    queryKey: [resource, 'one', id],
    queryFn: async ({ signal }) => {
      try {
        return (await calls.one(id!, signal)) as Detail<K>;
      } catch (error) {
        console.error(error);
        throw error;
      }
    },
    enabled: id !== undefined && !badId,
    meta: { handlesErrors: true },
    retry: false,
    // Each read is its own object: its version (ETag) is kept beside it, not beside an equal old one.
    structuralSharing: false,
  });
  const toFormValues = useCallback(
    (detail: object) => (toValues ? toValues(detail as Detail<K>) : valuesOf(detail, empty)) as In,
    [toValues, empty],
  );

  // Fill the form once per record; a background refetch must not overwrite what is being typed.
  const filledFor = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (record.data && filledFor.current !== id) {
      filledFor.current = id;
      form.reset(toFormValues(record.data));
    }
  }, [record.data, id, form, toFormValues]);

  const fieldNames = Object.keys(schema.shape);
  // An image field is one the form widened to ImageInputSchema (a stored name, a new File, or null).
  const imageKeys = fieldNames.filter((name) => schema.shape[name] === ImageInputSchema);
  /** Saves the form; with `version`, only over that version of the record (else a 412 conflict). */
  const save = (version: string | undefined) =>
    form.handleSubmit(async (values) => {
      setSaveError(null);
      setSaveRequestId(null);
      try {
        const body = await uploadImages(values, imageKeys, (key, name) =>
          form.setValue(key as Path<In>, name as PathValue<In, Path<In>>),
        );
        const answer = await (id === undefined ? calls.create(body) : calls.update(id, body, version));
        await queryClient.invalidateQueries();
        useNotifications.getState().show({ severity: 'success', messageKey: 'admin.form.saved' });
        const back = () => void navigate(returnTo);
        if (id === undefined && options.afterCreate) options.afterCreate(answer, back);
        else back();
      } catch (error) {
        if (id !== undefined && isApiError(error) && error.status === 412 && record.data) {
          await showConflict(id, record.data);
          return;
        }
        console.error(error);
        setSaveError(failureMessage(error, t, i18n.language));
        setSaveRequestId(requestIdOf(error));
        // A list field's item (body.words.1) shows on the field itself, unless its items are fields.
        for (const { field, path, message } of serverFieldErrors(error, fieldNames)) {
          form.setError(
            (nestedErrors.includes(field) ? path : field) as Path<In>,
            { type: 'server', message },
            { shouldFocus: true },
          );
        }
      }
    });
  const submit = (event?: FormEvent<HTMLFormElement>) => save(versionOf(record.data))(event);

  /** Someone saved the record since the form read it: say what they changed, and let the person choose. */
  const showConflict = async (recordId: number, started: object) => {
    const stored = (await calls.one(recordId, AbortSignal.timeout(REQUEST_TIMEOUT_MS))) as object;
    setConflict({
      changed: changedFields(toFormValues(started), toFormValues(stored)),
      onReload: () => {
        queryClient.setQueryData([resource, 'one', recordId], stored);
        form.reset(toFormValues(stored));
        setConflict(null);
      },
      onOverwrite: () => {
        setConflict(null);
        void save(versionOf(stored))();
      },
      onClose: () => setConflict(null),
    });
  };

  const frame: FormFrame = {
    mode,
    onSubmit: (event) => void submit(event),
    conflict,
    submitting: form.formState.isSubmitting,
    loading: record.isPending && id !== undefined && !badId,
    loadError: badId
      ? t('errors.notFound')
      : record.isError
        ? failureMessage(record.error, t, i18n.language)
        : null,
    saveError,
    loadRequestId: record.isError ? requestIdOf(record.error) : null,
    saveRequestId,
    cancelTo: returnTo,
  };
  return { form, control: form.control, mode, frame };
}
