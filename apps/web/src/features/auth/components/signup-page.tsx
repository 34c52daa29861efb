import { type TotpEnrolment } from '@fieldforce/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { EnrolmentQr } from './enrolment-qr';
import { Link } from 'react-router';
import { ROUTES } from '../../../lib/routes';
import { CodeField, FormField, FormMessage } from '../../../components/form-field';
import { NewPasswordFields } from './new-password-fields';
import { useT } from '../../../lib/i18n';
import { errorMessage } from '../../../lib/server-messages';
import { signup } from '../api/signup';
import { verifySignup } from '../api/signup-verify';
import { codeError, emailError, newPasswordError } from '../validation';
import { AuthCard } from './auth-card';

/** /signup: activation of an invited account, with authenticator enrolment when the market asks for it. */
export function SignupPage() {
  const t = useT();
  const [email, setEmail] = useState('');
  const [invitationCode, setInvitationCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [done, setDone] = useState(false);

  const activate = useMutation({
    mutationFn: signup,
    onSuccess: (answer) => {
      if (answer.enrolment) setEnrolment(answer.enrolment);
      else setDone(true);
    },
  });
  const verify = useMutation({ mutationFn: verifySignup, onSuccess: () => setDone(true) });

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = {
      email: emailError(email, t),
      invitationCode: invitationCode.trim() ? null : t('form.required'),
      password: newPasswordError(password, t),
      confirm: confirm === password ? null : t('form.passwordMismatch'),
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    activate.mutate({ email: email.trim(), invitationCode: invitationCode.trim(), password });
  }

  function submitCode(event: FormEvent) {
    event.preventDefault();
    const next = { code: codeError(code, t) };
    setErrors(next);
    if (next.code || !enrolment) return;
    verify.mutate({ enrolmentId: enrolment.enrolmentId, code: code.trim() });
  }

  return (
    <AuthCard title={t('page.signup.title')}>
      {done ? (
        <FormMessage kind="info">{t('page.signup.done')}</FormMessage>
      ) : enrolment ? (
        <form className="auth-form" onSubmit={submitCode} noValidate>
          <h2 className="auth__subtitle">{t('page.signup.enrolTitle')}</h2>
          <p className="auth__lead">{t('page.signup.enrolLead')}</p>
          <EnrolmentQr enrolment={enrolment} />
          <CodeField label={t('page.login.mfaCode')} value={code} onChange={setCode} error={errors.code} />
          <FormMessage kind="error">{verify.isError ? errorMessage(verify.error, t) : null}</FormMessage>
          <button type="submit" className="button button--primary" disabled={verify.isPending}>
            {t('page.signup.verify')}
          </button>
        </form>
      ) : (
        <>
          <p className="auth__lead">{t('page.signup.lead')}</p>
          <form className="auth-form" onSubmit={submit} noValidate>
            <FormField
              label={t('page.signup.email')}
              type="email"
              autoComplete="username"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={errors.email}
            />
            <FormField
              label={t('page.signup.invitationCode')}
              autoComplete="off"
              hint={t('page.signup.invitationHint')}
              value={invitationCode}
              onChange={(e) => setInvitationCode(e.target.value)}
              error={errors.invitationCode}
            />
            <NewPasswordFields
              password={password}
              confirm={confirm}
              onPasswordChange={setPassword}
              onConfirmChange={setConfirm}
              passwordError={errors.password}
              confirmError={errors.confirm}
            />
            <FormMessage kind="error">
              {activate.isError ? errorMessage(activate.error, t) : null}
            </FormMessage>
            <button type="submit" className="button button--primary" disabled={activate.isPending}>
              {t('page.signup.submit')}
            </button>
          </form>
        </>
      )}
      <div className="auth__links">
        <Link to={ROUTES.login}>{t('auth.backToSignIn')}</Link>
      </div>
    </AuthCard>
  );
}
