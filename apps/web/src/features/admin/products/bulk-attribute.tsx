import type { Attribute } from '@dalil/contracts/attributes';
import { MAX_LIST_LIMIT } from '@dalil/contracts/constants';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { resourceApis } from '../resource-kit/resource-api';
import { AttributeFields } from './attribute-fields';
import { AttributesInputSchema } from './attribute-values';
import type { BulkChange } from './bulk-api';

type AttributeChange = Extract<BulkChange, { kind: 'attribute' }>;

/**
 * The attribute a bulk change sets, among the company's, and its value in the field its type has
 * (texts in both languages); an empty value clears it. Tells `onChange` the change, or null until an
 * attribute is chosen.
 */
export function BulkAttributeChoice({
  family,
  onChange,
}: {
  family: number;
  onChange: (change: AttributeChange | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'ar' ? 'ar' : 'en';
  const attributes = useQuery({
    queryKey: ['attributes', 'of-family', family],
    queryFn: async ({ signal }) =>
      (await resourceApis.attributes.list({ family, limit: MAX_LIST_LIMIT, skip: 0 }, signal)).data,
  });
  const [key, setKey] = useState('');
  const chosen: Attribute | undefined = attributes.data?.find((a) => a.key === key);
  const form = useForm<{ attributes: Record<string, unknown> }>({ defaultValues: { attributes: {} } });
  const values = useWatch({ control: form.control, name: 'attributes' });
  useEffect(() => {
    if (!chosen) return onChange(null);
    const value = AttributesInputSchema.parse({ [chosen.key]: values[chosen.key] })[chosen.key] ?? null;
    onChange({ kind: 'attribute', key: chosen.key, value });
  }, [chosen, values, onChange]);
  return (
    <Stack spacing={2}>
      <TextField
        select
        label={t('bulk.attributeLabel')}
        value={key}
        onChange={(event) => setKey(event.target.value)}
        disabled={!attributes.data}
        helperText={attributes.data?.length === 0 ? t('bulk.noAttributes') : t('bulk.attributeHint')}
      >
        {(attributes.data ?? []).map((a) => (
          <MenuItem key={a.key} value={a.key}>
            {a.name[language]}
          </MenuItem>
        ))}
      </TextField>
      {chosen && <AttributeFields attributes={[{ ...chosen, group: null }]} control={form.control} />}
    </Stack>
  );
}
