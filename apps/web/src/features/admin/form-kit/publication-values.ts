import {
  PublicationStatusSchema,
  type PublicationStatus,
  type ShownStatus,
} from '@dalil/contracts/publication';
import { z } from 'zod';

/** Two digits, for the local date and time input's value. */
const two = (n: number) => String(n).padStart(2, '0');

/** A stored publish date (ISO) as the local date-time input shows it ("2027-03-01T12:00"); '' for none. */
function publishAtInput(iso: string | null): string {
  if (iso === null) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

/**
 * The form's publish date: the browser's local date and time as typed, sent as an ISO time; empty
 * sends null (no date).
 */
const PublishAtInputSchema = z.string().transform((value, ctx) => {
  if (value.trim() === '') return null;
  const time = new Date(value);
  if (Number.isNaN(time.getTime())) {
    ctx.addIssue({ code: 'custom', message: 'must be a date and time such as 2027-01-31T00:00:00Z' });
    return z.NEVER;
  }
  return time.toISOString();
});

/** The form fields' schemas (spread into the form's schema) and their empty values. */
export const publicationFormFields = { status: PublicationStatusSchema, publishAt: PublishAtInputSchema };
export const emptyPublication = { status: 'published' as PublicationStatus, publishAt: '' };

/** A record's status and publish date as form values: a scheduled one is a draft with its date. */
export const publicationValues = (record: { status: ShownStatus; publishAt: string | null }) => ({
  status: record.status === 'scheduled' ? 'draft' : record.status,
  publishAt: publishAtInput(record.publishAt),
});
