import type { TotpEnrolment } from '@fieldforce/contracts';
import { lazy, Suspense } from 'react';
import { useT } from '../../../lib/i18n';

/**
 * The QR code's drawing code (about 10 kB compressed) loads when an enrolment shows one, not with every
 * screen: the profile popup that holds the authenticator dialog is part of the shell, and the login
 * route's JavaScript must stay within its 150 kB (issue 10).
 */
const QRCodeSVG = lazy(() => import('qrcode.react').then((m) => ({ default: m.QRCodeSVG })));
const QR_SIZE = 180;

/** The enrolment's expiry notice, its QR code and the secret to type by hand: signup and the profile. */
export function EnrolmentQr({ enrolment }: { enrolment: Pick<TotpEnrolment, 'otpauthUri' | 'secret'> }) {
  const t = useT();
  return (
    <>
      <p className="auth-note">{t('msg.enrolmentExpiry')}</p>
      <figure className="qr">
        {/* The same box while the code loads, so nothing moves when it comes. */}
        <Suspense fallback={<svg width={QR_SIZE} height={QR_SIZE} aria-hidden="true" />}>
          <QRCodeSVG
            value={enrolment.otpauthUri}
            size={QR_SIZE}
            role="img"
            aria-label={t('page.signup.qrLabel')}
          />
        </Suspense>
        <figcaption className="qr__secret">
          {t('page.signup.secret', { secret: enrolment.secret })}
        </figcaption>
      </figure>
    </>
  );
}
