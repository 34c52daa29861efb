/**
 * TOTP (RFC 6238): 6 digits, 30-second steps, SHA-1 (what authenticator apps expect), one step of
 * drift either way. The step a code matched is returned so the caller can refuse it a second time.
 */
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

const PERIOD = 30;
const DIGITS = 6;
const ISSUER = 'Fieldforce';

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpFor(secret: string, label = 'user'): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    secret: Secret.fromBase32(secret),
    digits: DIGITS,
    period: PERIOD,
    algorithm: 'SHA1',
  });
}

export function otpauthUri(secret: string, email: string): string {
  return totpFor(secret, email).toString();
}

export function qrDataUrl(text: string): Promise<string> {
  return QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
}

/** The time step a code is valid for (±1 step), or null. */
export function matchTotp(secret: string, code: string, at: Date): number | null {
  const delta = totpFor(secret).validate({ token: code, timestamp: at.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(at.getTime() / 1000 / PERIOD) + delta;
}

/** A code for a moment (tests and the demo). */
export function totpCode(secret: string, at: Date): string {
  return totpFor(secret).generate({ timestamp: at.getTime() });
}
