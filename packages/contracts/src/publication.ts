import { z } from 'zod';

/**
 * Drafts and publish dates of products and families: visitors see only what is published, or a
 * draft whose publish date has passed; whoever may write the family sees everything.
 */
const PUBLICATION_STATUSES = ['draft', 'published'] as const;
export const PublicationStatusSchema = z.enum(PUBLICATION_STATUSES, { error: 'must be draft or published' });
export type PublicationStatus = z.infer<typeof PublicationStatusSchema>;

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
  status: PublicationStatusSchema,
  publishAt: z.string().nullable(),
};

/** A list's filter by status. */
export const publicationQueryFields = { status: PublicationStatusSchema.optional() };
