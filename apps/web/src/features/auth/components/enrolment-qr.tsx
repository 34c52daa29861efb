import type { TotpEnrolment } from '@fieldforce/contracts';
import { QRCodeSVG } from 'qrcode.react';
import { useT } from '../../../lib/i18n';

/** The enrolment's expiry notice, its QR code and the secret to type by hand: signup and the profile. */
export function EnrolmentQr({ enrolment }: { enrolment: Pick<TotpEnrolment, 'otpauthUri' | 'secret'> }) {
  const t = useT();
  return (
    <>
      <p className="auth-note">{t('msg.enrolmentExpiry')}</p>
      <figure className="qr">
        <QRCodeSVG value={enrolment.otpauthUri} size={180} role="img" aria-label={t('page.signup.qrLabel')} />
        <figcaption className="qr__secret">
          {t('page.signup.secret', { secret: enrolment.secret })}
        </figcaption>
      </figure>
    </>
  );
}
