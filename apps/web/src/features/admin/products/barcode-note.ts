import { arabGs1Issuer, checkGtin } from '@dalil/contracts/gtin';
import { toAsciiDigits } from '@dalil/contracts/search-text';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from '../../../lib/i18n';
import { choiceListQuery, choiceNameQuery, type ChoiceItem } from '../form-kit/remote-choice-api';

/**
 * Whether the chosen family requires valid GTINs (undefined until known): taken from the family
 * choice's own lists, so choosing a family asks the server nothing more; a family none of them holds
 * is read on its own, as the choice does for a chosen family it does not offer.
 */
export function useRequiresValidGtin(family: number | null): boolean | undefined {
  const queryClient = useQueryClient();
  const first = useQuery({ ...choiceListQuery('families', {}, ''), enabled: family !== null });
  const listed = queryClient
    .getQueriesData<{ items: ChoiceItem[] }>({ queryKey: ['families', 'choice'] })
    .flatMap(([, data]) => data?.items ?? [])
    .find((item) => item.id === family);
  const read = useQuery({
    ...choiceNameQuery('families', family ?? 0),
    enabled: family !== null && first.isFetched && listed === undefined,
  });
  return (listed ?? first.data?.items.find((item) => item.id === family) ?? read.data)?.requireValidGtin;
}

/** What the product form says under the barcode field; `error` when the save would be refused. */
export interface BarcodeNote {
  text: string;
  error: boolean;
}

/**
 * The barcode as a GTIN (docs/decisions/0053-gtin-barcodes.md): an invalid one is an error when the
 * family requires valid GTINs and a warning otherwise (`requireValid` unknown until the family is
 * read: a warning); a valid GTIN-13 issued by an Arab country's GS1 names that country. Nothing for
 * an empty barcode, or one that is not digits (the form's schema says that).
 */
export function barcodeNote(
  raw: unknown,
  requireValid: boolean | undefined,
  t: TFunction,
  language: string,
): BarcodeNote | null {
  const code = toAsciiDigits(typeof raw === 'string' ? raw : '').replace(/\s+/g, '');
  if (!/^[0-9]+$/.test(code)) return null;
  const check = checkGtin(code);
  if (!check.valid) {
    const problem =
      check.reason === 'format'
        ? t('admin.gtin.format')
        : t('admin.gtin.checkDigit', { expected: check.expected, length: check.length });
    return requireValid === true
      ? { text: problem, error: true }
      : { text: t('admin.gtin.allowed', { problem }), error: false };
  }
  const issuer = arabGs1Issuer(code);
  if (!issuer) return null;
  const country = new Intl.DisplayNames([language], { type: 'region' }).of(issuer.country) ?? issuer.country;
  return { text: t('admin.gtin.issuer', { prefix: issuer.prefix, country }), error: false };
}
