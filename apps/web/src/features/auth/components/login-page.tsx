import type { LoginResponse, SignedIn } from '@fieldforce/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ROUTES } from '../../../lib/routes';
import { CodeField, FormField, FormMessage } from '../../../components/form-field';
import { useT } from '../../../lib/i18n';
import { errorMessage, translateServerMessage } from '../../../lib/server-messages';
import { storage } from '../../../lib/storage';
import { login } from '../api/login';
import { loginMfa } from '../api/login-mfa';
import { requestOtp } from '../api/otp-request';
import { verifyOtp } from '../api/otp-verify';
import { ssoAvailable, ssoStartUrl } from '../sso';
import { currentDeviceId } from '../../../lib/api-client';
import { useClientStore } from '../../../lib/store';
import { completeSignIn } from '../sign-in';
import { codeError, emailError } from '../validation';
import { AuthCard } from './auth-card';
import { track } from '../../../lib/usage';

type Step =
  | { kind: 'password' }
  | { kind: 'otp-email' }
  | { kind: 'otp-code' }
  | { kind: 'mfa'; challengeId: string; via: 'password' | 'otp' };

/** /login: password, 'Continue with SSO', 'OTP request' and the MFA step (spec sections 1, 4 and 8). */
export function LoginPage() {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{
    email?: string | null;
    password?: string | null;
    code?: string | null;
  }>({});
  const [params] = useSearchParams();
  const [notice] = useState(() => storage.getLoginNotice() ?? params.get('ssoError'));
  const [info, setInfo] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => storage.clearLoginNotice(), []);

  async function finish(answer: SignedIn, mfa: boolean) {
    queryClient.clear();
    await completeSignIn(answer, email, { mfa });
    track('login', { mfa });
    await navigate(ROUTES.landing, { replace: true });
  }

  async function handleAnswer(answer: LoginResponse, via: 'password' | 'otp') {
    if (answer.mfaRequired) {
      setCode('');
      setStep({ kind: 'mfa', challengeId: answer.challengeId, via });
      return;
    }
    await finish(answer, false);
  }

  const passwordLogin = useMutation({
    mutationFn: login,
    onSuccess: (answer) => handleAnswer(answer, 'password'),
  });
  const mfaLogin = useMutation({ mutationFn: loginMfa, onSuccess: (answer) => finish(answer, true) });
  const otpRequest = useMutation({
    mutationFn: requestOtp,
    onSuccess: (answer) => {
      setInfo(translateServerMessage(answer.message, t));
      setCode('');
      setStep({ kind: 'otp-code' });
    },
  });
  const otpVerify = useMutation({
    mutationFn: verifyOtp,
    onSuccess: (answer) => handleAnswer(answer, 'otp'),
  });
  const active = { password: passwordLogin, mfa: mfaLogin, 'otp-email': otpRequest, 'otp-code': otpVerify }[
    step.kind
  ];
  const failure = active.isError ? errorMessage(active.error, t) : null;
  const busy = active.isPending || active.isSuccess;

  useEffect(() => {
    if (step.kind !== 'password') heading.current?.focus();
  }, [step.kind]);

  function switchTo(next: Step) {
    for (const m of [passwordLogin, mfaLogin, otpRequest, otpVerify]) m.reset();
    setFieldErrors({});
    setInfo(null);
    setStep(next);
  }

  function submitPassword(event: FormEvent) {
    event.preventDefault();
    const errors = { email: emailError(email, t), password: password ? null : t('form.passwordRequired') };
    setFieldErrors(errors);
    if (errors.email || errors.password) return;
    passwordLogin.mutate({ email: email.trim(), password });
  }

  function submitOtpEmail(event: FormEvent) {
    event.preventDefault();
    const errors = { email: emailError(email, t) };
    setFieldErrors(errors);
    if (errors.email) return;
    otpRequest.mutate(email.trim());
  }

  function submitCode(event: FormEvent) {
    event.preventDefault();
    const errors = { code: codeError(code, t) };
    setFieldErrors(errors);
    if (errors.code) return;
    if (step.kind === 'mfa') mfaLogin.mutate({ challengeId: step.challengeId, code: code.trim() });
    else otpVerify.mutate({ email: email.trim(), code: code.trim() });
  }

  const codeField = (label: string) => (
    <CodeField label={label} value={code} onChange={setCode} error={fieldErrors.code} />
  );

  const emailField = (
    <FormField
      label={t('form.email')}
      name="email"
      type="email"
      autoComplete="username"
      value={email}
      onChange={(e) => setEmail(e.target.value)}
      error={fieldErrors.email}
    />
  );

  return (
    <AuthCard title={t('page.login.title')}>
      {notice ? <FormMessage kind="error">{translateServerMessage(notice, t)}</FormMessage> : null}

      {step.kind === 'password' ? (
        <>
          <p className="auth__lead">{t('page.login.lead')}</p>
          <form className="auth-form" onSubmit={submitPassword} noValidate>
            {emailField}
            <FormField
              label={t('form.password')}
              name="password"
              password
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={fieldErrors.password}
            />
            <FormMessage kind="error">{failure}</FormMessage>
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? t('page.login.submitting') : t('page.login.submit')}
            </button>
          </form>
          <div className="auth-divider">{t('page.login.or')}</div>
          <div className="auth-alt">
            <SsoButton />
            <button
              type="button"
              className="button button--ghost"
              onClick={() => switchTo({ kind: 'otp-email' })}
            >
              {t('page.login.otpLink')}
            </button>
          </div>
          <p className="auth-note">{t('page.login.deviceCap')}</p>
        </>
      ) : null}

      {step.kind === 'otp-email' || step.kind === 'otp-code' ? (
        <>
          <h2 className="auth__subtitle" tabIndex={-1} ref={heading}>
            {t('page.login.otpTitle')}
          </h2>
          <p className="auth__lead">{t('page.login.otpLead')}</p>
          {step.kind === 'otp-email' ? (
            <form className="auth-form" onSubmit={submitOtpEmail} noValidate>
              {emailField}
              <FormMessage kind="error">{failure}</FormMessage>
              <button type="submit" className="button button--primary" disabled={busy}>
                {t('page.login.otpSend')}
              </button>
            </form>
          ) : (
            <form className="auth-form" onSubmit={submitCode} noValidate>
              <FormMessage kind="info">{info}</FormMessage>
              {codeField(t('page.login.otpCode'))}
              <FormMessage kind="error">{failure}</FormMessage>
              <button type="submit" className="button button--primary" disabled={busy}>
                {t('page.login.otpVerify')}
              </button>
            </form>
          )}
          <button type="button" className="link-button" onClick={() => switchTo({ kind: 'password' })}>
            {t('page.login.usePassword')}
          </button>
        </>
      ) : null}

      {step.kind === 'mfa' ? (
        <>
          <h2 className="auth__subtitle" tabIndex={-1} ref={heading}>
            {t('page.login.mfaTitle')}
          </h2>
          <p className="auth__lead">{t('page.login.mfaLead')}</p>
          <form className="auth-form" onSubmit={submitCode} noValidate>
            {codeField(t('page.login.mfaCode'))}
            <FormMessage kind="error">{failure}</FormMessage>
            <button type="submit" className="button button--primary" disabled={busy}>
              {t('page.login.mfaVerify')}
            </button>
          </form>
          <button type="button" className="link-button" onClick={() => switchTo({ kind: 'password' })}>
            {t('page.login.usePassword')}
          </button>
        </>
      ) : null}

      <div className="auth__links">
        <Link to={ROUTES.forgotPassword}>{t('page.login.forgotLink')}</Link>
        <span>
          {t('page.login.noAccount')} <Link to={ROUTES.signup}>{t('page.login.signupLink')}</Link>
        </span>
      </div>
    </AuthCard>
  );
}

/**
 * 'Continue with SSO': the server's SSO start (a redirect to the identity provider). Whether the server
 * has SSO is asked when the button is pressed; without it the button turns disabled, saying why.
 */
function SsoButton() {
  const t = useT();
  const country = useClientStore((s) => s.selectedCountryCode);
  const [state, setState] = useState<'idle' | 'checking' | 'unavailable'>('idle');

  async function start() {
    if (state !== 'idle') return;
    setState('checking');
    const url = ssoStartUrl(await currentDeviceId(), country);
    if (await ssoAvailable(url)) window.location.assign(url);
    else setState('unavailable');
  }

  const unavailable = state === 'unavailable';
  return (
    <span title={unavailable ? t('page.login.ssoNotConfigured') : undefined} className="auth-alt__sso">
      <button
        type="button"
        className="button button--ghost button--block"
        aria-disabled={state !== 'idle'}
        aria-describedby={unavailable ? 'sso-not-configured' : undefined}
        onClick={() => void start()}
      >
        {t('page.login.sso')}
      </button>
      {unavailable ? (
        <span id="sso-not-configured" role="alert" className="auth-note">
          {t('page.login.ssoNotConfigured')}
        </span>
      ) : null}
    </span>
  );
}
