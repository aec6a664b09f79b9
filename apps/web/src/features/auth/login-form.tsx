import { zodResolver } from '@hookform/resolvers/zod';
import { LoginBodySchema, type LoginBody } from '@dalil/contracts/auth';
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { useTranslation, type TFunction } from '../../lib/i18n';
import { isApiError } from '../../lib/api-error';
import { reportError } from '../../lib/notifications-store';

/**
 * A sign-in field's problem in the UI's language, by the kind of check that failed (never by its
 * English words): empty is `field.required`; longer than any account's name or password can be,
 * the pair cannot be right.
 */
function loginFieldText(error: FieldError | undefined, t: TFunction): string | undefined {
  if (!error) return undefined;
  return error.type === 'too_big' ? t('errors.badCredentials') : t('validation.required');
}

interface LoginFormProps {
  onSubmit: (body: LoginBody) => Promise<void>;
}

/** Username, password and Login; wrong credentials show a message under the form. */
export function LoginForm({ onSubmit }: LoginFormProps) {
  const { t } = useTranslation();
  const [badCredentials, setBadCredentials] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const { register, handleSubmit, subscribe, formState } = useForm<LoginBody>({
    resolver: zodResolver(LoginBodySchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors, isSubmitting } = formState;

  // The login failure message is cleared when the form changes.
  useEffect(
    () => subscribe({ formState: { values: true }, callback: () => setBadCredentials(false) }),
    [subscribe],
  );

  const submit = handleSubmit(async (body) => {
    setBadCredentials(false);
    try {
      await onSubmit(body);
    } catch (error) {
      if (isApiError(error) && error.status === 401) setBadCredentials(true);
      else reportError(error);
    }
  });

  const passwordToggleLabel = showPassword ? t('auth.hidePassword') : t('auth.showPassword');
  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void submit(event)}>
      <TextField
        {...register('username')}
        label={t('auth.username')}
        autoComplete="username"
        required
        fullWidth
        error={Boolean(errors.username)}
        helperText={loginFieldText(errors.username, t)}
      />
      <TextField
        {...register('password')}
        label={t('auth.password')}
        type={showPassword ? 'text' : 'password'}
        autoComplete="current-password"
        required
        fullWidth
        error={Boolean(errors.password)}
        helperText={loginFieldText(errors.password, t)}
        slotProps={{
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  onClick={() => setShowPassword((shown) => !shown)}
                  aria-label={passwordToggleLabel}
                  title={passwordToggleLabel}
                  edge="end"
                >
                  {showPassword ? <VisibilityOffOutlined /> : <VisibilityOutlined />}
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        loading={isSubmitting}
        sx={{ py: 1.25 }}
      >
        {t('auth.login')}
      </Button>
      {badCredentials && (
        <Alert severity="error" role="alert">
          {t('errors.badCredentials')}
        </Alert>
      )}
    </Stack>
  );
}
