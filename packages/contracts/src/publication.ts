import { z } from 'zod';

/**
 * Drafts and publish dates of products and families: visitors see only what is published, or a
 * draft whose publish date has passed; whoever may write the family sees everything.
 */
const PUBLICATION_STATUSES = ['draft', 'published'] as const;

/** The status a client writes or filters by; `scheduled` is only shown (publication.scheduledIsShown). */
export const PublicationStatusSchema = z.enum(PUBLICATION_STATUSES, {
  error: (issue) =>
    issue.input === 'scheduled'
      ? 'is shown, not written: send draft with a publishAt to schedule'
      : 'must be draft or published',
});
export type PublicationStatus = z.infer<typeof PublicationStatusSchema>;

/**
 * The status a record shows: a draft with a publish date is `scheduled` until the date and
 * `published` from it on; the stored status stays draft (docs/decisions/0055-drafts-and-publish-dates.md).
 */
const ShownStatusSchema = z.enum(['draft', 'scheduled', 'published']);
export type ShownStatus = z.infer<typeof ShownStatusSchema>;

/** The form's fields: left out on a create, published with no date; left out on an update, unchanged. */
export const publicationBodyFields = {
  status: PublicationStatusSchema.optional().meta({
    description:
      'draft: only those who may write the family see it; published: everyone who may read the family. Left out: published on a create, unchanged on an update.',
  }),
  publishAt: z.iso
    .datetime({ offset: true, error: 'must be a date and time such as 2027-01-31T00:00:00Z' })
    .nullable()
    .optional()
    .meta({
      description:
        'A draft counts as published from this date and time on, without anyone acting. Null: no date; left out: none on a create, unchanged on an update.',
    }),
};

/** What a record answers with. */
export const publicationRecordFields = {
  status: ShownStatusSchema,
  publishAt: z.string().nullable(),
};

/** A list's filter by status. */
export const publicationQueryFields = { status: PublicationStatusSchema.optional() };
