import type { TotpEnrolment } from '@fieldforce/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { EnrolmentQr } from './enrolment-qr';
import { Dialog } from '../../../components/dialog';
import { CodeField, FormField, FormMessage } from '../../../components/form-field';
import { isApiError } from '../../../lib/api-client';
import { useT, type Translate } from '../../../lib/i18n';
import { errorMessage } from '../../../lib/server-messages';
import { confirmAuthenticator, startAuthenticatorChange, useTotpStatus } from '../api/authenticator';
import { codeError } from '../validation';

/**
 * The profile's authenticator app line: on or off, and the button that sets one up or replaces it
 * (issue 9: that takes the password, plus a current code when one is set up).
 */
export function AuthenticatorSection() {
  const t = useT();
  const status = useTotpStatus(true);
  // What the dialog was opened for stays put while the status refreshes behind it.
  const [opened, setOpened] = useState<{ replacing: boolean } | null>(null);
  const enrolled = status.data?.enrolled ?? false;
  return (
    <div className="profile__section">
      <p className="field__label">{t('mfa.title')}</p>
      {status.isError ? <p className="profile__value">{t('mfa.statusError')}</p> : null}
      {status.data ? (
        <>
          <p className="auth-note">{enrolled ? t('mfa.on') : t('mfa.off')}</p>
          <button type="button" className="link-button" onClick={() => setOpened({ replacing: enrolled })}>
            {enrolled ? t('mfa.replace') : t('mfa.setUp')}
          </button>
        </>
      ) : null}
      {opened ? <AuthenticatorDialog replacing={opened.replacing} onClose={() => setOpened(null)} /> : null}
    </div>
  );
}

/** The server names the field a proof failed on; say it in the user's language. */
function proofError(error: unknown, t: Translate): string {
  if (isApiError(error) && error.status === 400) {
    const field = error.fields[0]?.field;
    if (field === 'body.currentPassword') return t('mfa.wrongPassword');
    if (field === 'body.currentCode' || field === 'body.code') return t('msg.invalidCode');
  }
  return errorMessage(error, t);
}

/** Proof first (password, and a current code when replacing), then the new app's QR code and first code. */
export function AuthenticatorDialog({ replacing, onClose }: { replacing: boolean; onClose(): void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [currentCode, setCurrentCode] = useState('');
  const [newCode, setNewCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const start = useMutation({ mutationFn: startAuthenticatorChange, onSuccess: setEnrolment });
  const confirm = useMutation({
    mutationFn: confirmAuthenticator,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['auth'] }),
  });

  function submitProof(event: FormEvent) {
    event.preventDefault();
    const next = {
      password: password ? null : t('form.passwordRequired'),
      currentCode: replacing ? codeError(currentCode, t) : null,
    };
    setErrors(next);
    if (next.password || next.currentCode) return;
    start.mutate({ currentPassword: password, ...(replacing ? { currentCode: currentCode.trim() } : {}) });
  }

  function submitCode(event: FormEvent) {
    event.preventDefault();
    const next = { newCode: codeError(newCode, t) };
    setErrors(next);
    if (next.newCode || !enrolment) return;
    confirm.mutate({ enrolmentId: enrolment.enrolmentId, code: newCode.trim() });
  }

  const title = replacing ? t('mfa.replace') : t('mfa.setUp');
  if (confirm.isSuccess) {
    return (
      <Dialog title={title} onClose={onClose}>
        <FormMessage kind="info">{t('mfa.done')}</FormMessage>
        <button type="button" className="button button--primary" onClick={onClose}>
          {t('common.close')}
        </button>
      </Dialog>
    );
  }
  if (enrolment) {
    return (
      <Dialog title={title} onClose={onClose}>
        <form className="auth-form" onSubmit={submitCode} noValidate>
          <p className="auth__lead">{t('mfa.scanLead')}</p>
          <EnrolmentQr enrolment={enrolment} />
          <CodeField label={t('mfa.newCode')} value={newCode} onChange={setNewCode} error={errors.newCode} />
          <p className="auth-note">{t('mfa.afterNote')}</p>
          <FormMessage kind="error">{confirm.isError ? proofError(confirm.error, t) : null}</FormMessage>
          <button type="submit" className="button button--primary" disabled={confirm.isPending}>
            {t('mfa.confirm')}
          </button>
        </form>
      </Dialog>
    );
  }
  return (
    <Dialog title={title} onClose={onClose}>
      <form className="auth-form" onSubmit={submitProof} noValidate>
        <p className="auth__lead">{replacing ? t('mfa.proofLeadReplace') : t('mfa.proofLead')}</p>
        <FormField
          label={t('mfa.currentPassword')}
          password
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
        />
        {replacing ? (
          <CodeField
            label={t('mfa.currentCode')}
            value={currentCode}
            onChange={setCurrentCode}
            error={errors.currentCode}
          />
        ) : null}
        <FormMessage kind="error">{start.isError ? proofError(start.error, t) : null}</FormMessage>
        <button type="submit" className="button button--primary" disabled={start.isPending}>
          {t('mfa.continue')}
        </button>
      </form>
    </Dialog>
  );
}
