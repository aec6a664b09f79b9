import { UserCreateBodySchema, UserUpdateBodySchema } from '@dalil/contracts/users';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { useWatch } from 'react-hook-form';
import { useParams } from 'react-router';
import { FamiliesField } from './families-field';
import { resourceApis } from '../resource-kit/resource-api';
import { FormSelectField, FormTextField } from '../form-kit/form-fields';
import { FormPage, FormSection } from '../form-kit/form-page';
import { useResourceForm } from '../form-kit/use-resource-form';

/**
 * Create or edit a user: First Name, Last Name, Username, Password when creating, the role (an
 * editor manages the families chosen; a catalogue user sees only those, or every family when none is
 * chosen); when
 * editing, an optional new password resets the user's password.
 */
export function UserFormPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const editing = id !== undefined;
  // The same query as the form's own load: the guest account keeps its username, role and password
  // (its credentials are published to visitors), so those fields are locked for it.
  const loaded = useQuery({
    queryKey: ['users', 'one', Number(id)],
    queryFn: ({ signal }) => resourceApis.users.one(Number(id), signal),
    enabled: editing,
  });
  const guest = loaded.data?.guest === true;
  // Creating needs a password; editing sends one only when it is being reset.
  const schema = (editing ? UserUpdateBodySchema : UserCreateBodySchema) as typeof UserUpdateBodySchema;
  const { control, mode, frame } = useResourceForm('users', {
    schema,
    empty: { firstName: '', lastName: '', username: '', password: '', role: 'user', families: [] },
  });
  const roles = [
    { value: 'user', label: t('admin.fields.roleUser') },
    { value: 'editor', label: t('admin.fields.roleEditor') },
    { value: 'admin', label: t('admin.fields.roleAdmin') },
  ];
  const role = useWatch({ control, name: 'role' });
  const password = (label: string) => (
    <FormTextField
      control={control}
      name="password"
      label={label}
      type="password"
      autoComplete="new-password"
      required={mode === 'create'}
      inputDir="ltr"
    />
  );
  return (
    <FormPage {...frame}>
      <FormSection title={t('admin.form.details')}>
        <FormTextField
          control={control}
          name="firstName"
          label={t('admin.fields.firstName')}
          required
          inputDir="auto"
        />
        <FormTextField
          control={control}
          name="lastName"
          label={t('admin.fields.lastName')}
          required
          inputDir="auto"
        />
        <FormTextField
          control={control}
          name="username"
          label={t('admin.fields.username')}
          autoComplete="off"
          required
          disabled={guest}
          helperText={guest ? t('admin.fields.guestLocked') : undefined}
          inputDir="ltr"
        />
        {mode === 'create' && password(t('admin.fields.password'))}
        <FormSelectField
          control={control}
          name="role"
          label={t('admin.fields.role')}
          options={roles}
          required
          disabled={guest}
        />
        {role !== 'admin' && (
          <FamiliesField
            control={control}
            label={t('admin.fields.families')}
            helperText={t(
              role === 'editor' ? 'admin.fields.familiesHintEditor' : 'admin.fields.familiesHintUser',
            )}
          />
        )}
      </FormSection>
      {mode === 'edit' && !guest && (
        <FormSection title={t('admin.fields.resetPassword')}>
          <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>
            {t('admin.fields.resetPasswordHint')}
          </Typography>
          {password(t('admin.fields.newPassword'))}
        </FormSection>
      )}
    </FormPage>
  );
}
