import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ROUTES } from '../../../lib/routes';
import { CodeField, FormField, FormMessage } from '../../../components/form-field';
import { NewPasswordFields } from './new-password-fields';
import { useT } from '../../../lib/i18n';
import { errorMessage, translateServerMessage } from '../../../lib/server-messages';
import { requestPasswordResetCode } from '../api/forgot-password-code';
import { resetPassword } from '../api/forgot-password';
import { codeError, emailError, newPasswordError } from '../validation';
import { AuthCard } from './auth-card';
import { track } from '../../../lib/usage';

/** /forgotpassword: a code by email, then the code and the new password (sent RSA-OAEP encrypted). */
export function ForgotPasswordPage() {
  const t = useT();
  const [step, setStep] = useState<'email' | 'reset' | 'done'>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [signOutEverywhere, setSignOutEverywhere] = useState(true);
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [info, setInfo] = useState<string | null>(null);

  const requestCode = useMutation({
    mutationFn: requestPasswordResetCode,
    onSuccess: (answer) => {
      setInfo(translateServerMessage(answer.message, t));
      setStep('reset');
    },
  });
  const reset = useMutation({ mutationFn: resetPassword, onSuccess: () => setStep('done') });

  function submitEmail(event: FormEvent) {
    event.preventDefault();
    const next = { email: emailError(email, t) };
    setErrors(next);
    if (next.email) return;
    track('forgotPassword', { step: 'code' });
    requestCode.mutate(email.trim());
  }

  function submitReset(event: FormEvent) {
    event.preventDefault();
    const next = {
      code: codeError(code, t),
      password: newPasswordError(password, t),
      confirm: confirm === password ? null : t('form.passwordMismatch'),
    };
    setErrors(next);
    if (next.code || next.password || next.confirm) return;
    reset.mutate({ username: email.trim(), code: code.trim(), newPassword: password, signOutEverywhere });
  }

  return (
    <AuthCard title={t('page.forgotPassword.title')}>
      {step === 'email' ? (
        <>
          <p className="auth__lead">{t('page.forgotPassword.lead')}</p>
          <form className="auth-form" onSubmit={submitEmail} noValidate>
            <FormField
              label={t('form.email')}
              type="email"
              autoComplete="username"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={errors.email}
            />
            <FormMessage kind="error">
              {requestCode.isError ? errorMessage(requestCode.error, t) : null}
            </FormMessage>
            <button type="submit" className="button button--primary" disabled={requestCode.isPending}>
              {t('page.forgotPassword.sendCode')}
            </button>
          </form>
        </>
      ) : null}

      {step === 'reset' ? (
        <form className="auth-form" onSubmit={submitReset} noValidate>
          <FormMessage kind="info">{info}</FormMessage>
          <CodeField
            label={t('page.forgotPassword.code')}
            value={code}
            onChange={setCode}
            error={errors.code}
          />
          <NewPasswordFields
            password={password}
            confirm={confirm}
            onPasswordChange={setPassword}
            onConfirmChange={setConfirm}
            passwordError={errors.password}
            confirmError={errors.confirm}
          />
          <label className="field--checkbox">
            <input
              type="checkbox"
              checked={signOutEverywhere}
              onChange={(e) => setSignOutEverywhere(e.target.checked)}
            />
            {t('page.forgotPassword.signOutOthers')}
          </label>
          <FormMessage kind="error">{reset.isError ? errorMessage(reset.error, t) : null}</FormMessage>
          <button type="submit" className="button button--primary" disabled={reset.isPending}>
            {t('page.forgotPassword.submit')}
          </button>
          <button
            type="button"
            className="link-button"
            onClick={() => {
              reset.reset();
              setStep('email');
            }}
          >
            {t('page.forgotPassword.otherEmail')}
          </button>
        </form>
      ) : null}

      {step === 'done' ? <FormMessage kind="info">{t('page.forgotPassword.done')}</FormMessage> : null}

      <div className="auth__links">
        <Link to={ROUTES.login} onClick={() => track('backToLogin')}>
          {t('auth.backToSignIn')}
        </Link>
      </div>
    </AuthCard>
  );
}
