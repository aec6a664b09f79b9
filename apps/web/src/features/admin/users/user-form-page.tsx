import { UserCreateBodySchema, UserUpdateBodySchema, type User } from '@dalil/contracts/users';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FormPage, FormSection } from '../../../components/form-page';
import { paths } from '../../../lib/paths';
import { FormSelectField, FormTextField } from '../form-fields';
import { useResourceForm } from '../resource-form';
import { userApi } from './user-api';

const toValues = (user: User) => ({
  firstName: user.firstName,
  lastName: user.lastName,
  username: user.username,
  role: user.role,
  password: '',
});

/**
 * Spec section 2, Create User (First Name, Last Name, Username, Password when creating), plus the role
 * and, when editing, a password reset (DESIGN.md improvement 7).
 */
export function UserFormPage() {
  const { t } = useTranslation();
  const editing = useParams().id !== undefined;
  // Creating needs a password; editing sends one only when it is being reset.
  const schema = (editing ? UserUpdateBodySchema : UserCreateBodySchema) as typeof UserUpdateBodySchema;
  const { form, mode, submit, loading, loadError, saveError, returnTo } = useResourceForm({
    schema,
    resource: 'users',
    empty: { firstName: '', lastName: '', username: '', password: '', role: 'user' },
    load: userApi.one,
    toValues,
    save: (body, id) => (id === undefined ? userApi.create(body) : userApi.update(id, body)),
    listPath: paths.userList,
  });
  const { control } = form;
  const roles = [
    { value: 'user', label: t('admin.fields.roleUser') },
    { value: 'admin', label: t('admin.fields.roleAdmin') },
  ];
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
    <FormPage
      mode={mode}
      onSubmit={submit}
      submitting={form.formState.isSubmitting}
      loading={loading}
      loadError={loadError}
      saveError={saveError}
      cancelTo={returnTo}
    >
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
          inputDir="ltr"
        />
        {mode === 'create' && password(t('admin.fields.password'))}
        <FormSelectField
          control={control}
          name="role"
          label={t('admin.fields.role')}
          options={roles}
          required
        />
      </FormSection>
      {mode === 'edit' && (
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
