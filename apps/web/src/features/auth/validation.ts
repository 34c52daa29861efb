import { AUTH_LIMITS } from '@fieldforce/contracts';
import type { Translate } from '../../lib/i18n';

/** The email pattern of spec section 5: a 2 to 4 letter ending. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,4}$/;

export function emailError(value: string, t: Translate): string | null {
  const trimmed = value.trim();
  if (!trimmed) return t('form.emailRequired');
  return EMAIL.test(trimmed) ? null : t('form.emailInvalid');
}

/** Length only (the server also refuses common passwords). */
export function newPasswordError(value: string, t: Translate): string | null {
  if (value.length < AUTH_LIMITS.passwordMinLength) {
    return t('form.passwordTooShort', { min: AUTH_LIMITS.passwordMinLength });
  }
  if (value.length > AUTH_LIMITS.passwordMaxLength) {
    return t('form.passwordTooLong', { max: AUTH_LIMITS.passwordMaxLength });
  }
  return null;
}

export function codeError(value: string, t: Translate): string | null {
  return /^\d{6}$/.test(value.trim()) ? null : t('form.codeInvalid');
}
