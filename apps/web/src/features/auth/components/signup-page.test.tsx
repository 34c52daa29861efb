import { LOGIN_MESSAGES, ok } from '@fieldforce/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { configureApiClient } from '../../../lib/api-client';
import { envelopeResponse } from '../../../test/session';
import { SignupPage } from './signup-page';

describe('signup page', () => {
  it('activates with the invitation code and enrols an authenticator when the server asks', async () => {
    const enrolment = {
      enrolmentId: 'e'.repeat(20),
      secret: 'JBSWY3DPEHPK3PXP',
      otpauthUri: 'otpauth://totp/Fieldforce:an@example.com?secret=JBSWY3DPEHPK3PXP',
      qrDataUrl: 'data:image/png;base64,',
      expiresAt: '2026-11-21T07:05:00Z',
      expiresIn: 300,
      message: LOGIN_MESSAGES.enrolmentExpiry,
    };
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('signup/verify'))
        return envelopeResponse(200, ok({ activated: true, enrolment: null, message: 'ok' }));
      return envelopeResponse(200, ok({ activated: false, enrolment, message: 'scan' }));
    });
    configureApiClient({ fetch: fetchMock as unknown as typeof fetch, sleep: async () => {} });
    const router = createMemoryRouter([{ path: '/signup', element: <SignupPage /> }], {
      initialEntries: ['/signup'],
    });
    render(
      <AppProviders language="en">
        <RouterProvider router={router} />
      </AppProviders>,
    );
    fireEvent.change(screen.getByLabelText('Work email'), { target: { value: 'an@example.com' } });
    fireEvent.change(screen.getByLabelText('Invitation code'), { target: { value: 'ABCD-1234' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'a long passphrase' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), {
      target: { value: 'a long passphrase' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Activate my account' }));

    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeTruthy();
    expect(screen.getByText('The mobile enrollment session expires in 5 minutes.')).toBeTruthy();
    expect(screen.getByText(/JBSWY3DPEHPK3PXP/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Finish activation' }));
    expect(await screen.findByText('Your account is active. Please login.')).toBeTruthy();
  });
});
