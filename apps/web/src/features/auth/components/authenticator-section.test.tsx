import { ok, type TotpEnrolment } from '@fieldforce/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '../../../lib/i18n';
import { initialClientState, useClientStore } from '../../../lib/store';
import { buildUser } from '../../../test/factories';
import { renderRoutes } from '../../../test/render';
import { fakeSession } from '../../../test/session';
import { AuthenticatorSection } from './authenticator-section';

const enrolment: TotpEnrolment = {
  enrolmentId: 'e'.repeat(43),
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUri:
    'otpauth://totp/Fieldforce:me%40demo.test?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Fieldforce',
  qrDataUrl: 'data:image/png;base64,AAAA',
  expiresAt: '2026-11-20T08:05:00Z',
  expiresIn: 300,
  message: 'The mobile enrollment session expires in 5 minutes.',
};

const fieldError = (field: string, message: string) => ({
  status: 400,
  body: {
    statusCode: 400,
    'response-data': null,
    statusMessage: 'VALIDATION_FAILED',
    errors: {
      code: 'VALIDATION_FAILED',
      shortDescription: `${field}: ${message}`,
      fields: [{ field, message }],
    },
  },
});

/** A signed-in user whose server says `enrolled`, answers the enrolment calls and records their bodies. */
function setUp(enrolled: boolean, language: Language = 'en', wrongPassword = false) {
  const sent: { url: string; body: unknown }[] = [];
  const fetchMock = fakeSession(buildUser(), {
    extra: (url, init) => {
      const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      if (url.includes('fb/accounts/mfa/totp/enrol')) {
        sent.push({ url, body });
        if (wrongPassword) return fieldError('body.currentPassword', 'is not your current password');
        return { body: ok(enrolment) };
      }
      if (url.includes('fb/accounts/mfa/totp/verify')) {
        sent.push({ url, body });
        return { body: ok({ message: 'The authenticator app is enrolled.' }) };
      }
      if (/fb\/accounts\/mfa\/totp(\?|$)/.test(url))
        return { body: ok({ enrolled, enrolledAt: enrolled ? '2026-11-01T00:00:00Z' : null }) };
      return undefined;
    },
  });
  renderRoutes([{ path: '*', element: <AuthenticatorSection /> }], '/', { language });
  return { sent, fetchMock };
}

beforeEach(() => {
  useClientStore.setState(initialClientState());
});

describe('the profile’s authenticator app', () => {
  it('replacing it asks for the password and a current code, then the new app’s first code', async () => {
    const { sent } = setUp(true);
    expect(
      await screen.findByText('On: signing in asks for a code from your authenticator app.'),
    ).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Replace authenticator app' }).click());
    const dialog = screen.getByRole('dialog', { name: 'Replace authenticator app' });
    // Nothing goes to the server without the proof.
    act(() => within(dialog).getByRole('button', { name: 'Continue' }).click());
    expect(within(dialog).getByText('Enter your password.')).toBeTruthy();
    expect(within(dialog).getByText('Enter the 6-digit code.')).toBeTruthy();
    expect(sent).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Current password'), { target: { value: 'my password' } });
    fireEvent.change(within(dialog).getByLabelText('Code from your current authenticator app'), {
      target: { value: '123456' },
    });
    act(() => within(dialog).getByRole('button', { name: 'Continue' }).click());
    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr).toBeTruthy();
    expect(sent[0]?.body).toEqual({ currentPassword: 'my password', currentCode: '123456' });
    expect(screen.getByText(`Cannot scan? Enter this key instead: ${enrolment.secret}`)).toBeTruthy();
    expect(
      screen.getByText('When you confirm, your other devices are signed out and we email you a notice.'),
    ).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Code from the new authenticator app'), {
      target: { value: '654321' },
    });
    act(() => screen.getByRole('button', { name: 'Confirm and turn on' }).click());
    expect(
      await screen.findByText(/Your authenticator app is set up\. Your other devices were signed out/),
    ).toBeTruthy();
    expect(sent[1]?.body).toEqual({ enrolmentId: enrolment.enrolmentId, code: '654321' });
  });

  it('setting one up where there is none asks for the password only', async () => {
    const { sent } = setUp(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up authenticator app' });
    expect(within(dialog).queryByLabelText('Code from your current authenticator app')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Current password'), { target: { value: 'my password' } });
    act(() => within(dialog).getByRole('button', { name: 'Continue' }).click());
    await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(sent[0]?.body).toEqual({ currentPassword: 'my password' });
  });

  it('says so in Vietnamese when the password is wrong', async () => {
    setUp(true, 'vi', true);
    fireEvent.click(await screen.findByRole('button', { name: 'Thay ứng dụng xác thực' }));
    const dialog = await screen.findByRole('dialog', { name: 'Thay ứng dụng xác thực' });
    fireEvent.change(within(dialog).getByLabelText('Mật khẩu hiện tại'), { target: { value: 'wrong' } });
    fireEvent.change(within(dialog).getByLabelText('Mã từ ứng dụng xác thực hiện tại'), {
      target: { value: '123456' },
    });
    act(() => within(dialog).getByRole('button', { name: 'Tiếp tục' }).click());
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    await vi.waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('Đó không phải mật khẩu hiện tại của bạn.'),
    );
  });
});
