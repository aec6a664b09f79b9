import { SynonymBodySchema, SynonymWordsSchema, type Synonym } from '@dalil/contracts/synonyms';
import { useTranslation } from '../../../lib/i18n';
import { z } from 'zod';
import { FormTextField } from '../form-kit/form-fields';
import { FormPage, FormSection } from '../form-kit/form-page';
import { FormRemoteChoice } from '../form-kit/form-remote-choice';
import { useResourceForm } from '../form-kit/use-resource-form';

/** The words as typed in the form: one a line, or separated by commas (Arabic ones too). */
const splitWords = (text: string) =>
  text
    .split(/[\n,،]+/)
    .map((w) => w.trim())
    .filter((w) => w !== '');

/**
 * The words field: text checked with the contract's own rule, each problem shown on the one field
 * (the server's check is the same, so what passes here passes there).
 */
const WordsTextSchema = z.string().transform((text, ctx) => {
  const parsed = SynonymWordsSchema.safeParse(splitWords(text));
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
  return z.NEVER;
});

const SynonymFormSchema = SynonymBodySchema.extend({ words: WordsTextSchema });

/** Create or edit a synonym group: its family and its words. */
export function SynonymFormPage() {
  const { t } = useTranslation();
  const { control, frame } = useResourceForm('synonyms', {
    schema: SynonymFormSchema,
    empty: { family: '', words: '' },
    toValues: (group: Synonym) => ({ family: group.family, words: group.words.join('\n') }),
  });
  return (
    <FormPage {...frame}>
      <FormSection title={t('admin.form.details')}>
        <FormRemoteChoice
          control={control}
          name="family"
          resource="families"
          label={t('admin.fields.family')}
          required
        />
        <FormTextField
          control={control}
          name="words"
          label={t('admin.synonyms.words')}
          helperText={t('admin.synonyms.wordsHint')}
          inputDir="auto"
          multiline
          minRows={4}
          required
        />
      </FormSection>
    </FormPage>
  );
}
