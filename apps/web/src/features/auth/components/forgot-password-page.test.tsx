import { ok } from '@fieldforce/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { configureApiClient } from '../../../lib/api-client';
import { envelopeResponse } from '../../../test/session';
import { ForgotPasswordPage } from './forgot-password-page';

function toBase64(bytes: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)));
}

describe('forgot password page', () => {
  it('requests a code, then sends the new password RSA-OAEP encrypted with the published key', async () => {
    const pair = await crypto.subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['encrypt', 'decrypt'],
    );
    const spki = toBase64(await crypto.subtle.exportKey('spki', pair.publicKey));
    const bodies: Record<string, unknown> = {};
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      if (typeof init.body === 'string') bodies[url.split('?')[0]!] = JSON.parse(init.body);
      if (url.includes('publicKey'))
        return envelopeResponse(200, ok({ kid: 'k', algorithm: 'RSA-OAEP-256', spki, jwk: {} }));
      if (url.includes('forgotPassword/code')) return envelopeResponse(200, ok({ message: 'sent' }));
      return envelopeResponse(200, ok({ status: true, message: 'changed' }));
    });
    configureApiClient({ fetch: fetchMock as unknown as typeof fetch, sleep: async () => {} });
    const router = createMemoryRouter([{ path: '/forgotpassword', element: <ForgotPasswordPage /> }], {
      initialEntries: ['/forgotpassword'],
    });
    render(
      <AppProviders language="en">
        <RouterProvider router={router} />
      </AppProviders>,
    );

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'an@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Email me a code' }));
    fireEvent.change(await screen.findByLabelText('Code from the email'), { target: { value: '123456' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'short' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect(screen.getByText('Use at least 8 characters.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'a long passphrase' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), {
      target: { value: 'a long passphrase' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sign me out on every device' }));
    fireEvent.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect(
      await screen.findByText('Your password has been changed. Please login with the new password.'),
    ).toBeTruthy();

    const sent = bodies['/api/sessions/v1/forgotPassword'] as Record<string, unknown>;
    expect(sent).toMatchObject({ username: 'an@example.com', code: '123456', signOutEverywhere: false });
    expect(JSON.stringify(sent)).not.toContain('a long passphrase');
    const cipher = Uint8Array.from(atob(String(sent.encryptedPassword)), (c) => c.charCodeAt(0));
    const plain = await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, pair.privateKey, cipher);
    expect(new TextDecoder().decode(plain)).toBe('a long passphrase');
  });
});
