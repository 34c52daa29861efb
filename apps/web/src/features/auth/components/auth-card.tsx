import type { ReactNode } from 'react';
import { Brand } from '../../../components/brand';
import { LanguageSwitch } from '../../../components/language-switch';
import { useT } from '../../../lib/i18n';

/** The sign-in, sign-up and forgot-password frame: a product panel and a card (no header). */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const t = useT();
  return (
    <div className="auth">
      <div className="auth__intro">
        <Brand />
        <p className="auth__headline">{t('auth.headline')}</p>
        <p className="auth__tagline">{t('auth.tagline')}</p>
      </div>
      <section className="auth__card card" aria-labelledby="auth-title">
        <div className="auth__card-top">
          <span className="auth__card-brand">
            <Brand />
          </span>
          <LanguageSwitch />
        </div>
        <h1 id="auth-title" className="auth__title">
          {title}
        </h1>
        {children}
      </section>
    </div>
  );
}
