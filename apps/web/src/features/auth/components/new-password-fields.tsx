import { AUTH_LIMITS } from '@fieldforce/contracts';
import { FormField } from '../../../components/form-field';
import { useT } from '../../../lib/i18n';

/** The new password and its confirmation, as every screen that sets a password shows them. */
export function NewPasswordFields({
  password,
  confirm,
  onPasswordChange,
  onConfirmChange,
  passwordError,
  confirmError,
}: {
  password: string;
  confirm: string;
  onPasswordChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
  passwordError?: string | null;
  confirmError?: string | null;
}) {
  const t = useT();
  return (
    <>
      <FormField
        label={t('form.newPassword')}
        password
        autoComplete="new-password"
        hint={t('form.passwordHint', { min: AUTH_LIMITS.passwordMinLength })}
        value={password}
        onChange={(e) => onPasswordChange(e.target.value)}
        error={passwordError}
      />
      <FormField
        label={t('form.confirmPassword')}
        password
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => onConfirmChange(e.target.value)}
        error={confirmError}
      />
    </>
  );
}
