import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSignOut } from '../use-sign-out';
import { Dialog } from '../../../components/dialog';
import { FormField, FormMessage } from '../../../components/form-field';
import { NewPasswordFields } from './new-password-fields';
import { useT } from '../../../lib/i18n';
import { errorMessage } from '../../../lib/server-messages';
import { changePassword } from '../api/change-password';
import { newPasswordError } from '../validation';

/**
 * The forced password change (spec section 4: passwordExpired first, before anything else). A blocking
 * dialog rather than a route, so the route table stays exactly the spec's; logging out is the only other way.
 */
export function ChangePasswordDialog() {
  const t = useT();
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [signOutOthers, setSignOutOthers] = useState(true);
  const [touched, setTouched] = useState(false);
  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['auth'] }),
  });

  const nextError = touched ? newPasswordError(next, t) : null;
  const confirmError = touched && confirm !== next ? t('form.passwordMismatch') : null;
  const currentError = touched && !current ? t('form.passwordRequired') : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!current || newPasswordError(next, t) || confirm !== next) return;
    mutation.mutate({ currentPassword: current, newPassword: next, signOutOtherSessions: signOutOthers });
  }

  return (
    <Dialog title={t('changePassword.title')} description={t('msg.passwordExpired')}>
      <form className="auth-form" onSubmit={submit} noValidate>
        <FormField
          label={t('changePassword.current')}
          password
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          error={currentError}
        />
        <NewPasswordFields
          password={next}
          confirm={confirm}
          onPasswordChange={setNext}
          onConfirmChange={setConfirm}
          passwordError={nextError}
          confirmError={confirmError}
        />
        <label className="field--checkbox">
          <input
            type="checkbox"
            checked={signOutOthers}
            onChange={(e) => setSignOutOthers(e.target.checked)}
          />
          {t('changePassword.signOutOthers')}
        </label>
        <FormMessage kind="error">{mutation.isError ? errorMessage(mutation.error, t) : null}</FormMessage>
        <button type="submit" className="button button--primary" disabled={mutation.isPending}>
          {t('changePassword.submit')}
        </button>
        <button type="button" className="button button--ghost" onClick={() => void signOut()}>
          {t('header.logout')}
        </button>
      </form>
    </Dialog>
  );
}
